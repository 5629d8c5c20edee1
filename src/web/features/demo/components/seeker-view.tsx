import { statusLabel } from '@shared/referral-status';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { mockCompany, type MockRequest, type MockUser } from '../mock/mock-data';
import type { NewMockRequest } from '../hooks/use-mock-requests';
import { shownStatus } from '../utils/demo-requests';
import { formatDemoDate } from '../utils/format';
import { CreateRequestForm } from './create-request-form';
import { JobUrlLink } from './job-url-link';

/** The job seeker's side of the referrer demo: 'Create Request' and 'My Requests'. */
export function SeekerView({
  user,
  requests,
  onCreate,
}: {
  user: MockUser;
  requests: MockRequest[];
  onCreate: (request: NewMockRequest) => void;
}) {
  return (
    <Tabs defaultValue="create">
      <TabsList>
        <TabsTrigger value="create">Create Request</TabsTrigger>
        <TabsTrigger value="mine">My Requests</TabsTrigger>
      </TabsList>
      <TabsContent value="create">
        <CreateRequestForm seekerId={user.id} onCreate={onCreate} />
      </TabsContent>
      <TabsContent value="mine">
        {/* The tab shows the name; the heading puts the cards' h3 titles in order under the page's h1. */}
        <h2 className="sr-only">My Requests</h2>
        {requests.length === 0 ? (
          <p className="bg-background text-muted-foreground rounded-lg border p-5 text-sm">
            {user.fullName} has no demo requests yet.
          </p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2" aria-label="My requests">
            {requests.map((request) => (
              <li key={request.id} className="bg-background space-y-2 rounded-lg border p-5">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="font-semibold">{request.position}</h3>
                    <p className="text-muted-foreground text-sm">
                      {mockCompany(request.companyId)?.name ?? 'Unknown company'} ·{' '}
                      {formatDemoDate(request.createdAt)}
                    </p>
                  </div>
                  <Badge variant="secondary">{statusLabel(shownStatus(request))}</Badge>
                </div>
                <JobUrlLink url={request.jobUrl} />
              </li>
            ))}
          </ul>
        )}
      </TabsContent>
    </Tabs>
  );
}
