import { REFERRAL_SUBMIT_TEXTS } from '@shared/referral-texts';
import { lazy, Suspense } from 'react';
import { toast } from '@/components/ui/use-toast';
import type { User } from '@shared/auth';
import { useActiveResume } from '@/features/profile/api/get-active-resume';
import { useUserSettings } from '@/features/profile/api/user-settings';
import type { RenderProfileModal } from '@/features/referrals/components/profile-modal-slot';

/**
 * The referral screens composed with what they need from the profile feature (the active resume and the
 * profile modal): features do not import each other, the composition root hands those in.
 */
const RequestReferralPage = lazy(() =>
  import('@/features/referrals/request-referral-page').then((m) => ({ default: m.RequestReferralPage })),
);
const ReferrerDashboardPage = lazy(() =>
  import('@/features/referrals/referrer-dashboard-page').then((m) => ({ default: m.ReferrerDashboardPage })),
);
const UserProfileModal = lazy(() =>
  import('@/features/profile/components/user-profile-modal').then((m) => ({ default: m.UserProfileModal })),
);

export function RequestReferralRoute({ currentCompanyName }: { currentCompanyName: string | null }) {
  const resume = useActiveResume();
  return (
    <RequestReferralPage
      resume={{ isLoading: resume.isPending, isError: resume.isError, fileUrl: resume.data?.fileUrl ?? null }}
      currentCompanyName={currentCompanyName}
    />
  );
}

/** /referrer-dashboard with the referrer's pause and monthly cap, which the profile feature's settings hold. */
export function ReferrerDashboardRoute(props: { user: User; renderProfileModal: RenderProfileModal }) {
  const settings = useUserSettings();
  return <ReferrerDashboardPage {...props} referralLoad={settings.data} />;
}

export const renderProfileModal: RenderProfileModal = (props) => (
  <Suspense fallback={null}>
    <UserProfileModal {...props} />
  </Suspense>
);

/** docs/product.md, Messages ('Referral request'): visitors are told before the redirect to /signin. */
export function toastSignInToRequest() {
  toast({
    variant: 'destructive',
    title: REFERRAL_SUBMIT_TEXTS.authTitle,
    description: REFERRAL_SUBMIT_TEXTS.authMessage,
  });
}
