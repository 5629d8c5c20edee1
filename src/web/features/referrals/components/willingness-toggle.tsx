import type { User } from '@shared/auth';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useUpdateWillingness } from '../api/update-willingness';

/** Spec section 4 ('Willingness to give referrals'): the checkbox of the Incoming Requests tab. */
export function WillingnessToggle({ user }: { user: User }) {
  const id = useId();
  const update = useUpdateWillingness(user.id);
  const willing = user.willingToGiveReferrals;
  return (
    <div className="bg-card flex flex-wrap items-center gap-3 rounded-lg border p-4">
      <Checkbox
        id={id}
        checked={willing}
        disabled={update.isPending}
        onCheckedChange={(checked) => update.mutate(checked === true)}
        data-testid="willingness-checkbox"
      />
      <Label htmlFor={id} className="cursor-pointer">
        I am willing to give referrals for my organization
      </Label>
      {willing && (
        <Badge variant="outline" className="border-green-300 bg-green-50 text-green-800">
          Currently active
        </Badge>
      )}
    </div>
  );
}
