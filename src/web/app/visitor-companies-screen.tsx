import { SiteFooter } from '@/components/site-footer';
import { SiteHeader } from '@/components/site-header';
import { CompaniesPage } from '@/features/referrals/companies-page';

/**
 * A visitor's /companies: the directory under the site's own header, and signing in to ask. Its own module,
 * so a visitor's first load (the server's first paint, public/prepaint/companies.html, is this markup's top)
 * never loads the signed-in screens, their header, bell and session check (visitor-companies-route.ts). The
 * page is imported here, not lazily, so its chunk loads with this one rather than after it.
 */
export function VisitorCompaniesScreen() {
  return (
    <div className="bg-background text-foreground flex min-h-svh flex-col">
      <SiteHeader />
      <CompaniesPage visitor />
      <SiteFooter />
    </div>
  );
}
