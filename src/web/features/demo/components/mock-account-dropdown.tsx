import { ChevronDown, LogOut } from 'lucide-react';
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
import { paths } from '@/paths';
import type { MockUser } from '../mock/mock-data';

export function initialOf(name: string): string {
  return (name.trim()[0] ?? 'U').toUpperCase();
}

const ITEMS = [
  { label: 'Referrals Dashboard', to: paths.dashboard },
  { label: 'Account Settings', to: paths.profileEdit },
] as const;

/**
 * The account dropdown of spec section 2 for a mock user: picture or initial, 'Account', Referrals
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
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" className="gap-2 px-2">
          <Avatar className="size-7">
            {user.profilePicture && <AvatarImage src={user.profilePicture} alt="" />}
            <AvatarFallback className="bg-primary text-primary-foreground text-xs">
              {initialOf(user.fullName)}
            </AvatarFallback>
          </Avatar>
          <span>Account</span>
          <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-56">
        <DropdownMenuLabel className="truncate font-normal">
          <span className="block font-medium">{user.fullName}</span>
          <span className="text-muted-foreground block truncate text-xs">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {ITEMS.map((item) => (
          <DropdownMenuItem key={item.to} onSelect={() => onAction(`${item.label} would open ${item.to}.`)}>
            {item.label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onAction(`Sign Out would sign ${user.fullName} out.`)}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
