import type { FormEvent, ReactNode } from 'react';
import { DialogFooter } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';

/**
 * A dialog's one-question form: what to say first (`intro`), the label and its field (`children`, whose id
 * is `fieldId`), the alert that says what went wrong, and the dialog's buttons (`actions`).
 */
export function DialogForm({
  fieldId,
  label,
  error,
  intro,
  actions,
  onSubmit,
  children,
}: {
  fieldId: string;
  label: ReactNode;
  error: string | null;
  intro?: ReactNode;
  actions: ReactNode;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className="grid gap-3" onSubmit={onSubmit}>
      {intro}
      <Label htmlFor={fieldId}>{label}</Label>
      {children}
      {error && (
        <p className="text-destructive text-sm" role="alert">
          {error}
        </p>
      )}
      <DialogFooter>{actions}</DialogFooter>
    </form>
  );
}
