import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandLink } from '@/components/brand';
import { paths } from '@/paths';
import { PageMain } from '@/components/main-landmark';

/** The demo pages' frame: a plain top bar, the page title, and the note that all of it is sample data. */
export function DemoShell({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="bg-muted/30 min-h-screen">
      <header className="bg-background border-b">
        <div className="mx-auto flex min-h-16 max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-2">
          <BrandLink to={paths.home} />
          {/* On phones the links take a second row, so the switch-user menu stays beside the brand. */}
          <nav
            aria-label="Demo pages"
            className="order-last -mx-3 flex w-full gap-1 text-sm font-medium sm:order-none sm:mx-0 sm:w-auto"
          >
            <Link className="hover:bg-accent rounded-md px-3 py-2" to={paths.demo}>
              Demo
            </Link>
            <Link className="hover:bg-accent rounded-md px-3 py-2" to={paths.referrerDemo}>
              Referrer demo
            </Link>
          </nav>
          <div className="ml-auto">{actions}</div>
        </div>
      </header>
      <PageMain className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8">
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
          <p className="text-muted-foreground max-w-3xl">{intro}</p>
        </div>
        <DemoNotice />
        {children}
      </PageMain>
    </div>
  );
}

export function DemoNotice() {
  return (
    <aside
      aria-label="Demo data"
      className="flex items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <p>
        <strong className="font-semibold">Demo data only.</strong> Every person, company and request on this
        page is made up. Nothing is sent to ReferBridge or saved to any account; requests you create here stay
        in this browser.
      </p>
    </aside>
  );
}
