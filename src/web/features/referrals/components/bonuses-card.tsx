import { firstNameOf } from '@shared/names';
import {
  BONUS_STATUS_LABELS,
  formatBonusAmount,
  formatBonusDay,
  type ReferralBonus,
} from '@shared/referral-bonus';
import { Gift } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useIncomingRequests } from '../api/get-incoming-requests';
import { useReferrerBonuses } from '../api/get-referrer-bonuses';
import { BonusForm } from './bonus-form';

export const BONUSES_FAILED = 'Your bonuses could not be loaded. Please try again later.';
export const NO_BONUSES =
  'Nothing to track yet. Once a referral of yours is marked successful, record its bonus here and we will remind you when it is due.';

/** A successful referral the card can record a bonus for. */
interface Hire {
  referralId: number;
  candidateFirstName: string;
  company: string;
  position: string;
}

/**
 * Issue 50 item 5, on the referrer dashboard: the bonuses the referrer tracks, each editable, and their
 * successful referrals with no bonus yet, to record one. Only they see it (docs/decisions/083-referral-bonus-tracker.md).
 */
export function BonusesCard() {
  const titleId = useId();
  const bonuses = useReferrerBonuses();
  const incoming = useIncomingRequests();
  const [editing, setEditing] = useState<number | null>(null);
  // One row's form is open at a time.
  const editingOf = (referralId: number): Editing => ({
    editing: editing === referralId,
    onEdit: (open) => setEditing(open ? referralId : null),
  });

  const tracked = new Set(bonuses.data?.items.map((b) => b.referralId));
  const hires: Hire[] = (incoming.data?.pages.flat() ?? []).flatMap((request) =>
    request.referral?.status === 'successful' &&
    request.referral.passedOnAt === null &&
    !tracked.has(request.referral.id)
      ? [
          {
            referralId: request.referral.id,
            candidateFirstName: firstNameOf(request.jobSeeker.fullName),
            company: request.company.name,
            position: request.position,
          },
        ]
      : [],
  );

  return (
    <Card role="region" className="gap-4 py-4" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Gift className="size-4" aria-hidden="true" />
          <h2 id={titleId}>Bonuses</h2>
        </CardTitle>
        <CardDescription>
          The referral bonuses your company promised for your hires. Only you see them.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-sm">
        {bonuses.isPending ? (
          <p role="status">Loading your bonuses...</p>
        ) : bonuses.isError ? (
          <p role="alert" className="text-destructive">
            {BONUSES_FAILED}
          </p>
        ) : (
          <>
            {bonuses.data.items.length === 0 && hires.length === 0 && (
              <p className="text-muted-foreground">{NO_BONUSES}</p>
            )}
            {bonuses.data.items.length > 0 && (
              <ul className="grid gap-2" aria-label="Your bonuses">
                {bonuses.data.items.map((bonus) => (
                  <BonusRow key={bonus.referralId} bonus={bonus} {...editingOf(bonus.referralId)} />
                ))}
              </ul>
            )}
            {hires.length > 0 && (
              <section className="grid gap-2 border-t pt-4" aria-label="Hires to record">
                <h3 className="font-medium">Record a bonus</h3>
                <ul className="grid gap-2">
                  {hires.map((hire) => (
                    <HireRow key={hire.referralId} hire={hire} {...editingOf(hire.referralId)} />
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

interface Editing {
  editing: boolean;
  onEdit: (open: boolean) => void;
}

function BonusRow({ bonus, editing, onEdit }: { bonus: ReferralBonus } & Editing) {
  const who = `${bonus.candidateFirstName} at ${bonus.company}`;
  const amount = formatBonusAmount(bonus.amount, bonus.currency);
  return (
    <EditableRow
      title={
        <>
          {who}{' '}
          <Badge variant={bonus.status === 'waiting' ? 'secondary' : 'outline'}>
            {BONUS_STATUS_LABELS[bonus.status]}
          </Badge>
        </>
      }
      details={[
        `Expected ${formatBonusDay(bonus.expectedPayoutOn)}`,
        `hired ${formatBonusDay(bonus.hiredOn)}`,
        amount,
      ]
        .filter(Boolean)
        .join(' · ')}
      action="Edit"
      actionLabel={`Edit the bonus for ${who}`}
      editing={editing}
      onEdit={onEdit}
    >
      <BonusForm referralId={bonus.referralId} who={who} initial={bonus} onDone={() => onEdit(false)} />
    </EditableRow>
  );
}

function HireRow({ hire, editing, onEdit }: { hire: Hire } & Editing) {
  const who = `${hire.candidateFirstName} at ${hire.company}`;
  return (
    <EditableRow
      title={who}
      details={`${hire.position} · successful`}
      action="Record bonus"
      actionLabel={`Record bonus for ${who}`}
      editing={editing}
      onEdit={onEdit}
    >
      <BonusForm referralId={hire.referralId} who={who} onDone={() => onEdit(false)} />
    </EditableRow>
  );
}

/** A bonus or a hire: what it is, a button that opens its form in place, and the form while open. */
function EditableRow({
  title,
  details,
  action,
  actionLabel,
  editing,
  onEdit,
  children,
}: {
  title: ReactNode;
  details: string;
  action: string;
  actionLabel: string;
  children: ReactNode;
} & Editing) {
  return (
    <li className="grid gap-3 rounded-md border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <p className="font-medium break-words">{title}</p>
          <p className="text-muted-foreground text-xs break-words">{details}</p>
        </div>
        {!editing && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-label={actionLabel}
            onClick={() => onEdit(true)}
          >
            {action}
          </Button>
        )}
      </div>
      {editing && children}
    </li>
  );
}
