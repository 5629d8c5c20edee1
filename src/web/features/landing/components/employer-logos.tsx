import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { FIXED_COMPANIES } from '@shared/fixed-companies';
import { cn } from '@/lib/utils';
import { paths } from '@/paths';

/**
 * Employer tiles for the landing page: each company's name set as plain type, all in the same face, weight
 * and colour. Nothing here imitates a company's logo, colours or lettering (see docs/decisions/016-blog-content.md).
 */

/** The company's initial in a neutral square: a stand-in where a small picture of the employer fits. */
export function EmployerMonogram({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-lg bg-foreground/80 text-sm font-semibold text-background',
        className,
      )}
    >
      {name.charAt(0).toUpperCase()}
    </span>
  );
}

/** The first eleven fixed employers, in seed order, followed by the twelfth 'More' tile. */
export const LANDING_EMPLOYERS = FIXED_COMPANIES.slice(0, 11);

const tileClass = 'flex h-20 items-center justify-center rounded-xl border bg-card px-3 shadow-xs';

export function EmployerTiles({ labelledBy }: { labelledBy?: string }) {
  return (
    <ul
      aria-labelledby={labelledBy}
      className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-6"
    >
      {LANDING_EMPLOYERS.map((company) => (
        <li key={company.id} className={tileClass}>
          <span className="text-center text-base font-semibold tracking-tight text-foreground/75 sm:text-lg">
            {company.name}
          </span>
        </li>
      ))}
      <li className="flex">
        {/* Any employer can be asked: the request form takes a job link at any company, after sign-up. */}
        {/* Named by what it shows, then what it does: a voice user says the words they see (WCAG 2.5.3). */}
        <Link
          to={paths.signUp}
          className={cn(
            tileClass,
            'group w-full flex-col gap-0.5 border-dashed bg-muted/60 text-muted-foreground transition-colors hover:border-primary/40 hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          )}
        >
          <span className="text-base font-semibold sm:text-lg">More</span>{' '}
          <span className="flex items-center gap-1 text-xs">
            Any company
            <span className="sr-only">: request a referral there after signing up</span>
            <ArrowRight
              aria-hidden="true"
              className="size-3 transition-transform group-hover:translate-x-0.5"
            />
          </span>
        </Link>
      </li>
    </ul>
  );
}
