import type { User } from '@shared/auth';
import { Badge } from '@/components/ui/badge';
import { IncomingRequestsView } from './components/incoming-requests-view';
import type { RenderProfileModal } from './components/profile-modal-slot';
import { WillingnessToggle } from './components/willingness-toggle';
import { PageMain } from '@/components/main-landmark';
import { PageHeader } from '@/components/page-header';

/** /referrer-dashboard: the grouped incoming requests on their own screen (docs/decisions/013-emergency-dashboard-route.md). */
export function ReferrerDashboardPage({
  user,
  renderProfileModal,
}: {
  user: User;
  renderProfileModal?: RenderProfileModal;
}) {
  return (
    <PageMain className="mx-auto grid max-w-6xl gap-4 px-4 py-6 sm:py-8">
      <div>
        <PageHeader
          title="Referrer Dashboard"
          text="Review the referral requests job seekers sent to you and keep them moving."
          actions={<Badge variant="secondary">Referrer Mode</Badge>}
        />
        <WillingnessToggle user={user} />
      </div>
      {/* The groups below are h3, as under My Referrals' visible 'Incoming Requests': this names their level. */}
      <h2 className="sr-only">Incoming Requests</h2>
      <IncomingRequestsView user={user} renderProfileModal={renderProfileModal} />
    </PageMain>
  );
}
