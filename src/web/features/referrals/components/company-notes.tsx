import { normalizeCompanyName } from '@shared/companies';
import { NOBODY_CAN_TAKE_TEXTS, REFERRAL_REQUEST_ERRORS } from '@shared/referral-texts';
import { Hourglass, OctagonX, UserX } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { useCompanyStats } from '../api/get-company-stats';
import { CompanyStatsLine } from './company-stats-line';
import { OpeningsLikePosition } from './openings-like-position';
import { WatchCompanyButton } from './watch-company-button';

/** The company a request would go to: a listed one by id, or a name nobody on the site works at yet. */
export interface RequestCompany {
  id: number | null;
  name: string;
}

export const noReferrersYet = (company: string) =>
  `No referrers at ${company} yet: your request will wait until one joins.`;

/** The fifth URL check (docs/product.md, Validation): the seeker already works there (the server refuses such a request too). */
export function isOwnCompany(company: RequestCompany | null, currentCompanyName: string | null): boolean {
  if (!company || !currentCompanyName) return false;
  return normalizeCompanyName(company.name) === normalizeCompanyName(currentCompanyName);
}

/**
 * What the company means for the request, as soon as it is known (the URL checks of docs/product.md, Validation): the
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
  if (stats.data.referrers === 0) {
    return (
      <div className="grid gap-2">
        <NoReferrers companyName={companyName} />
        <WatchCompanyButton companyId={companyId} companyName={companyName} />
      </div>
    );
  }
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

/**
 * A pending request nobody holds (issue 46 item 5): with nobody at the company, it waits for one to join,
 * and the card offers the watch and openings like it at other companies (issue 49 item 5; withdraw stays on
 * the card's own row); with referrers there, none of them can take it now (each declined this posting before, or cannot take
 * it), so the card says that plainly with the ways forward, and never promises how they answer.
 */
export function WaitingRequestNote({
  companyId,
  companyName,
  position,
}: {
  companyId: number;
  companyName: string;
  position: string;
}) {
  const stats = useCompanyStats(companyId);
  if (!stats.data) return null;
  if (stats.data.referrers === 0) {
    return (
      <div data-testid="nobody-at-company" className="grid gap-2">
        <NoReferrers companyName={companyName} />
        <WatchCompanyButton companyId={companyId} companyName={companyName} />
        <OpeningsLikePosition position={position} companyId={companyId} />
      </div>
    );
  }
  return (
    <div data-testid="nobody-can-take" className="grid gap-1 text-xs">
      <p className="flex items-start gap-1.5 font-medium">
        <UserX className="mt-px size-3.5 shrink-0" aria-hidden="true" />
        {NOBODY_CAN_TAKE_TEXTS.nobody(companyName)}
      </p>
      <p className="text-muted-foreground">
        {NOBODY_CAN_TAKE_TEXTS.waysForward}{' '}
        <Link to={paths.companies} className="underline underline-offset-4">
          See where referrers are
        </Link>
      </p>
    </div>
  );
}
