import { ChevronDown, LogOut } from 'lucide-react';
import { AccountMenuView } from '@/components/account-menu-view';
import { PersonAvatar } from '@/components/person-avatar';
import { Button } from '@/components/ui/button';
import { paths } from '@/paths';
import type { MockUser } from '../mock/mock-data';

const ITEMS = [
  { label: 'Referrals Dashboard', to: paths.dashboard },
  { label: 'Account Settings', to: paths.profileEdit },
] as const;

/**
 * The account dropdown of docs/product.md, Screens for a mock user: picture or initial, 'Account', Referrals
 * Dashboard, Account Settings, Sign Out. In the demo an item only says where it would lead.
 */
export function MockAccountDropdown({
  user,
  onAction,
}: {
  user: MockUser;
  onAction: (description: string) => void;
}) {
  return (
    <AccountMenuView
      align="start"
      trigger={
        <Button variant="outline" className="gap-2 px-2">
          <PersonAvatar person={user} />
          <span>Account</span>
          <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
        </Button>
      }
      person={user}
      groups={[
        ITEMS.map((item) => ({
          key: item.to,
          label: item.label,
          onSelect: () => onAction(`${item.label} would open ${item.to}.`),
        })),
        [
          {
            key: 'sign-out',
            label: 'Sign Out',
            icon: <LogOut aria-hidden="true" />,
            onSelect: () => onAction(`Sign Out would sign ${user.fullName} out.`),
          },
        ],
      ]}
    />
  );
}
