import { zodResolver } from '@hookform/resolvers/zod';
import { ExperienceInputSchema, type Experience } from '@shared/profile';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Input } from '@/components/ui/input';
import { DateRangeFields } from './date-range-fields';
import { FormField, invalidProps } from '@/components/form-field';
import { ProfileItemForm } from './profile-item-form';

type ExperienceFormInput = z.input<typeof ExperienceInputSchema>;
export type ExperienceFormValues = z.output<typeof ExperienceInputSchema>;

/** The experience form (docs/product.md, Validation); validation messages come from the shared schema. */
export function ExperienceForm({
  experience,
  order,
  saving,
  onSave,
}: {
  experience?: Experience;
  /** Position of a new item in the list; an edited item keeps its own. */
  order: number;
  saving: boolean;
  onSave: (values: ExperienceFormValues) => void;
}) {
  const id = useId();
  const ids = {
    company: `${id}-company`,
    title: `${id}-title`,
  };
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<ExperienceFormInput, unknown, ExperienceFormValues>({
    resolver: zodResolver(ExperienceInputSchema),
    defaultValues: {
      companyName: experience?.companyName ?? '',
      jobTitle: experience?.jobTitle ?? '',
      startDate: experience?.startDate ?? '',
      endDate: experience?.endDate ?? '',
      currentlyWorking: experience?.currentlyWorking ?? false,
      description: experience?.description ?? '',
      order: experience?.order ?? order,
    },
  });

  return (
    <ProfileItemForm
      id={id}
      label={experience ? 'Edit experience' : 'Add experience'}
      onSubmit={handleSubmit(onSave)}
      description={{
        field: register('description'),
        error: errors.description?.message,
      }}
      saving={saving}
      saveLabel="Save Experience"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={ids.company} label="Company name" error={errors.companyName?.message}>
          <Input
            id={ids.company}
            autoComplete="organization"
            placeholder="e.g. Stripe"
            {...register('companyName')}
            {...invalidProps(ids.company, errors.companyName?.message)}
          />
        </FormField>
        <FormField id={ids.title} label="Job title" error={errors.jobTitle?.message}>
          <Input
            id={ids.title}
            autoComplete="organization-title"
            placeholder="e.g. Software Engineer"
            {...register('jobTitle')}
            {...invalidProps(ids.title, errors.jobTitle?.message)}
          />
        </FormField>
        <DateRangeFields
          id={id}
          control={control}
          names={{ start: 'startDate', end: 'endDate', current: 'currentlyWorking' }}
          errors={{ start: errors.startDate?.message, end: errors.endDate?.message }}
          currentLabel="I currently work here"
        />
      </div>
    </ProfileItemForm>
  );
}
