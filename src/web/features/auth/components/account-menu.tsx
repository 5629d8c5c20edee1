import type { User } from '@shared/auth';
import { ChevronDown, LogOut, MonitorSmartphone } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useSignOut } from '../api/sign-out';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';
import { paths } from '@/paths';

export interface MenuLink {
  label: string;
  to: string;
}

/** Picture or initial, 'Account', the given links, then sign-out (spec: Account menu / Account dropdown). */
export function AccountMenu({
  user,
  links,
  signOutLabel,
}: {
  user: User;
  links: MenuLink[];
  signOutLabel: string;
}) {
  const navigate = useNavigate();
  const toSignIn = () => navigate(paths.signIn);
  const signOut = useSignOut(toSignIn);
  const signOutEverywhere = useSignOutEverywhere(toSignIn);
  const leaving = signOut.isPending || signOutEverywhere.isPending;
  const initial = (user.fullName.trim()[0] ?? 'U').toUpperCase();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2">
          <Avatar className="size-7">
            {user.profilePicture && (
              <AvatarImage src={user.profilePicture} alt="" referrerPolicy="no-referrer" />
            )}
            <AvatarFallback className="bg-primary text-primary-foreground text-xs">{initial}</AvatarFallback>
          </Avatar>
          <span className="hidden sm:inline">Account</span>
          <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
        </Button>
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
