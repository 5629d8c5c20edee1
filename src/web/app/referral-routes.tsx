import { REFERRAL_SUBMIT_TEXTS } from '@shared/referrals';
import { lazy, Suspense } from 'react';
import { AuthRequired, CenteredMessage } from '@/components/page-states';
import { toast } from '@/components/ui/use-toast';
import { useActiveResume } from '@/features/profile/api/get-active-resume';
import type { RenderProfileModal } from '@/features/referrals/components/profile-modal-slot';
import { paths } from '@/paths';
import { SignedInPage } from './layouts';

/**
 * The referral screens composed with what they need from the profile feature (the active resume and the
 * profile modal): features do not import each other, the composition root hands those in.
 */
const RequestReferralPage = lazy(() =>
  import('@/features/referrals/request-referral-page').then((m) => ({ default: m.RequestReferralPage })),
);
const UserProfileModal = lazy(() =>
  import('@/features/profile/components/user-profile-modal').then((m) => ({ default: m.UserProfileModal })),
);

export function RequestReferralRoute() {
  const resume = useActiveResume();
  return (
    <RequestReferralPage resume={{ isLoading: resume.isPending, fileUrl: resume.data?.fileUrl ?? null }} />
  );
}

export const renderProfileModal: RenderProfileModal = (props) => (
  <Suspense fallback={null}>
    <UserProfileModal {...props} />
  </Suspense>
);

/** Spec section 8 ('Referral request'): visitors are told before the redirect to /signin. */
export function toastSignInToRequest() {
  toast({
    variant: 'destructive',
    title: REFERRAL_SUBMIT_TEXTS.authTitle,
    description: REFERRAL_SUBMIT_TEXTS.authMessage,
  });
}

const ReferrerDashboardPage = lazy(() =>
  import('@/features/referrals/referrer-dashboard-page').then((m) => ({ default: m.ReferrerDashboardPage })),
);
const OriginalDashboardPage = lazy(() =>
  import('@/features/referrals/original-dashboard-page').then((m) => ({ default: m.OriginalDashboardPage })),
);
const BasicDashboardPage = lazy(() =>
  import('@/features/referrals/basic-dashboard-page').then((m) => ({ default: m.BasicDashboardPage })),
);
const EmergencyDashboardPage = lazy(() =>
  import('@/features/referrals/emergency-dashboard-page').then((m) => ({
    default: m.EmergencyDashboardPage,
  })),
);

/** The referrer dashboard variants: visitors see 'Authentication Required' instead of a redirect (spec 6). */
export const referrerDashboardRoutes = [
  {
    path: paths.referrerDashboard,
    element: (
      <SignedInPage visitor={<AuthRequired />}>
        {(user) => <ReferrerDashboardPage user={user} renderProfileModal={renderProfileModal} />}
      </SignedInPage>
    ),
  },
  {
    path: paths.originalDashboard,
    element: (
      <SignedInPage visitor={<AuthRequired />}>
        {(user) => <OriginalDashboardPage user={user} renderProfileModal={renderProfileModal} />}
      </SignedInPage>
    ),
  },
  {
    path: paths.basicDashboard,
    element: (
      <SignedInPage visitor={<AuthRequired />} authError={<CenteredMessage title="Auth check failed" />}>
        {(user) => <BasicDashboardPage user={user} />}
      </SignedInPage>
    ),
  },
  {
    path: paths.emergencyDashboard,
    element: (
      <SignedInPage visitor={<AuthRequired />} authError={<CenteredMessage title="Authentication failed" />}>
        {() => <EmergencyDashboardPage />}
      </SignedInPage>
    ),
  },
].map((route) => ({ ...route, handle: { title: 'Referrer Dashboard' } }));
