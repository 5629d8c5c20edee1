import { zodResolver } from '@hookform/resolvers/zod';
import { ExperienceInputSchema, type Experience } from '@shared/profile';
import { Loader2 } from 'lucide-react';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { DescriptionField } from './description-field';
import { EditFormField, errorIdOf, invalidProps } from './edit-form-field';
import { MonthYearPicker } from './month-year-picker';

type ExperienceFormInput = z.input<typeof ExperienceInputSchema>;
export type ExperienceFormValues = z.output<typeof ExperienceInputSchema>;

/** Spec section 5's experience form; validation messages come from the shared schema. */
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
    start: `${id}-start`,
    end: `${id}-end`,
    current: `${id}-current`,
    description: `${id}-description`,
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
  const current = useWatch({ control, name: 'currentlyWorking' }) ?? false;

  return (
    <form
      noValidate
      aria-label={experience ? 'Edit experience' : 'Add experience'}
      onSubmit={handleSubmit(onSave)}
      className="grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <EditFormField id={ids.company} label="Company name" error={errors.companyName?.message}>
          <Input
            id={ids.company}
            autoComplete="organization"
            placeholder="e.g. Stripe"
            {...register('companyName')}
            {...invalidProps(ids.company, errors.companyName?.message)}
          />
        </EditFormField>
        <EditFormField id={ids.title} label="Job title" error={errors.jobTitle?.message}>
          <Input
            id={ids.title}
            autoComplete="organization-title"
            placeholder="e.g. Software Engineer"
            {...register('jobTitle')}
            {...invalidProps(ids.title, errors.jobTitle?.message)}
          />
        </EditFormField>
        <EditFormField id={ids.start} label="Start date" error={errors.startDate?.message}>
          <Controller
            control={control}
            name="startDate"
            render={({ field }) => (
              <MonthYearPicker
                id={ids.start}
                label="Start"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                invalid={Boolean(errors.startDate)}
                describedBy={errors.startDate ? errorIdOf(ids.start) : undefined}
              />
            )}
          />
        </EditFormField>
        <EditFormField
          id={ids.end}
          label="End date"
          optional={!current}
          error={current ? undefined : errors.endDate?.message}
        >
          <Controller
            control={control}
            name="endDate"
            render={({ field }) => (
              <MonthYearPicker
                id={ids.end}
                label="End"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                present={current}
                invalid={!current && Boolean(errors.endDate)}
                describedBy={!current && errors.endDate ? errorIdOf(ids.end) : undefined}
              />
            )}
          />
        </EditFormField>
      </div>

      <Controller
        control={control}
        name="currentlyWorking"
        render={({ field }) => (
          <div className="flex items-center gap-2">
            <Checkbox
              id={ids.current}
              checked={field.value ?? false}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
            <Label htmlFor={ids.current} className="font-normal">
              I currently work here
            </Label>
          </div>
        )}
      />

      <EditFormField id={ids.description} label="Description" optional error={errors.description?.message}>
        <DescriptionField
          id={ids.description}
          {...register('description')}
          {...invalidProps(ids.description, errors.description?.message)}
        />
      </EditFormField>

      <div className="flex justify-end">
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          {saving && <Loader2 className="animate-spin" aria-hidden="true" />}
          {saving ? 'Saving...' : 'Save Experience'}
        </Button>
      </div>
    </form>
  );
}
