import { useEffect, type ReactNode } from 'react';
import { AccountButton } from '@/features/auth/components/account-button';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { NotificationPoller } from '@/features/notifications/components/notification-poller';
import { useAuthStatus } from '@/lib/auth';
import { sessionFlags } from '@/lib/session-flags';
import { signedInMenu } from './layouts';

/**
 * The public pages' top bar for a browser that was signed in when it last knew (site-header.tsx): the
 * session decides between the signed-in header's bell and account menu, and Sign in and Sign up. Loaded
 * only for such a browser, so a visitor's public page never asks the session.
 */
export function SiteSessionActions({ signedOut }: { signedOut: ReactNode }) {
  const status = useAuthStatus();
  const user = status.data?.isAuthenticated ? status.data.user : null;
  const gone = status.isError || (status.isSuccess && !user);
  useEffect(() => {
    if (gone) sessionFlags.clearMayBeSignedIn();
  }, [gone]);
  // Room held while the session is asked, so the bar does not jump.
  if (status.isPending) return <div className="h-9 w-28" aria-hidden="true" />;
  if (!user) return signedOut;
  return (
    <NotificationPoller>
      <div className="flex items-center gap-2">
        <NotificationBell />
        <AccountButton user={user} links={signedInMenu(user)} signOutLabel="Sign out" />
      </div>
    </NotificationPoller>
  );
}
