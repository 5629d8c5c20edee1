import type { AdminUser } from '@shared/admin';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TableCell, TableRow } from '@/components/ui/table';
import { userSearchQuery } from '../api/search-users';
import { useSuspendUser } from '../api/suspend-user';
import { useUnsuspendUser } from '../api/unsuspend-user';
import { useUnverifyUser } from '../api/unverify-user';
import { useVerifyUser } from '../api/verify-user';
import { formatWhen } from '../utils/format';
import { SearchSection } from './search-section';
import { TextDialog, succeeded } from './text-dialog';
import { adminPaths } from '../admin-paths';

/**
 * Finds users by name or email; suspends, lifts a suspension, verifies a referrer by hand (with a note for
 * the audit log) and takes such a verification back.
 */
export function UserAdmin({ selfId }: { selfId: number }) {
  const [q, setQ] = useState('');
  const users = useQuery(userSearchQuery(q));
  return (
    <SearchSection
      headingId="users-heading"
      title="Users"
      searchLabel="Find a user"
      placeholder="Name or email"
      onSearch={setQ}
      query={users}
      empty="No user matches."
      columns={['User', 'Refers at', 'Status', 'Actions']}
      row={(user) => <UserRow key={user.id} user={user} self={user.id === selfId} />}
    />
  );
}

const VERIFIED_BY: Record<NonNullable<AdminUser['verificationMethod']>, string> = {
  'sign-in-email': 'by their sign-in email',
  'work-email': 'by a work-email code',
  admin: 'by hand',
};

function UserRow({ user, self }: { user: AdminUser; self: boolean }) {
  return (
    <TableRow>
      <TableCell className="min-w-36">
        <Link to={adminPaths.user(user.id)} className="font-medium break-words underline underline-offset-4">
          {user.fullName}
        </Link>
        <div className="text-muted-foreground text-xs break-all">{user.email}</div>
        <div className="text-muted-foreground text-xs">
          #{user.id} · joined {formatWhen(user.createdAt)}
        </div>
      </TableCell>
      <TableCell data-label="Refers at">
        <UserReferrer user={user} />
      </TableCell>
      <TableCell data-label="Status">
        <UserStatus user={user} />
      </TableCell>
      <TableCell data-label="Actions">
        <UserActions user={user} self={self} />
      </TableCell>
    </TableRow>
  );
}

/** Where the user refers, and whether (and how) they are verified there. */
export function UserReferrer({ user }: { user: AdminUser }) {
  return (
    <>
      {user.referrerCompany ?? <span className="text-muted-foreground">—</span>}
      {user.referrerCompany && (
        <div>
          <Badge variant={user.verified ? 'default' : 'outline'}>
            {user.verified ? 'Verified' : 'Unverified'}
          </Badge>
          {user.verificationMethod && (
            <div className="text-muted-foreground text-xs">{VERIFIED_BY[user.verificationMethod]}</div>
          )}
        </div>
      )}
    </>
  );
}

/** Active, or suspended with the admin's reason. */
export function UserStatus({ user }: { user: AdminUser }) {
  return user.suspendedAt ? (
    <>
      <Badge variant="destructive">Suspended</Badge>
      <div className="text-muted-foreground mt-1 max-w-48 text-xs break-words">{user.suspensionReason}</div>
    </>
  ) : (
    <Badge variant="secondary">Active</Badge>
  );
}

/** An action on the user that needs nothing but the click; its button waits while it runs. */
function ClickAction({
  action,
  id,
  children,
}: {
  action: { isPending: boolean; mutate: (id: number) => void };
  id: number;
  children: ReactNode;
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={action.isPending}
      onClick={() => action.mutate(id)}
    >
      {children}
    </Button>
  );
}

/** Suspend or lift it, verify by hand or take that back: the row's and the user view's actions. */
export function UserActions({ user, self }: { user: AdminUser; self: boolean }) {
  const suspend = useSuspendUser();
  const unsuspend = useUnsuspendUser();
  const verify = useVerifyUser();
  const unverify = useUnverifyUser();
  return (
    <div className="flex flex-wrap gap-2">
      {user.suspendedAt ? (
        <ClickAction action={unsuspend} id={user.id}>
          Unsuspend
        </ClickAction>
      ) : (
        !self && (
          <TextDialog
            trigger={
              <Button type="button" size="sm" variant="destructive">
                Suspend
              </Button>
            }
            title={`Suspend ${user.fullName}?`}
            description="They are signed out everywhere at once and cannot sign in. Referrals they hold pass to other referrers; their own requests wait until you lift it."
            label="Reason"
            hint="Kept in the audit log; the user is not shown it."
            required
            destructive
            confirm="Suspend"
            onConfirm={(reason) => succeeded(() => suspend.mutateAsync({ id: user.id, reason }))}
          />
        )
      )}
      {user.referrerCompany && !user.verified && (
        <TextDialog
          trigger={
            <Button type="button" size="sm" variant="secondary">
              Verify by hand
            </Button>
          }
          title={`Verify ${user.fullName} at ${user.referrerCompany} by hand?`}
          description={`Only when you know they work at ${user.referrerCompany}: matching then ranks them as verified until the verification lapses, and you can take it back here.`}
          label="Note"
          hint="How you know, for the audit log; the user is not shown it."
          confirm="Verify"
          onConfirm={(note) => succeeded(() => verify.mutateAsync({ id: user.id, note }))}
        />
      )}
      {user.verified && user.verificationMethod === 'admin' && (
        <ClickAction action={unverify} id={user.id}>
          Undo verification
        </ClickAction>
      )}
    </div>
  );
}
