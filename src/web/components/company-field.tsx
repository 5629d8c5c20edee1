import { suggestEmployers } from '@shared/employers';
import { useId } from 'react';
import { CompanyCombobox } from '@/components/company-combobox';
import { Label } from '@/components/ui/label';

/**
 * 'Where do you work?': the company combobox with employer suggestions, its label, and the alert that
 * says what is wrong with the answer. The caller lays the three out (they are siblings, no box of their own)
 * and owns the value, the saving and the message.
 */
export function CompanyField({
  value,
  onChange,
  onEnter,
  disabled,
  message,
  labelClassName,
}: {
  value: string;
  onChange: (value: string) => void;
  onEnter: () => void;
  disabled: boolean;
  /** The sentence to show under the field; the field is marked invalid while there is one. */
  message: string | null;
  labelClassName?: string;
}) {
  const ids = { input: useId(), error: useId() };
  return (
    <>
      <Label htmlFor={ids.input} className={labelClassName}>
        Where do you work?
      </Label>
      <CompanyCombobox
        id={ids.input}
        value={value}
        onChange={onChange}
        suggest={suggestEmployers}
        onEnter={onEnter}
        placeholder="Start typing your company name"
        disabled={disabled}
        invalid={message !== null}
        describedBy={message ? ids.error : undefined}
      />
      {message && (
        <p id={ids.error} role="alert" className="text-destructive text-sm">
          {message}
        </p>
      )}
    </>
  );
}
