import type { FormEventHandler, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DescriptionField } from './description-field';
import { FormField, invalidProps } from '@/components/form-field';
import { BusyIcon } from '@/components/busy-icon';

/** What the experience and education forms share: the form, the description box and the save button. */
export function ProfileItemForm({
  id,
  label,
  onSubmit,
  description,
  saving,
  saveLabel,
  children,
}: {
  id: string;
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  description: { field: UseFormRegisterReturn; error?: string; placeholder?: string };
  saving: boolean;
  saveLabel: string;
  children: ReactNode;
}) {
  const descriptionId = `${id}-description`;
  return (
    <form noValidate aria-label={label} onSubmit={onSubmit} className="grid gap-5">
      {children}

      <FormField id={descriptionId} label="Description" optional error={description.error}>
        <DescriptionField
          id={descriptionId}
          {...(description.placeholder ? { placeholder: description.placeholder } : {})}
          {...description.field}
          {...invalidProps(descriptionId, description.error)}
        />
      </FormField>

      <div className="flex justify-end">
        <Button type="submit" disabled={saving} className="w-full sm:w-auto">
          <BusyIcon busy={saving} />
          {saving ? 'Saving...' : saveLabel}
        </Button>
      </div>
    </form>
  );
}
