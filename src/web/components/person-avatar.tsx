import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';

// Apart from the menu: the header's trigger shows the avatar on every signed-in page, while the menu itself
// (Radix's dropdown) loads on the first click (docs/decisions/022-first-visit-javascript.md).

/** Who a menu is about: a signed-in user or a demo's mock user. */
export interface MenuPerson {
  fullName: string;
  email: string;
  profilePicture: string | null;
}

export function initialOf(name: string): string {
  return (name.trim()[0] ?? 'U').toUpperCase();
}

/** The person's picture, or their initial where there is none. */
export function PersonAvatar({ person }: { person: Omit<MenuPerson, 'email'> }) {
  return (
    <Avatar className="size-7" aria-hidden="true">
      {person.profilePicture && (
        <AvatarImage src={person.profilePicture} alt="" referrerPolicy="no-referrer" />
      )}
      <AvatarFallback className="bg-primary text-primary-foreground text-xs">
        {initialOf(person.fullName)}
      </AvatarFallback>
    </Avatar>
  );
}
