import type { CompanyDirectoryEntry } from '@shared/companies';
import { formatResponseTime } from '@shared/company-stats';
import { COMPANIES_PAGE_META, DIRECTORY_SEARCH_MAX, WANTED_HEADING } from '@shared/companies';
import { BadgeCheck, Building2, Send, UserPlus } from 'lucide-react';
import { Suspense, useId, useLayoutEffect, type ComponentType } from 'react';
import { Link } from 'react-router';
import { PageMain } from '@/components/main-landmark';
import { ListLoading, LoadMore, SearchField, type SearchFieldText } from '@/components/paged-list';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { usePageMeta } from '@/lib/page-meta';
import { revealApp } from '@/lib/prepaint';
import { paths } from '@/paths';
import { useCompanyDirectory } from './api/get-company-directory';
import { useUrlSearch } from './hooks/use-url-search';
import { useWantedCompanies } from './api/get-wanted-companies';

export const DIRECTORY_LOAD_FAILED = 'The companies could not be loaded. Please try again later.';

const SIGNED_IN_MAIN = 'mx-auto w-full max-w-4xl flex-1 px-4 py-6 sm:py-8';
/**
 * A visitor's page has the site's footer under it: at least a screen tall under the 4rem header, the footer
 * starts below the fold, so the list arriving (or growing) never pushes a visible footer down (a layout
 * shift). The signed-in screens have no footer, and a taller header on a phone, so theirs does not.
 */
const VISITOR_MAIN = `min-h-[calc(100svh-4rem)] ${SIGNED_IN_MAIN}`;

const COMPANIES_SEARCH: SearchFieldText = {
  label: 'Search companies',
  placeholder: 'Company name, e.g. Stripe',
  maxLength: DIRECTORY_SEARCH_MAX,
};

/**
 * /companies (issue 25 item 8): the companies where a referrer can take a request now, by name, with how
 * many referrers there are and how they answer; never who they are. The search waits for typing to pause
 * and stays in the URL (?q=), so a search can be shared and survives a reload.
 */
export function CompaniesPage({
  visitor = false,
  unstaffed: Unstaffed,
}: {
  visitor?: boolean;
  /**
   * Issue 49 item 1, for a signed-in user: under a search, the listed companies it names that have nobody
   * available, each to watch (UnstaffedCompanies). The signed-in screen passes it in, loaded on demand, so
   * the page a visitor loads carries no watch and no mutation.
   */
  unstaffed?: ComponentType<{ q: string; shown: readonly CompanyDirectoryEntry[] }>;
}) {
  const { typed, setTyped, q } = useUrlSearch();
  const directory = useCompanyDirectory(q);
  const items = directory.data?.pages.flatMap((page) => page.items) ?? [];
  // A visitor's page is public: its head says what the server's HTML said (a crawler reads that one).
  usePageMeta(visitor ? COMPANIES_PAGE_META : undefined);
  // The server may have painted this page's top already (a visitor's first load): this is the same markup.
  useLayoutEffect(revealApp, []);

  return (
    <PageMain className={visitor ? VISITOR_MAIN : SIGNED_IN_MAIN}>
      <PageHeader
        title={COMPANIES_PAGE_META.title}
        back={!visitor}
        text={
          visitor
            ? COMPANIES_PAGE_META.description
            : 'Companies where a referrer can take your request now. Pick one to ask for a referral there.'
        }
      />
      <div role="search" className="mb-4 grid gap-2">
        <SearchField {...COMPANIES_SEARCH} value={typed} onChange={setTyped} />
        <p className="text-muted-foreground text-xs">Finds companies whose name starts with what you type.</p>
      </div>

      {directory.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {DIRECTORY_LOAD_FAILED}
        </p>
      ) : directory.isPending ? (
        <ListLoading text="Loading companies..." />
      ) : items.length === 0 ? (
        <p className="text-muted-foreground text-sm" role="status">
          {q
            ? `No company starting with “${q}” has a referrer available right now.`
            : 'No company has a referrer available right now.'}
        </p>
      ) : (
        <ul aria-label="Companies with referrers" className="grid gap-3">
          {items.map((company) => (
            <CompanyRow key={company.id} company={company} />
          ))}
        </ul>
      )}

      {Unstaffed && q && directory.isSuccess && !directory.hasNextPage && (
        <Suspense fallback={null}>
          <Unstaffed q={q} shown={items} />
        </Suspense>
      )}

      <LoadMore query={directory} className="mt-4" />

      <ReferrersWanted invite />
    </PageMain>
  );
}

/** 'Answers 8 in 10 requests, usually within 2 days', or nothing while there is too little to say it. */
function answersLine(company: CompanyDirectoryEntry): string | null {
  if (company.responseRate === null) return null;
  const inTen = Math.round(company.responseRate * 10);
  const rate = inTen === 0 ? 'fewer than 1 in 10' : `${inTen} in 10`;
  const time =
    company.medianResponseHours === null
      ? ''
      : `, usually ${formatResponseTime(company.medianResponseHours)}`;
  return `Answers ${rate} requests${time}`;
}

function CompanyRow({ company }: { company: CompanyDirectoryEntry }) {
  const answers = answersLine(company);
  return (
    <li>
      <Card className="py-4">
        <CardContent className="flex flex-wrap items-center justify-between gap-3 px-4">
          <div className="grid min-w-0 gap-1">
            <h2 className="flex items-center gap-2 font-semibold break-words">
              <Building2 className="text-primary size-4 shrink-0" aria-hidden="true" />
              {company.name}
            </h2>
            <p className="text-muted-foreground flex flex-wrap items-center gap-x-2 text-sm">
              <span>
                {company.referrers} {company.referrers === 1 ? 'referrer' : 'referrers'}
              </span>
              {company.verifiedReferrers > 0 && (
                <span className="flex items-center gap-1">
                  <BadgeCheck className="size-4" aria-hidden="true" />
                  {company.verifiedReferrers} verified
                </span>
              )}
            </p>
            {answers && <p className="text-muted-foreground text-sm">{answers}</p>}
          </div>
          <Button asChild size="sm">
            <Link
              to={paths.requestReferralAt(company.id)}
              aria-label={`Request a referral at ${company.name}`}
            >
              <Send aria-hidden="true" />
              Request a referral
            </Link>
          </Button>
        </CardContent>
      </Card>
    </li>
  );
}

export const WANTED_TEXT =
  'People are waiting for a referral at these companies, and nobody there can take a request now.';
export const WANTED_LINK = 'Work at one? Refer people at your company';

/**
 * 'Referrers wanted' (issue 49 item 4) on /companies and /refer: the companies the server names, wanted by
 * three or more, names only (docs/decisions/079-demand-figures-and-their-threshold.md). Nothing at all while
 * it loads, fails or names none: it is an invitation, not a list anyone waits for. `invite` adds the link to
 * /refer, for the pages that are not /refer. It lives in this module, which /refer imports too, rather than in
 * one of its own: a module both lazy pages share would be a chunk of its own, one more name in the entry's
 * import map, and the landing's entry is at its 110 KiB budget.
 */
export function ReferrersWanted({ invite = false }: { invite?: boolean }) {
  const wanted = useWantedCompanies();
  const headingId = useId();
  const items = wanted.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-8 rounded-lg border p-4">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold">
        <UserPlus className="size-4" aria-hidden="true" />
        {WANTED_HEADING}
      </h2>
      <p className="text-muted-foreground mt-1 text-sm">{WANTED_TEXT}</p>
      <ul aria-labelledby={headingId} className="mt-3 flex flex-wrap gap-2">
        {items.map((company) => (
          <li key={company.id} className="bg-muted rounded-full px-3 py-1 text-sm break-words">
            {company.name}
          </li>
        ))}
      </ul>
      {invite && (
        <p className="mt-3 text-sm">
          <Link to={paths.refer} className="font-medium underline underline-offset-4">
            {WANTED_LINK}
          </Link>
        </p>
      )}
    </section>
  );
}
