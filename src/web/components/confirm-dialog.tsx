import { Loader2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { AppDialog, DialogCloseButton } from '@/components/app-dialog';
import { Button } from '@/components/ui/button';

/**
 * A destructive action behind its trigger and a confirmation: the dialog says what will happen (and may ask
 * more in `children`); its footer is Cancel and the action, which spins while it runs. `onConfirm` gets
 * `close`, to call once the action has succeeded.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  pending,
  disabled = false,
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
  onConfirm: (close: () => void) => void;
  confirmTestId?: string;
  children?: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <AppDialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={description}
      trigger={trigger}
      footer={
        <>
          <DialogCloseButton />
          <Button
            type="button"
            variant="destructive"
            disabled={pending || disabled}
            onClick={() => onConfirm(() => setOpen(false))}
            data-testid={confirmTestId}
          >
            {pending && <Loader2 className="animate-spin" aria-hidden="true" />}
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </AppDialog>
  );
}
