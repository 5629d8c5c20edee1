import { useState } from 'react';
import type { MockUser } from '../mock/mock-data';
import { MockAccountDropdown } from './mock-account-dropdown';

/** The shared account dropdown as the selected mock user would see it. */
export function AccountDropdownTab({ user }: { user: MockUser }) {
  const [lastAction, setLastAction] = useState<string | null>(null);
  return (
    <section className="bg-background space-y-4 rounded-lg border p-5" aria-labelledby="account-dropdown">
      <div className="space-y-1">
        <h2 id="account-dropdown" className="text-lg font-semibold">
          Account dropdown
        </h2>
        <p className="text-muted-foreground text-sm">
          Shows the picture or initial of {user.fullName}. Its items only describe what they would do.
        </p>
      </div>
      <MockAccountDropdown user={user} onAction={setLastAction} />
      <p aria-live="polite" className="text-sm">
        {lastAction}
      </p>
    </section>
  );
}
