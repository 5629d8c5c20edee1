import type { User } from '@shared/auth';
import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { PersonAvatar } from '@/components/person-avatar';
import { Button } from '@/components/ui/button';

/**
 * The account menu's button: picture or initial, then 'Account' (shown from the small breakpoint; on
 * phones it is there for screen readers only, so the button is named 'Account' everywhere). The menu wraps it as its trigger; before the menu has loaded, the
 * header shows it alone.
 */
export function AccountTrigger({ user, ...props }: { user: User } & ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" className="gap-2 px-2" {...props}>
      <PersonAvatar person={user} />
      {/* The button's name on every screen; shown from the small breakpoint. */}
      <span className="sr-only sm:not-sr-only">Account</span>
      <ChevronDown className="size-4 opacity-60" aria-hidden="true" />
    </Button>
  );
}
