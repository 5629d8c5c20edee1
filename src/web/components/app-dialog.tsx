import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { MAIN_CONTENT_ID } from '@/components/main-landmark';
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
 * `blocking` dialog has no close button and ignores Escape and outside clicks (docs/product.md, The company question).
 *
 * Closed, it gives the focus back to what opened it. Radix does that for its own `trigger`; a dialog
 * opened from code gives it to the element that had the focus as it opened; where that has gone from the
 * page, and the page put the focus nowhere else, to the main content. A keyboard user goes on from where
 * they were (issue 46 item 9).
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
  const opener = useRef<HTMLElement | null>(null);
  const hasTrigger = trigger !== undefined;
  // Before the dialog's focus scope moves the focus in (its effects run after this layout effect).
  useLayoutEffect(() => {
    if (!open || hasTrigger) return;
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
  }, [open, hasTrigger]);
  const giveFocusBack = (event: Event) => {
    if (hasTrigger) return;
    event.preventDefault();
    if (opener.current?.isConnected) {
      opener.current.focus({ preventScroll: true });
      return;
    }
    // The opener went with what the dialog did (a card that moved): where the page put the focus stands.
    const active = document.activeElement;
    if (active && active !== document.body) return;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  };
  const lock = blocking
    ? { onPointerDownOutside: keepOpen, onInteractOutside: keepOpen, onEscapeKeyDown: keepOpen }
    : {};
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent
        showCloseButton={showCloseButton}
        className={className}
        onCloseAutoFocus={giveFocusBack}
        {...lock}
      >
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
