import { Check, ChevronDown, UsersRound } from 'lucide-react';
import { AccountMenuView } from '@/components/account-menu-view';
import { Button } from '@/components/ui/button';
import { MOCK_USERS, type MockUser } from '../mock/mock-data';
import { roleLabel } from './mock-user-switcher';

/** The referrer demo's switch-user menu. */
export function SwitchUserMenu({ user, onChange }: { user: MockUser; onChange: (id: number) => void }) {
  return (
    <AccountMenuView
      className="w-64"
      trigger={
        <Button variant="outline" className="max-w-64 gap-2">
          <UsersRound aria-hidden="true" />
          <span className="sr-only">Switch user (now</span>
          <span className="truncate">{user.fullName}</span>
          <span className="sr-only">)</span>
          <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
        </Button>
      }
      title="Switch user"
      groups={[
        MOCK_USERS.map((u) => ({
          key: String(u.id),
          onSelect: () => onChange(u.id),
          current: u.id === user.id,
          label: (
            <>
              <span className="flex flex-1 flex-col">
                <span>{u.fullName}</span>
                <span className="text-muted-foreground text-xs">{roleLabel(u)}</span>
              </span>
              {u.id === user.id && <Check aria-hidden="true" />}
            </>
          ),
        })),
      ]}
    />
  );
}
