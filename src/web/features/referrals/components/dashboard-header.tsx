import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/paths';

/** The title block the referrer dashboard variants share. */
export function DashboardHeader({
  title,
  text,
  children,
}: {
  title: string;
  text: string;
  children?: ReactNode;
}) {
  return (
    <>
      <Button asChild variant="ghost" size="sm" className="-ml-3 mb-4">
        <Link to={paths.dashboard}>
          <ArrowLeft aria-hidden="true" />
          Back to Dashboard
        </Link>
      </Button>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground mt-1">{text}</p>
        </div>
        {children}
      </header>
    </>
  );
}
