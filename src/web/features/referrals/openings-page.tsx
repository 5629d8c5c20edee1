import { OPENINGS_SEARCH_MAX } from '@shared/openings';
import { useId } from 'react';
import { Link } from 'react-router';
import { PageMain } from '@/components/main-landmark';
import { ListLoading, LoadMore, SearchField, type SearchFieldText } from '@/components/paged-list';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { paths } from '@/paths';
import { useCompanies } from './api/get-companies';
import { useOpenings } from './api/get-openings';
import { OpeningCard } from './components/opening-card';
import { useUrlSearch } from './hooks/use-url-search';

export const OPENINGS_LOAD_FAILED = 'The openings could not be loaded. Please try again.';
export const NO_OPENINGS_YET =
  'No referrer has posted an opening yet. You can still ask for a referral at any company: paste the job posting and we look for a referrer there.';

const OPENINGS_SEARCH: SearchFieldText = {
  label: 'Search openings',
  placeholder: 'Title or company, e.g. Engineer',
  maxLength: OPENINGS_SEARCH_MAX,
};

/** A whole number id from the URL, or null. */
function idFrom(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * /openings (issue 49 item 2): the roles referrers posted at their own companies, newest first. A search
 * (title or company) and a company filter, both kept in the URL (?q=, ?companyId=) so a search survives a
 * reload; 'Load more' pages on. Each opening's 'Ask for a referral' opens the request form filled in.
 */
export function OpeningsPage() {
  const { searchParams, typed, setTyped, q, setParam } = useUrlSearch();
  const companyId = idFrom(searchParams.get('companyId'));
  const setCompany = (id: number | null) => setParam('companyId', id ? String(id) : null);

  const companies = useCompanies();
  const openings = useOpenings(q, companyId);
  const items = openings.data?.pages.flatMap((page) => page.items) ?? [];
  const companyName = companies.data?.find((c) => c.id === companyId)?.name ?? null;
  const companyFieldId = useId();
  const filtered = Boolean(q || companyId);

  return (
    <PageMain className="mx-auto w-full max-w-4xl px-4 py-6 sm:py-8">
      <PageHeader
        title="Openings"
        text="Roles referrers posted at their own companies. Ask through one, and your request goes to the referrer who posted it first."
      />
      <div role="search" className="mb-4 grid gap-3 sm:grid-cols-[minmax(0,1fr)_16rem]">
        <div className="grid gap-2">
          <SearchField {...OPENINGS_SEARCH} value={typed} onChange={setTyped} />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={companyFieldId}>Company</Label>
          <NativeSelect
            id={companyFieldId}
            value={companyId ?? ''}
            onChange={(event) => setCompany(idFrom(event.target.value))}
          >
            <option value="">All companies</option>
            {/* The filter's own company stays choosable while the list loads (a shared link). */}
            {companyId && !companies.data && <option value={companyId}>This company</option>}
            {companies.data?.map((company) => (
              <option key={company.id} value={company.id}>
                {company.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      {openings.isError ? (
        <div role="alert" className="grid justify-items-start gap-2 text-sm">
          <p className="text-destructive">{OPENINGS_LOAD_FAILED}</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void openings.refetch()}>
            Try again
          </Button>
        </div>
      ) : openings.isPending ? (
        <ListLoading text="Loading openings..." />
      ) : items.length === 0 ? (
        <NoOpenings
          q={q}
          companyName={companyId ? (companyName ?? 'this company') : null}
          onClear={
            filtered
              ? () => {
                  // The search leaves the URL once the emptied field's pause is over, as typing does.
                  setTyped('');
                  setCompany(null);
                }
              : undefined
          }
        />
      ) : (
        <ul aria-label="Openings" className="grid gap-3">
          {items.map((opening) => (
            <OpeningCard key={opening.id} opening={opening} />
          ))}
        </ul>
      )}

      <LoadMore query={openings} className="mt-4" />
    </PageMain>
  );
}

/** Nothing found: what was looked for and the way back, or, with nothing posted at all, the other way to ask. */
function NoOpenings({
  q,
  companyName,
  onClear,
}: {
  q: string;
  companyName: string | null;
  onClear?: () => void;
}) {
  if (onClear) {
    const where = companyName ? ` at ${companyName}` : '';
    return (
      <div role="status" className="grid justify-items-start gap-2 text-sm">
        <p className="text-muted-foreground">
          {q ? `No opening matches “${q}”` : 'No openings are posted'}
          {where} right now.
        </p>
        <Button type="button" variant="outline" size="sm" onClick={onClear}>
          Show all openings
        </Button>
      </div>
    );
  }
  return (
    <div role="status" className="grid justify-items-start gap-2 text-sm">
      <p className="text-muted-foreground">{NO_OPENINGS_YET}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-1">
        <Link to={paths.requestReferral} className="font-medium underline underline-offset-4">
          Request a referral
        </Link>
        <Link to={paths.refer} className="font-medium underline underline-offset-4">
          Work somewhere hiring? Post an opening
        </Link>
      </p>
    </div>
  );
}
