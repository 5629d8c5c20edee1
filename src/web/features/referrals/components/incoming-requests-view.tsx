import type { User } from '@shared/auth';
import type { ShownReferralRequest } from '@shared/referrals';
import { RefreshCw, UserCheck } from 'lucide-react';
import { useId, useState, type ComponentProps } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useIncomingRequests } from '../api/get-incoming-requests';
import { useUpdateWillingness } from '../api/update-willingness';
import { displayStatus } from '@shared/referral-status';
import { REQUEST_GROUPS, groupRequests, hasNoCategorized, normalizeStatus } from '../utils/referral-display';
import { IncomingRequestCard } from './incoming-request-card';
import { LoadMore } from '@/components/paged-list';
import { EmptyState, LoadError, LoadingText } from './referral-states';
import type { RenderProfileModal } from './profile-modal-slot';
import { VerificationBadge } from './verification-badge';

/** The referrer's requests grouped by status, each section with its count (docs/product.md, Screens). */
export function IncomingRequestsView(props: { user: User; renderProfileModal?: RenderProfileModal }) {
  return (
    <div className="grid gap-4">
      <VerificationBadge />
      <IncomingRequests {...props} />
    </div>
  );
}

function IncomingRequests({
  user,
  renderProfileModal,
}: {
  user: User;
  renderProfileModal?: RenderProfileModal;
}) {
  const query = useIncomingRequests();
  const enable = useUpdateWillingness(user.id);
  const [profileUserId, setProfileUserId] = useState<number | null>(null);
  // A request whose status the referrer is changing (or whose decline they undid): its card takes the focus
  // once the list shows the new status, in whichever group it has moved to (the button that had the focus
  // is gone).
  const [changed, setChanged] = useState<{ requestId: number; status: string } | null>(null);
  const cardFocus = (request: ShownReferralRequest) => ({
    onStatusChange: (status: string) => setChanged({ requestId: request.id, status }),
    onDeclineUndone: () => setChanged({ requestId: request.id, status: 'pending' }),
    takeFocus:
      changed?.requestId === request.id && changed.status === normalizeStatus(displayStatus(request)),
    onFocusTaken: () => setChanged(null),
  });

  if (query.isPending) return <LoadingText text="Loading incoming requests..." />;
  if (query.isError) return <LoadError details={query.error.message} />;
  const requests = query.data.pages.flat();

  if (requests.length === 0) {
    return user.willingToGiveReferrals ? (
      <EmptyState title="No referral requests received" text="You're open to receiving referral requests" />
    ) : (
      <EmptyState
        title="No referral requests received"
        text="Turn on referrals to receive requests from job seekers who want to work at your company."
        action={
          <Button type="button" disabled={enable.isPending} onClick={() => enable.mutate(true)}>
            <UserCheck aria-hidden="true" />
            Enable Referrals
          </Button>
        }
      />
    );
  }

  const groups = groupRequests(requests);
  const noCategorized = hasNoCategorized(requests);
  return (
    <div className="grid gap-8">
      {noCategorized && (
        <EmptyState
          title="No Categorized Requests"
          text="None of your requests is pending, accepted or declined right now."
          action={
            <Button type="button" variant="outline" onClick={() => query.refetch()}>
              <RefreshCw aria-hidden="true" />
              Refresh Requests
            </Button>
          }
        />
      )}
      {REQUEST_GROUPS.map(({ key, title }) =>
        // Pending Review always shows (it is where new requests land), unless the empty state above says so.
        (key === 'pending' && !noCategorized) || groups[key].length > 0 ? (
          <RequestSection
            key={key}
            title={title}
            requests={groups[key]}
            onViewProfile={setProfileUserId}
            cardFocus={cardFocus}
          />
        ) : null,
      )}
      <LoadMore query={query} />
      {profileUserId !== null &&
        renderProfileModal?.({
          userId: profileUserId,
          open: true,
          onOpenChange: (open) => !open && setProfileUserId(null),
        })}
    </div>
  );
}

function RequestSection({
  title,
  requests,
  onViewProfile,
  cardFocus,
}: {
  title: string;
  requests: readonly ShownReferralRequest[];
  onViewProfile: (userId: number) => void;
  cardFocus: (request: ShownReferralRequest) => Partial<ComponentProps<typeof IncomingRequestCard>>;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <div className="flex items-center gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {title}
        </h3>
        <Badge variant="secondary" aria-label={`${requests.length} requests`}>
          {requests.length}
        </Badge>
      </div>
      {requests.length === 0 ? (
        <p className="text-muted-foreground text-sm">Nothing waiting for your review.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {requests.map((r) => (
            <li key={r.id}>
              <IncomingRequestCard request={r} onViewProfile={onViewProfile} {...cardFocus(r)} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
