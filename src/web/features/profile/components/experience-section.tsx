import { formatDateRange } from '@shared/profile-format';
import { Briefcase } from 'lucide-react';
import { toast } from '@/components/ui/use-toast';
import { useExperiences } from '../api/get-experiences';
import { useDeleteExperience } from '../api/delete-experience';
import { useSaveExperience } from '../api/save-experience';
import { EditItemCard } from './edit-item-card';
import { EditListSection } from './edit-list-section';
import { ExperienceForm } from './experience-form';
import { sortExperiences } from '../utils/sort-profile';

export function ExperienceSection() {
  const query = useExperiences();
  const save = useSaveExperience();
  const remove = useDeleteExperience();

  return (
    <EditListSection
      title="Work Experience"
      description="Your roles, current job first. Referrers look here before vouching for you."
      icon={<Briefcase />}
      query={query}
      sort={sortExperiences}
      renderItem={(item, startEditing) => (
        <EditItemCard
          title={item.jobTitle}
          subtitle={item.companyName}
          dates={formatDateRange(item.startDate, item.endDate, item.currentlyWorking)}
          current={item.currentlyWorking}
          description={item.description}
          itemName={`${item.jobTitle} at ${item.companyName}`}
          onEdit={startEditing}
          deleting={remove.isPending && remove.variables === item.id}
          onDelete={() =>
            remove.mutate(item.id, {
              onSuccess: () => toast({ title: 'Success', description: 'Experience deleted successfully.' }),
            })
          }
        />
      )}
      renderForm={({ item, order, done }) => (
        <ExperienceForm
          experience={item}
          order={order}
          saving={save.isPending}
          onSave={(values) =>
            save.mutate(
              { ...values, id: item?.id },
              {
                onSuccess: () => {
                  toast({ title: 'Success', description: 'Your experience has been saved.' });
                  done();
                },
              },
            )
          }
        />
      )}
    />
  );
}
