import type { AdminCompany } from '@shared/admin';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { useMergeCompany } from '../api/merge-company';
import { companySearchQuery } from '../api/search-companies';
import { useSetEmailDomains } from '../api/set-email-domains';
import { MergePreview, parseCompanyId } from './merge-preview';
import { SearchSection } from './search-section';
import { TextDialog, succeeded } from './text-dialog';

/** Companies with their email domains and counts; domains are edited and duplicates merged here. */
export function CompanyAdmin() {
  const [q, setQ] = useState('');
  const companies = useQuery(companySearchQuery(q));
  return (
    <SearchSection
      headingId="companies-heading"
      title="Companies"
      searchLabel="Find a company"
      placeholder="Company name"
      onSearch={setQ}
      query={companies}
      empty="No company matches."
      columns={['Company', 'Email domains', 'Referrers', 'Actions']}
      row={(company) => <CompanyRow key={company.id} company={company} />}
    />
  );
}

/** One domain per line, or separated by commas or spaces. */
const parseDomains = (text: string) => text.split(/[\s,]+/).filter((d) => d !== '');

function CompanyRow({ company }: { company: AdminCompany }) {
  const setDomains = useSetEmailDomains();
  const merge = useMergeCompany();
  return (
    <TableRow>
      <TableCell className="min-w-32">
        <div className="font-medium break-words">{company.name}</div>
        <div className="text-muted-foreground text-xs">
          #{company.id} · {company.requests} {company.requests === 1 ? 'request' : 'requests'}
          {!company.listed && ' · unlisted'}
        </div>
      </TableCell>
      <TableCell data-label="Email domains">
        {company.emailDomains.length > 0 ? (
          <ul className="grid gap-1">
            {company.emailDomains.map((domain) => (
              <li key={domain} className="text-xs break-all">
                @{domain}
              </li>
            ))}
          </ul>
        ) : (
          <Badge variant="outline">None</Badge>
        )}
      </TableCell>
      <TableCell data-label="Referrers" className="whitespace-nowrap">
        {company.referrers} ({company.verifiedReferrers} verified)
      </TableCell>
      <TableCell data-label="Actions">
        <div className="flex flex-wrap gap-2">
          <TextDialog
            trigger={
              <Button type="button" size="sm" variant="secondary">
                Domains
              </Button>
            }
            title={`Email domains of ${company.name}`}
            description="An address at one of these (or a subdomain) verifies an employee. Public mail providers are refused."
            label="Domains"
            hint="One per line, e.g. acme.com"
            initial={company.emailDomains.join('\n')}
            confirm="Save"
            onConfirm={(text) =>
              succeeded(() => setDomains.mutateAsync({ id: company.id, emailDomains: parseDomains(text) }))
            }
          />
          <TextDialog
            trigger={
              <Button type="button" size="sm" variant="outline">
                Merge
              </Button>
            }
            title={`Merge ${company.name} into another company?`}
            description="Its requests, referrers and email domains move to the other company, and anyone who types its name later gets the other company. This one is deleted: this cannot be undone."
            label="Id of the company to keep"
            hint="The # number shown under its name."
            required
            destructive
            confirm="Merge"
            preview={(text) => <MergePreview from={company} typed={text} />}
            onConfirm={(text) =>
              succeeded(() =>
                merge.mutateAsync({ id: company.id, intoId: parseCompanyId(text) ?? Number.NaN }),
              )
            }
          />
        </div>
      </TableCell>
    </TableRow>
  );
}
