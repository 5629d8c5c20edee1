import type { User } from '@shared/auth';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useNavigate } from 'react-router';
import { AccountMenuView } from '@/components/account-menu-view';
import { useSignOut } from '../api/sign-out';
import { AccountTrigger } from './account-trigger';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { paths } from '@/paths';

export interface MenuLink {
  label: string;
  to: string;
}

export interface AccountMenuProps {
  user: User;
  links: MenuLink[];
  signOutLabel: string;
  /** Open at once (the header loads the menu on the first click of its trigger: account-button.tsx). */
  defaultOpen?: boolean;
}

/** Picture or initial, 'Account', the given links, then sign-out (docs/product.md, Screens: the account menu). */
export function AccountMenu({ user, links, signOutLabel, defaultOpen }: AccountMenuProps) {
  const navigate = useNavigate();
  const toSignIn = () => navigate(paths.signIn);
  const signOut = useSignOut(toSignIn);
  const signOutEverywhere = useSignOutEverywhere(toSignIn);
  const leaving = signOut.isPending || signOutEverywhere.isPending;
  return (
    <AccountMenuView
      defaultOpen={defaultOpen}
      trigger={<AccountTrigger user={user} />}
      person={user}
      groups={[
        links.map((link) => ({
          key: link.to + link.label,
          label: link.label,
          onSelect: () => navigate(link.to),
        })),
        [
          {
            key: 'sign-out',
            label: signOutLabel,
            icon: <LogOut aria-hidden="true" />,
            onSelect: () => signOut.mutate(),
            disabled: leaving,
          },
          {
            key: 'sign-out-everywhere',
            label: 'Sign out everywhere',
            icon: <MonitorSmartphone aria-hidden="true" />,
            onSelect: () => signOutEverywhere.mutate(),
            disabled: leaving,
          },
        ],
      ]}
    />
  );
}
