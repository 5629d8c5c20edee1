import type { LucideIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A quiet action at the foot of a request card ('Block', 'Report'): a small muted button with its icon. It
 * passes on what a dialog's trigger gives it (the ref and the handlers), so the dialog can open from it.
 */
export function QuietCardAction({
  icon: Icon,
  label,
  ...props
}: { icon: LucideIcon; label: string } & ComponentProps<typeof Button>) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="text-muted-foreground justify-self-start"
      {...props}
    >
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );
}
