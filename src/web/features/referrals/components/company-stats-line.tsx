import { companyStatsSentence } from '@shared/company-stats';
import { Clock } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useCompanyStats } from '../api/get-company-stats';

/**
 * How the company's referrers answer ('Referrers at Stripe answer 8 in 10 requests, usually within 2
 * days'), or how many there are; nothing while loading, on failure, or with nothing to say.
 */
export function CompanyStatsLine({
  companyId,
  companyName,
  className,
}: {
  companyId: number | null;
  companyName: string;
  className?: string;
}) {
  const stats = useCompanyStats(companyId);
  const sentence = stats.data ? companyStatsSentence(companyName, stats.data) : null;
  if (!sentence) return null;
  return (
    <p
      data-testid="company-stats"
      className={cn('text-muted-foreground flex items-center gap-1.5 text-xs', className)}
    >
      <Clock className="size-3.5 shrink-0" aria-hidden="true" />
      {sentence}
    </p>
  );
}
