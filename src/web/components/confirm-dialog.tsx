import { useState, type ReactNode } from 'react';
import { AppDialog, DialogCloseButton } from '@/components/app-dialog';
import { Button } from '@/components/ui/button';
import { BusyIcon } from '@/components/busy-icon';

/**
 * An action behind its trigger and a confirmation: the dialog says what will happen (and may ask more in
 * `children`); its footer is Cancel and the action (destructive unless told), which spins while it runs. `onConfirm` gets
 * `close`, to call once the action has succeeded.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  pending,
  disabled = false,
  destructive = true,
  onOpen,
  onConfirm,
  confirmTestId,
  children,
}: {
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: ReactNode;
  pending: boolean;
  disabled?: boolean;
  destructive?: boolean;
  /** Each time the dialog opens (a form in it starts afresh). */
  onOpen?: () => void;
  onConfirm: (close: () => void) => void;
  confirmTestId?: string;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <AppDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) onOpen?.();
      }}
      title={title}
      description={description}
      trigger={trigger}
      footer={
        <ConfirmActions
          label={confirmLabel}
          pending={pending}
          disabled={disabled}
          destructive={destructive}
          onConfirm={() => onConfirm(() => setOpen(false))}
          testId={confirmTestId}
        />
      }
    >
      {children}
    </AppDialog>
  );
}

/** A confirming dialog's footer: Cancel, and the action (destructive unless told), which spins while it runs. */
function ConfirmActions({
  label,
  pending,
  disabled = false,
  destructive = true,
  onConfirm,
  testId,
}: {
  label: ReactNode;
  pending: boolean;
  disabled?: boolean;
  destructive?: boolean;
  onConfirm: () => void;
  testId?: string;
}) {
  return (
    <>
      <DialogCloseButton />
      <Button
        type="button"
        variant={destructive ? 'destructive' : 'default'}
        disabled={pending || disabled}
        onClick={onConfirm}
        data-testid={testId}
      >
        <BusyIcon busy={pending} />
        {label}
      </Button>
    </>
  );
}
