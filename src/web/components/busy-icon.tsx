import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A button's icon: the spinner while its action runs, otherwise `idle` (nothing when none is given). */
export function BusyIcon({
  busy,
  idle = null,
  className,
}: {
  busy: boolean;
  idle?: ReactNode;
  className?: string;
}) {
  return busy ? <Loader2 className={cn(className, 'animate-spin')} aria-hidden="true" /> : idle;
}
