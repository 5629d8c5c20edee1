import { formatDateRange } from '@shared/profile-format';
import { GraduationCap } from 'lucide-react';
import { useEducation } from '../api/get-education';
import { useDeleteEducation } from '../api/delete-education';
import { useSaveEducation } from '../api/save-education';
import { EditListSection } from './edit-list-section';
import { EducationForm } from './education-form';
import { sortEducation } from '../utils/sort-profile';

export function EducationSection() {
  return (
    <EditListSection
      title="Education"
      description="Schools, degrees and what you studied, most recent first."
      icon={<GraduationCap />}
      query={useEducation()}
      sort={sortEducation}
      save={useSaveEducation()}
      remove={useDeleteEducation()}
      texts={{ saved: 'Your education has been saved.', deleted: 'Education deleted successfully.' }}
      card={(item) => ({
        title: item.instituteName,
        subtitle: [item.degree, item.major].filter(Boolean).join(', '),
        dates: formatDateRange(item.startDate, item.endDate, item.currentlyStudying),
        description: item.description,
        itemName: `${item.degree} at ${item.instituteName}`,
      })}
      renderForm={({ item, ...form }) => <EducationForm education={item} {...form} />}
    />
  );
}
