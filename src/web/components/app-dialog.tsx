import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';

const keepOpen = (event: Event) => event.preventDefault();

/**
 * The app's dialogs: an optional header (icon, title, description), the body, an optional footer. A
 * `blocking` dialog has no close button and ignores Escape and outside clicks (spec: the company prompt).
 */
export function AppDialog({
  open,
  onOpenChange,
  blocking = false,
  showCloseButton = !blocking,
  icon,
  title,
  description,
  footer,
  className,
  trigger,
  children,
}: {
  open: boolean;
  onOpenChange?: (open: boolean) => void;
  blocking?: boolean;
  showCloseButton?: boolean;
  icon?: ReactNode;
  title?: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
  className?: string;
  /** The button that opens the dialog: it gets the focus back when the dialog closes. */
  trigger?: ReactNode;
  children?: ReactNode;
}) {
  const lock = blocking
    ? { onPointerDownOutside: keepOpen, onInteractOutside: keepOpen, onEscapeKeyDown: keepOpen }
    : {};
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent showCloseButton={showCloseButton} className={className} {...lock}>
        {title !== undefined && (
          <DialogHeader>
            {icon && (
              <div className="bg-primary/10 text-primary mb-1 flex size-11 items-center justify-center rounded-full">
                {icon}
              </div>
            )}
            <DialogTitle>{title}</DialogTitle>
            {description !== undefined && <DialogDescription>{description}</DialogDescription>}
          </DialogHeader>
        )}
        {children}
        {footer && <DialogFooter>{footer}</DialogFooter>}
      </DialogContent>
    </Dialog>
  );
}

/** A footer button that closes the dialog: 'Cancel' (outline) unless told otherwise. */
export function DialogCloseButton({
  children = 'Cancel',
  variant = 'outline',
}: {
  children?: ReactNode;
  variant?: 'outline' | 'default';
}) {
  return (
    <DialogClose asChild>
      <Button variant={variant}>{children}</Button>
    </DialogClose>
  );
}
