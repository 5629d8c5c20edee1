import { AppDialog, DialogCloseButton } from '@/components/app-dialog';
import { Button } from '@/components/ui/button';

/** The confirmation (docs/product.md, Screens) before a notification is deleted for good. */
export function DeleteNotificationDialog({
  open,
  onOpenChange,
  onConfirm,
  deleting,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  deleting: boolean;
}) {
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      showCloseButton={false}
      className="sm:max-w-md"
      title="Delete Notification"
      description="Are you sure you want to delete this notification? This action cannot be undone."
      footer={
        <>
          <DialogCloseButton />
          <Button variant="destructive" onClick={onConfirm} disabled={deleting}>
            Delete
          </Button>
        </>
      }
    />
  );
}
