import type { User } from '@shared/auth';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { useNavigate } from 'react-router';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
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

/** Picture or initial, 'Account', the given links, then sign-out (spec: Account menu / Account dropdown). */
export function AccountMenu({ user, links, signOutLabel, defaultOpen }: AccountMenuProps) {
  const navigate = useNavigate();
  const toSignIn = () => navigate(paths.signIn);
  const signOut = useSignOut(toSignIn);
  const signOutEverywhere = useSignOutEverywhere(toSignIn);
  const leaving = signOut.isPending || signOutEverywhere.isPending;
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountTrigger user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-56">
        <DropdownMenuLabel className="truncate font-normal">
          <span className="block font-medium">{user.fullName}</span>
          <span className="text-muted-foreground block truncate text-xs">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {links.map((link) => (
          <DropdownMenuItem key={link.to + link.label} onSelect={() => navigate(link.to)}>
            {link.label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => signOut.mutate()} disabled={leaving}>
          <LogOut aria-hidden="true" />
          {signOutLabel}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => signOutEverywhere.mutate()} disabled={leaving}>
          <MonitorSmartphone aria-hidden="true" />
          Sign out everywhere
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
