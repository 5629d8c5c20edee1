import { normalizeCompanyName } from '@shared/companies';
import { REFERRAL_REQUEST_ERRORS } from '@shared/referral-texts';
import { Hourglass, OctagonX } from 'lucide-react';
import { useCompanyStats } from '../api/get-company-stats';
import { CompanyStatsLine } from './company-stats-line';

/** The company a request would go to: a listed one by id, or a name nobody on the site works at yet. */
export interface RequestCompany {
  id: number | null;
  name: string;
}

export const noReferrersYet = (company: string) =>
  `No referrers at ${company} yet: your request will wait until one joins.`;

/** Spec section 5's URL check (5): the seeker already works there (the server refuses such a request too). */
export function isOwnCompany(company: RequestCompany | null, currentCompanyName: string | null): boolean {
  if (!company || !currentCompanyName) return false;
  return normalizeCompanyName(company.name) === normalizeCompanyName(currentCompanyName);
}

/**
 * What the company means for the request, as soon as it is known (spec section 5's URL checks): the
 * own-company refusal, 'No referrers at Stripe yet…' (such a request waits), or how its referrers answer.
 */
export function CompanyNotes({ company, ownCompany }: { company: RequestCompany; ownCompany: boolean }) {
  if (ownCompany) {
    return (
      <p
        role="alert"
        data-testid="own-company"
        className="text-destructive flex items-start gap-1.5 text-sm font-medium"
      >
        <OctagonX className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {REFERRAL_REQUEST_ERRORS.employee(company.name)}
      </p>
    );
  }
  // A name not in the company list is a company nobody here works at yet.
  if (company.id === null) return <NoReferrers companyName={company.name} />;
  return <ListedCompanyNotes companyId={company.id} companyName={company.name} />;
}

function ListedCompanyNotes({ companyId, companyName }: { companyId: number; companyName: string }) {
  const stats = useCompanyStats(companyId);
  if (!stats.data) return null;
  if (stats.data.referrers === 0) return <NoReferrers companyName={companyName} />;
  return <CompanyStatsLine companyId={companyId} companyName={companyName} />;
}

function NoReferrers({ companyName }: { companyName: string }) {
  return (
    <p data-testid="no-referrers" className="text-muted-foreground flex items-start gap-1.5 text-xs">
      <Hourglass className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      {noReferrersYet(companyName)}
    </p>
  );
}
