import { useId, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormField } from '@/components/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiRequestError } from '@/lib/api-error';

/**
 * The console's one form: a button that opens a dialog asking for a text (a reason, a note, a list), then
 * confirms (a ConfirmDialog whose fields start afresh at each opening). `onConfirm` answers null when it worked and the dialog closes; else its sentence shows under
 * the field, with what was typed kept. `preview` shows, under the field, what confirming would do with
 * what is typed so far.
 */
export function TextDialog({
  trigger,
  title,
  description,
  label,
  hint,
  initial = '',
  required = false,
  confirm,
  destructive = false,
  preview,
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  label: string;
  hint?: string;
  initial?: string;
  required?: boolean;
  confirm: string;
  destructive?: boolean;
  preview?: (text: string) => ReactNode;
  onConfirm: (text: string) => Promise<string | null>;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (close: () => void) => {
    if (required && text.trim() === '') {
      setMissing(true);
      return;
    }
    setBusy(true);
    const refused = await onConfirm(text).finally(() => setBusy(false));
    setFailure(refused);
    if (refused === null) close();
  };
  return (
    <ConfirmDialog
      trigger={trigger}
      title={title}
      description={description}
      confirmLabel={confirm}
      pending={busy}
      destructive={destructive}
      onOpen={() => {
        setText(initial);
        setMissing(false);
        setFailure(null);
      }}
      onConfirm={(close) => void submit(close)}
    >
      <FormField
        id={id}
        label={label}
        optional={!required}
        error={missing ? `${label} is needed.` : (failure ?? undefined)}
        hint={hint && <p className="text-muted-foreground text-xs">{hint}</p>}
      >
        <Textarea id={id} value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={1000} />
      </FormField>
      {preview?.(text)}
    </ConfirmDialog>
  );
}

/** Runs a dialog's mutation: null when it worked, else the server's sentence. */
export const succeeded = (run: () => Promise<unknown>): Promise<string | null> =>
  run().then(
    () => null,
    (error: unknown) =>
      (error instanceof ApiRequestError ? error.serverMessage : undefined) ??
      'Something went wrong. Please try again.',
  );
