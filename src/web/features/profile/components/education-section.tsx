import { formatDateRange } from '@shared/profile-format';
import { GraduationCap } from 'lucide-react';
import { toast } from '@/components/ui/use-toast';
import { useEducation } from '../api/get-education';
import { useDeleteEducation } from '../api/delete-education';
import { useSaveEducation } from '../api/save-education';
import { EditItemCard } from './edit-item-card';
import { EditListSection } from './edit-list-section';
import { EducationForm } from './education-form';
import { sortEducation } from '../utils/sort-profile';

export function EducationSection() {
  const query = useEducation();
  const save = useSaveEducation();
  const remove = useDeleteEducation();

  return (
    <EditListSection
      title="Education"
      description="Schools, degrees and what you studied, most recent first."
      icon={<GraduationCap />}
      query={query}
      sort={sortEducation}
      renderItem={(item, startEditing) => (
        <EditItemCard
          title={item.instituteName}
          subtitle={[item.degree, item.major].filter(Boolean).join(', ')}
          dates={formatDateRange(item.startDate, item.endDate, item.currentlyStudying)}
          description={item.description}
          itemName={`${item.degree} at ${item.instituteName}`}
          onEdit={startEditing}
          deleting={remove.isPending && remove.variables === item.id}
          onDelete={() =>
            remove.mutate(item.id, {
              onSuccess: () => toast({ title: 'Success', description: 'Education deleted successfully.' }),
            })
          }
        />
      )}
      renderForm={({ item, order, done }) => (
        <EducationForm
          education={item}
          order={order}
          saving={save.isPending}
          onSave={(values) =>
            save.mutate(
              { ...values, id: item?.id },
              {
                onSuccess: () => {
                  toast({ title: 'Success', description: 'Your education has been saved.' });
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
