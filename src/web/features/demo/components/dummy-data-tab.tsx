import { statusLabel } from '@shared/referral-status';
import {
  MOCK_COMPANIES,
  MOCK_REFERRALS,
  MOCK_REFERRER_CAPACITY,
  MOCK_REFERRERS,
  MOCK_REQUESTS,
  MOCK_USERS,
  mockCompany,
  mockUser,
} from '../mock/mock-data';
import { formatDemoDate } from '../utils/format';
import { DataTable } from './data-table';
import { roleLabel } from './mock-user-switcher';

const companyName = (id: number | null) => (id === null ? '—' : (mockCompany(id)?.name ?? `#${id}`));
const userName = (id: number) => mockUser(id)?.fullName ?? `#${id}`;

/** Every sample record the demo pages use, as tables. */
export function DummyDataTab() {
  return (
    <div className="flex flex-col gap-6">
      <DataTable
        caption="Users"
        rows={MOCK_USERS}
        rowKey={(u) => u.id}
        columns={[
          { header: 'Id', cell: (u) => u.id },
          { header: 'Name', cell: (u) => u.fullName },
          { header: 'Email', cell: (u) => u.email },
          { header: 'Role', cell: roleLabel },
          { header: 'Current company', cell: (u) => companyName(u.currentCompanyId) },
        ]}
      />
      <DataTable
        caption="Companies"
        rows={MOCK_COMPANIES}
        rowKey={(c) => c.id}
        columns={[
          { header: 'Id', cell: (c) => c.id },
          { header: 'Name', cell: (c) => c.name },
          { header: 'Description', cell: (c) => c.description },
          { header: 'Website', cell: (c) => c.website },
        ]}
      />
      <DataTable
        caption={`Referrers (capacity ${MOCK_REFERRER_CAPACITY} open referrals each)`}
        rows={MOCK_REFERRERS}
        rowKey={(r) => r.userId}
        columns={[
          { header: 'Referrer', cell: (r) => userName(r.userId) },
          { header: 'Company', cell: (r) => companyName(r.companyId) },
          { header: 'Position', cell: (r) => r.position },
          { header: 'Department', cell: (r) => r.department },
          { header: 'Start date', cell: (r) => formatDemoDate(r.startDate) },
          { header: 'Status', cell: (r) => (r.isVerified ? 'Verified' : 'Pending Verification') },
          { header: 'Open referrals', cell: (r) => `${r.openReferrals}/${MOCK_REFERRER_CAPACITY}` },
        ]}
      />
      <DataTable
        caption="Referral requests"
        rows={MOCK_REQUESTS}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Id', cell: (r) => r.id },
          { header: 'Job seeker', cell: (r) => userName(r.jobSeekerId) },
          { header: 'Company', cell: (r) => companyName(r.companyId) },
          { header: 'Position', cell: (r) => r.position },
          { header: 'Job URL', cell: (r) => <span className="break-all">{r.jobUrl}</span> },
          { header: 'Status', cell: (r) => statusLabel(r.status) },
        ]}
      />
      <DataTable
        caption="Referrals"
        rows={MOCK_REFERRALS}
        rowKey={(r) => r.id}
        columns={[
          { header: 'Id', cell: (r) => r.id },
          { header: 'Request', cell: (r) => r.requestId },
          { header: 'Referrer', cell: (r) => userName(r.referrerId) },
          { header: 'Status', cell: (r) => statusLabel(r.status) },
          { header: 'Feedback', cell: (r) => r.feedback ?? '—' },
        ]}
      />
    </div>
  );
}
