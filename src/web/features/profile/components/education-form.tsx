import { zodResolver } from '@hookform/resolvers/zod';
import { EducationInputSchema, type Education } from '@shared/profile';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Input } from '@/components/ui/input';
import { DateRangeFields } from './date-range-fields';
import { FormField, invalidProps } from '@/components/form-field';
import { ProfileItemForm } from './profile-item-form';

type EducationFormInput = z.input<typeof EducationInputSchema>;
export type EducationFormValues = z.output<typeof EducationInputSchema>;

/** The education form (docs/product.md, Validation): institution, degree and major required; dates and description optional. */
export function EducationForm({
  education,
  order,
  saving,
  onSave,
}: {
  education?: Education;
  order: number;
  saving: boolean;
  onSave: (values: EducationFormValues) => void;
}) {
  const id = useId();
  const ids = {
    institute: `${id}-institute`,
    degree: `${id}-degree`,
    major: `${id}-major`,
  };
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<EducationFormInput, unknown, EducationFormValues>({
    resolver: zodResolver(EducationInputSchema),
    defaultValues: {
      instituteName: education?.instituteName ?? '',
      degree: education?.degree ?? '',
      major: education?.major ?? '',
      startDate: education?.startDate ?? '',
      endDate: education?.endDate ?? '',
      currentlyStudying: education?.currentlyStudying ?? false,
      description: education?.description ?? '',
      order: education?.order ?? order,
    },
  });

  return (
    <ProfileItemForm
      id={id}
      label={education ? 'Edit education' : 'Add education'}
      onSubmit={handleSubmit(onSave)}
      description={{
        field: register('description'),
        error: errors.description?.message,
        placeholder: 'Honours, activities, coursework. Start a line with * or - for bullet points',
      }}
      saving={saving}
      saveLabel="Save Education"
    >
      <FormField id={ids.institute} label="Institution name" error={errors.instituteName?.message}>
        <Input
          id={ids.institute}
          placeholder="e.g. University of Washington"
          {...register('instituteName')}
          {...invalidProps(ids.institute, errors.instituteName?.message)}
        />
      </FormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={ids.degree} label="Degree" error={errors.degree?.message}>
          <Input
            id={ids.degree}
            placeholder="e.g. Bachelor of Science"
            {...register('degree')}
            {...invalidProps(ids.degree, errors.degree?.message)}
          />
        </FormField>
        <FormField id={ids.major} label="Major" error={errors.major?.message}>
          <Input
            id={ids.major}
            placeholder="e.g. Computer Science"
            {...register('major')}
            {...invalidProps(ids.major, errors.major?.message)}
          />
        </FormField>
        <DateRangeFields
          id={id}
          control={control}
          names={{ start: 'startDate', end: 'endDate' }}
          errors={{ start: errors.startDate?.message, end: errors.endDate?.message }}
          startOptional
        />
      </div>
    </ProfileItemForm>
  );
}
