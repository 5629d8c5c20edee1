import { zodResolver } from '@hookform/resolvers/zod';
import { EducationInputSchema, type Education } from '@shared/profile';
import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { DescriptionField } from './description-field';
import { EditFormField, errorIdOf, invalidProps } from './edit-form-field';
import { MonthYearPicker } from './month-year-picker';

type EducationFormInput = z.input<typeof EducationInputSchema>;
export type EducationFormValues = z.output<typeof EducationInputSchema>;

/** Spec section 5's education form: institution, degree and major required; dates and description optional. */
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
    start: `${id}-start`,
    end: `${id}-end`,
    description: `${id}-description`,
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

  const dateField = (name: 'startDate' | 'endDate', fieldId: string, label: string) => (
    <EditFormField id={fieldId} label={`${label} date`} optional error={errors[name]?.message}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <MonthYearPicker
            id={fieldId}
            label={label}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            invalid={Boolean(errors[name])}
            describedBy={errors[name] ? errorIdOf(fieldId) : undefined}
          />
        )}
      />
    </EditFormField>
  );

  return (
    <form
      noValidate
      aria-label={education ? 'Edit education' : 'Add education'}
      onSubmit={handleSubmit(onSave)}
      className="grid gap-5"
    >
      <EditFormField id={ids.institute} label="Institution name" error={errors.instituteName?.message}>
        <Input
          id={ids.institute}
          placeholder="e.g. University of Washington"
          {...register('instituteName')}
          {...invalidProps(ids.institute, errors.instituteName?.message)}
        />
      </EditFormField>
      <div className="grid gap-5 sm:grid-cols-2">
        <EditFormField id={ids.degree} label="Degree" error={errors.degree?.message}>
          <Input
            id={ids.degree}
            placeholder="e.g. Bachelor of Science"
            {...register('degree')}
            {...invalidProps(ids.degree, errors.degree?.message)}
          />
        </EditFormField>
        <EditFormField id={ids.major} label="Major" error={errors.major?.message}>
          <Input
            id={ids.major}
            placeholder="e.g. Computer Science"
            {...register('major')}
            {...invalidProps(ids.major, errors.major?.message)}
          />
        </EditFormField>
        {dateField('startDate', ids.start, 'Start')}
        {dateField('endDate', ids.end, 'End')}
      </div>

      <EditFormField id={ids.description} label="Description" optional error={errors.description?.message}>
        <DescriptionField
          id={ids.description}
          placeholder="Honours, activities, coursework. Start a line with * or - for bullet points"
          {...register('description')}
          {...invalidProps(ids.description, errors.description?.message)}
        />
      </EditFormField>

      <div className="flex justify-end">
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          {saving && <Loader2 className="animate-spin" aria-hidden="true" />}
          {saving ? 'Saving...' : 'Save Education'}
        </Button>
      </div>
    </form>
  );
}
