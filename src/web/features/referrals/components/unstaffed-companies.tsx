import { normalizeCompanyName, type CompanyDirectoryEntry } from '@shared/companies';
import { Building2, Hourglass } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { useCompanies } from '../api/get-companies';
import { noReferrersYet } from './company-notes';
import { WatchCompanyButton } from './watch-company-button';

/** The most companies with nobody available that one search shows. */
export const UNSTAFFED_SHOWN = 5;

export const UNSTAFFED_HEADING = 'No referrer available yet';

/**
 * Issue 49 item 1, on /companies for a signed-in user: the listed companies a search names that the directory
 * left out, since nobody there can take a request now, each with 'Tell me when one joins'. `shown` is the
 * directory's whole answer to the search (every page read), so a company missing from it has nobody. Mounted
 * only for a search (the company list is read then), by the signed-in screen's CompaniesPage.
 */
export function UnstaffedCompanies({ q, shown }: { q: string; shown: readonly CompanyDirectoryEntry[] }) {
  const companies = useCompanies();
  const headingId = useId();
  const prefix = normalizeCompanyName(q);
  if (!prefix || !companies.data) return null;
  const listed = new Set(shown.map((c) => c.id));
  const unstaffed = companies.data
    .filter((c) => !listed.has(c.id) && normalizeCompanyName(c.name).startsWith(prefix))
    .slice(0, UNSTAFFED_SHOWN);
  if (unstaffed.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6 grid gap-3">
      <h2 id={headingId} className="text-muted-foreground text-sm font-semibold">
        {UNSTAFFED_HEADING}
      </h2>
      <ul className="grid gap-3">
        {unstaffed.map((company) => (
          <li key={company.id}>
            <Card className="py-4">
              <CardContent className="grid gap-2 px-4">
                <h3 className="flex items-center gap-2 font-semibold break-words">
                  <Building2 className="text-muted-foreground size-4 shrink-0" aria-hidden="true" />
                  {company.name}
                </h3>
                <p className="text-muted-foreground flex items-start gap-1.5 text-sm">
                  <Hourglass className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {noReferrersYet(company.name)}
                </p>
                <WatchCompanyButton companyId={company.id} companyName={company.name} />
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
