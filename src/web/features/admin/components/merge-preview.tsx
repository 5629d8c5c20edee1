import type { AdminCompany } from '@shared/admin';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { companyByIdQuery } from '../api/search-companies';

/** A company id as the admin types it: '9' or '#9'; null for anything else. */
export function parseCompanyId(text: string): number | null {
  const match = /^#?(\d{1,9})$/.exec(text.trim());
  return match ? Number(match[1]) : null;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

/**
 * Before a merge (issue 46): what folding `from` into the company whose id is typed would do, read from
 * that company as it is now, so the admin sees the name they meant before anything moves for good.
 */
export function MergePreview({ from, typed }: { from: AdminCompany; typed: string }) {
  const id = parseCompanyId(typed);
  const into = useQuery({ ...companyByIdQuery(id ?? 0), enabled: id !== null && id !== from.id });
  if (id === null) return null;
  if (id === from.id) return <Note>A company cannot be merged into itself.</Note>;
  if (into.isPending) return <Note>Looking up #{id}…</Note>;
  if (into.isError || !into.data) return <Note>No company has the id {id}.</Note>;
  const target = into.data;
  const domains = [...new Set([...target.emailDomains, ...from.emailDomains])];
  return (
    <Note>
      <p className="font-medium">
        {from.name} (#{from.id}) goes into {target.name} (#{target.id}), and {from.name} is deleted.
      </p>
      <ul className="mt-1 list-disc pl-5">
        <li>
          {plural(from.requests, 'request moves', 'requests move')}: {target.name} then has{' '}
          {plural(from.requests + target.requests, 'request', 'requests')}.
        </li>
        <li>
          {plural(from.referrers, 'referrer moves', 'referrers move')} ({from.verifiedReferrers} verified):{' '}
          {target.name} then has {plural(from.referrers + target.referrers, 'referrer', 'referrers')}.
        </li>
        <li>Email domains then: {domains.length > 0 ? domains.map((d) => `@${d}`).join(', ') : 'none'}.</li>
      </ul>
    </Note>
  );
}

function Note({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="bg-muted/50 rounded-md p-3 text-sm">
      {children}
    </div>
  );
}
