import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function QuickActionCard({
  to,
  icon,
  title,
  description,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  description: string;
}) {
  return (
    <Link
      to={to}
      className="group bg-card hover:border-primary/40 focus-visible:ring-ring/50 flex flex-col gap-3 rounded-xl border p-6 shadow-sm transition hover:shadow-md focus-visible:ring-[3px] focus-visible:outline-none"
    >
      <span className="bg-primary/10 text-primary flex size-10 items-center justify-center rounded-lg [&_svg]:size-5">
        {icon}
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="text-muted-foreground text-sm">{description}</p>
      <span className="text-primary mt-auto inline-flex items-center gap-1 text-sm font-medium">
        Get started{' '}
        <ArrowRight className="size-4 transition group-hover:translate-x-0.5" aria-hidden="true" />
      </span>
    </Link>
  );
}
