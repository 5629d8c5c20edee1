import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { usePageMeta } from '@/lib/page-meta';
import { PageMain } from '@/components/main-landmark';

interface LegalLayoutProps {
  /** The page's h1 and document title. */
  title: string;
  description: string;
  /** A short line under the heading, e.g. when the page was last changed. */
  lead?: ReactNode;
  children: ReactNode;
}

/** A plain reading page (privacy, terms, about) inside the public site's header and footer. */
export function LegalLayout({ title, description, lead, children }: LegalLayoutProps) {
  usePageMeta({ title, description });
  return (
    <div className="flex min-h-svh flex-col bg-background text-foreground">
      <SiteHeader />
      <PageMain className="flex-1">
        <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <header className="border-b pb-8">
            <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
            {lead ? <p className="mt-4 text-lg text-muted-foreground">{lead}</p> : null}
          </header>
          <div className="prose prose-slate mt-8 max-w-none prose-headings:tracking-tight prose-a:text-primary">
            {children}
          </div>
        </article>
      </PageMain>
      <SiteFooter />
    </div>
  );
}
