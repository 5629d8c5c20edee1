import type { User } from '@shared/auth';
import { PRODUCT_NAME } from '@shared/brand';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PageMain } from '@/components/main-landmark';
import { PageHeader } from '@/components/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AuditLog } from './components/audit-log';
import { CompanyAdmin } from './components/company-admin';
import { DemandTable } from './components/demand-table';
import { HeldQueue } from './components/held-queue';
import { ReportQueue } from './components/report-queue';
import { UserAdmin } from './components/user-admin';

const TABS = [
  { value: 'queue', label: 'Queue' },
  { value: 'users', label: 'Users' },
  { value: 'companies', label: 'Companies' },
  { value: 'demand', label: 'Demand' },
  { value: 'audit', label: 'Audit log' },
] as const;
type Tab = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is Tab => TABS.some((t) => t.value === value);

/**
 * /admin (issue 25 item 7): the queue, users, companies, demand (issue 49 item 4) and the audit log; the tab is
 * in the URL.
 */
export function AdminPage({ user }: { user: User }) {
  useEffect(() => {
    document.title = `Admin console · ${PRODUCT_NAME}`;
  }, []);
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: Tab = isTab(raw) ? raw : 'queue';
  return (
    <PageMain className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <PageHeader
        title="Admin console"
        text="Reports and held payment offers, users, companies, where referrers are missing, and what every admin did."
      />
      <Tabs
        className="mt-6"
        value={tab}
        onValueChange={(value) => setParams(value === 'queue' ? {} : { tab: value }, { replace: true })}
      >
        <TabsList className="h-auto w-full flex-wrap sm:w-fit">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="queue" className="grid gap-8">
          <ReportQueue />
          <HeldQueue />
        </TabsContent>
        <TabsContent value="users">
          <UserAdmin selfId={user.id} />
        </TabsContent>
        <TabsContent value="companies">
          <CompanyAdmin />
        </TabsContent>
        <TabsContent value="demand">
          <DemandTable />
        </TabsContent>
        <TabsContent value="audit">
          <AuditLog />
        </TabsContent>
      </Tabs>
    </PageMain>
  );
}
