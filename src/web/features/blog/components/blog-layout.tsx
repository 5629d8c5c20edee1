import type { ReactNode } from 'react';
import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { PageMain } from '@/components/main-landmark';

/** The public site's header and footer around a blog page. */
export function BlogLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-svh flex-col bg-background text-foreground">
      <SiteHeader />
      <PageMain className="flex-1">{children}</PageMain>
      <SiteFooter />
    </div>
  );
}
