import { Fragment, type ReactElement, type ReactNode } from 'react';
import type { MenuPerson } from '@/components/person-avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

export interface MenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  /** The item that stands for the present choice (aria-current). */
  current?: boolean;
}

/**
 * A dropdown of the account menu's shape: the trigger, a heading (the person's name and email, or a
 * title), then groups of items with a separator between groups. It only shows: what an item does is the
 * caller's, so the real account menu, the demo's mock of it and the demo's user switch all render this.
 */
export function AccountMenuView({
  trigger,
  person,
  title,
  groups,
  align = 'end',
  className = 'w-56',
  defaultOpen,
}: {
  trigger: ReactElement;
  person?: Omit<MenuPerson, 'profilePicture'>;
  title?: string;
  groups: readonly (readonly MenuItem[])[];
  align?: 'start' | 'end';
  className?: string;
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align={align} className={className}>
        {person ? (
          <DropdownMenuLabel className="truncate font-normal">
            <span className="block font-medium">{person.fullName}</span>
            <span className="text-muted-foreground block truncate text-xs">{person.email}</span>
          </DropdownMenuLabel>
        ) : (
          <DropdownMenuLabel>{title}</DropdownMenuLabel>
        )}
        {groups.map((items, index) => (
          <Fragment key={index}>
            <DropdownMenuSeparator />
            {items.map((item) => (
              <DropdownMenuItem
                key={item.key}
                onSelect={item.onSelect}
                disabled={item.disabled}
                aria-current={item.current ? 'true' : undefined}
              >
                {item.icon}
                {item.label}
              </DropdownMenuItem>
            ))}
          </Fragment>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
