import type { User } from '@shared/auth';
import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, RefreshCw } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/paths';
import { referralKeys } from './api/referral-keys';
import { IncomingRequestsView } from './components/incoming-requests-view';
import { ReferrerRecordCard } from './components/referrer-record-card';
import { MyRequestsTab } from './components/my-requests-tab';
import { NewRequestLink } from './components/new-request-link';
import type { RenderProfileModal } from './components/profile-modal-slot';
import { MY_REFERRALS_TIPS, TipsCard } from './components/tips-card';
import { WillingnessToggle } from './components/willingness-toggle';
import { PageMain } from '@/components/main-landmark';
import { PageHeader } from '@/components/page-header';

type TabKey = 'my-requests' | 'incoming';

/** /my-referrals (docs/product.md, Screens): both sides of the user's referrals. `?tab=incoming` opens the second tab. */
export function MyReferralsPage({
  user,
  renderProfileModal,
}: {
  user: User;
  renderProfileModal?: RenderProfileModal;
}) {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'incoming' ? 'incoming' : 'my-requests';
  const queryClient = useQueryClient();

  function selectTab(value: string) {
    setParams(value === 'incoming' ? { tab: 'incoming' } : {}, { replace: true });
  }

  function refresh() {
    toast({ title: 'Refreshing data' });
    void queryClient.invalidateQueries({ queryKey: referralKeys.all });
  }

  return (
    <PageMain className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <PageHeader
        title="My Referrals"
        text="Track the requests you sent and the ones you received."
        actions={
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="outline" onClick={refresh}>
              <RefreshCw aria-hidden="true" />
              Refresh
            </Button>
            <NewRequestLink label="Request New Referral" />
          </div>
        }
      />

      {!user.profileCompleted && <IncompleteProfileBanner />}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Tabs value={tab} onValueChange={selectTab}>
          <TabsList aria-label="Referral lists">
            <TabsTrigger value="my-requests">My Requests</TabsTrigger>
            <TabsTrigger value="incoming">Incoming Requests</TabsTrigger>
          </TabsList>
          <TabsContent value="my-requests">
            {/* The tab shows the name; the heading gives the panel its place in the outline, as on the other tab. */}
            <h2 className="sr-only">My Requests</h2>
            <MyRequestsTab />
          </TabsContent>
          <TabsContent value="incoming" className="grid gap-4">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-xl font-semibold">Incoming Requests</h2>
              <Badge variant="secondary">Referrer Mode</Badge>
            </div>
            <WillingnessToggle user={user} />
            {user.role === 'referrer' && <ReferrerRecordCard heading="h3" />}
            <IncomingRequestsView user={user} renderProfileModal={renderProfileModal} />
          </TabsContent>
        </Tabs>
        <TipsCard tips={MY_REFERRALS_TIPS} />
      </div>
    </PageMain>
  );
}

function IncompleteProfileBanner() {
  return (
    <div
      role="status"
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="flex items-center gap-2 font-medium">
        <AlertCircle className="size-5" aria-hidden="true" />
        Your profile is not complete
      </p>
      <Button asChild size="sm" variant="outline">
        <Link to={paths.profileEdit}>Complete Profile</Link>
      </Button>
    </div>
  );
}
