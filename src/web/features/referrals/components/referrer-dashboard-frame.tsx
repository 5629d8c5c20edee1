import type { User } from '@shared/auth';
import type { ReactNode } from 'react';
import { PageMain } from '@/components/main-landmark';
import { PageHeader } from '@/components/page-header';
import { BonusesCard } from './bonuses-card';
import { IncomingRequestsView } from './incoming-requests-view';
import { InviteCard } from './invite-card';
import { MyOpeningsCard } from './my-openings-card';
import { ReferrerRecordCard } from './referrer-record-card';
import type { RenderProfileModal } from './profile-modal-slot';

/** What the router hands every referrer dashboard. */
export interface ReferrerDashboardProps {
  user: User;
  renderProfileModal?: RenderProfileModal;
}

/**
 * The referrer dashboards' screen: the header with its sentence and `actions`, what the variant puts under
 * it (`children`), the referrer's own record, invitation link, openings and bonuses, then the incoming requests grouped by status.
 */
export function ReferrerDashboardFrame({
  user,
  renderProfileModal,
  text,
  actions,
  children,
}: ReferrerDashboardProps & { text: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <PageMain className="mx-auto grid max-w-6xl gap-4 px-4 py-6 sm:py-8">
      <div>
        <PageHeader title="Referrer Dashboard" text={text} actions={actions} />
        {children}
      </div>
      <ReferrerRecordCard />
      <InviteCard willing={user.willingToGiveReferrals} />
      <MyOpeningsCard willing={user.willingToGiveReferrals} />
      <BonusesCard />
      {/* The groups below are h3, as under My Referrals' visible 'Incoming Requests': this names their level. */}
      <h2 className="sr-only">Incoming Requests</h2>
      <IncomingRequestsView user={user} renderProfileModal={renderProfileModal} />
    </PageMain>
  );
}
