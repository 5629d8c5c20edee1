import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { BrandLink } from '@/components/brand';
import { cn } from '@/lib/utils';
import { paths } from '@/paths';

export interface NavItem {
  label: string;
  to: string;
}

/** The signed-in top bar: brand to /dashboard, the page's nav links, then the right-hand actions. */
export function AppHeader({ nav, actions }: { nav: NavItem[]; actions?: ReactNode }) {
  return (
    <header className="bg-background/95 sticky top-0 z-40 border-b backdrop-blur">
      <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2">
        <BrandLink to={paths.dashboard} />
        {/* On phones the links take a second row so the bell and account menu stay on screen. */}
        <nav
          aria-label="Main"
          className="order-last -mx-3 flex w-full items-center gap-1 overflow-x-auto sm:order-none sm:mx-0 sm:w-auto"
        >
          {nav.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end
              className={({ isActive }) =>
                cn(
                  'rounded-md px-3 py-2 text-sm font-medium transition-colors',
                  isActive
                    ? 'bg-accent text-accent-foreground'
                    : 'text-muted-foreground hover:text-foreground',
                )
              }
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-2">{actions}</div>
      </div>
    </header>
  );
}
