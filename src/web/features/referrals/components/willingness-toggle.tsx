import type { User } from '@shared/auth';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useUpdateWillingness } from '../api/update-willingness';

/**
 * docs/product.md, Flows and statuses ('Willingness to give referrals'): the checkbox of the Incoming Requests tab. It shows the
 * new state at once (the update is optimistic and rolls back on failure).
 */
export function WillingnessToggle({ user }: { user: User }) {
  const id = useId();
  const update = useUpdateWillingness(user.id);
  const willing = user.willingToGiveReferrals;
  return (
    <div className="bg-card flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-4">
      {/* The label stays beside its box and wraps its own text on a narrow screen. */}
      <div className="flex min-w-0 items-start gap-3">
        <Checkbox
          id={id}
          checked={willing}
          onCheckedChange={(checked) => update.mutate(checked === true)}
          className="mt-0.5"
          data-testid="willingness-checkbox"
        />
        <Label htmlFor={id} className="cursor-pointer leading-snug">
          I am willing to give referrals for my organization
        </Label>
      </div>
      {willing && (
        <Badge variant="outline" className="border-green-300 bg-green-50 text-green-800">
          Currently active
        </Badge>
      )}
    </div>
  );
}
