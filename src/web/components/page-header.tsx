import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { paths } from '@/paths';

/**
 * The top of a signed-in page: 'Back to Dashboard', the page's title (its h1) and a sentence under it.
 * `actions` stand at the title's right; `links` stand beside 'Back to Dashboard', and with them that row
 * is a navigation landmark named `linksLabel`.
 */
export function PageHeader({
  title,
  text,
  actions,
  links,
  linksLabel,
  back = true,
}: {
  title: string;
  text: ReactNode;
  actions?: ReactNode;
  links?: ReactNode;
  linksLabel?: string;
  /** 'Back to Dashboard' above the title; a page a visitor sees has no dashboard to go back to. */
  back?: boolean;
}) {
  return (
    <>
      {!back ? null : links ? (
        <nav aria-label={linksLabel} className="mb-4 flex flex-wrap gap-2">
          <BackToDashboard />
          {links}
        </nav>
      ) : (
        <BackToDashboard className="mb-4" />
      )}
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground mt-1">{text}</p>
        </div>
        {actions}
      </header>
    </>
  );
}

function BackToDashboard({ className }: { className?: string }) {
  return (
    <Button asChild variant="ghost" size="sm" className={cn('-ml-3', className)}>
      <Link to={paths.dashboard}>
        <ArrowLeft aria-hidden="true" />
        Back to Dashboard
      </Link>
    </Button>
  );
}
