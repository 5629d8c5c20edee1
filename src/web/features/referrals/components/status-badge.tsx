import { statusLabel } from '@shared/referral-status';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';

const STYLE: Record<string, string> = {
  Pending: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  Accepted: 'bg-blue-100 text-blue-900 dark:bg-blue-900/40 dark:text-blue-100',
  'Changes requested': 'bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100',
  Declined: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  Submitted: 'bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100',
  Successful: 'bg-green-100 text-green-900 dark:bg-green-900/40 dark:text-green-100',
  Unsuccessful: 'bg-slate-200 text-slate-900 dark:bg-slate-800 dark:text-slate-100',
  Expired: 'bg-stone-200 text-stone-900 dark:bg-stone-800 dark:text-stone-100',
  Withdrawn: 'bg-stone-200 text-stone-900 dark:bg-stone-800 dark:text-stone-100',
  'Passed on': 'bg-stone-200 text-stone-900 dark:bg-stone-800 dark:text-stone-100',
  'Posting closed': 'bg-stone-200 text-stone-900 dark:bg-stone-800 dark:text-stone-100',
  'Awaiting review': 'bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100',
  Rejected: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
};

export function StatusBadge({ status }: { status: string }) {
  const label = statusLabel(status);
  return (
    <Badge variant="outline" className={cn('border-transparent', STYLE[label])}>
      {label}
    </Badge>
  );
}
