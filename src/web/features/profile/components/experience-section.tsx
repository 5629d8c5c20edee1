import { formatDateRange } from '@shared/profile-format';
import { Briefcase } from 'lucide-react';
import { useExperiences } from '../api/get-experiences';
import { useDeleteExperience } from '../api/delete-experience';
import { useSaveExperience } from '../api/save-experience';
import { EditListSection } from './edit-list-section';
import { ExperienceForm } from './experience-form';
import { sortExperiences } from '../utils/sort-profile';

export function ExperienceSection() {
  return (
    <EditListSection
      title="Work Experience"
      description="Your roles, current job first. Referrers look here before vouching for you."
      icon={<Briefcase />}
      query={useExperiences()}
      sort={sortExperiences}
      save={useSaveExperience()}
      remove={useDeleteExperience()}
      texts={{ saved: 'Your experience has been saved.', deleted: 'Experience deleted successfully.' }}
      card={(item) => ({
        title: item.jobTitle,
        subtitle: item.companyName,
        dates: formatDateRange(item.startDate, item.endDate, item.currentlyWorking),
        current: item.currentlyWorking,
        description: item.description,
        itemName: `${item.jobTitle} at ${item.companyName}`,
      })}
      renderForm={({ item, ...form }) => <ExperienceForm experience={item} {...form} />}
    />
  );
}
