import {
  MAX_MONTHLY_REFERRAL_CAP,
  MonthlyReferralCapSchema,
  PausedUntilSchema,
  pauseEndProblem,
  todayIn,
} from '@shared/settings';
import { Gauge, Loader2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api-error';
import { useUpdateUserSettings, useUserSettings } from '../api/user-settings';

/** The two fields as typed: '' for no cap and no pause. */
export interface ReferralLoadDraft {
  cap: string;
  pausedUntil: string;
}

export type ReferralLoad = { monthlyReferralCap: number | null; referralsPausedUntil: string | null };

/**
 * The draft as PUT /api/user/settings takes it, or the sentence that says what is wrong: a pause ending
 * before `today` (in the zone the server reads it in) is said here, before anything is sent.
 */
export function parseReferralLoad(
  draft: ReferralLoadDraft,
  today: string,
): { ok: ReferralLoad } | { error: string } {
  const capText = draft.cap.trim();
  const cap = MonthlyReferralCapSchema.safeParse(capText === '' ? null : Number(capText));
  if (!cap.success) return { error: cap.error.issues[0]!.message };
  const pause = PausedUntilSchema.safeParse(draft.pausedUntil === '' ? null : draft.pausedUntil);
  if (!pause.success) return { error: pause.error.issues[0]!.message };
  const past = pauseEndProblem(pause.data, today);
  if (past) return { error: past };
  return { ok: { monthlyReferralCap: cap.data, referralsPausedUntil: pause.data } };
}

/** Today where the pause is read: the account's zone, UTC while it has none (as the server reads it). */
export const pauseToday = (settings: { timeZone: string | null } | undefined) =>
  todayIn(settings?.timeZone ?? null);

export const toDraft = (load: Partial<ReferralLoad> | undefined): ReferralLoadDraft => ({
  cap: load?.monthlyReferralCap == null ? '' : String(load.monthlyReferralCap),
  pausedUntil: load?.referralsPausedUntil ?? '',
});

/**
 * Issue 25 item 9: how many new referral requests a month, and a pause. Labelled fields with their help
 * text; the caller owns the values and the saving (the settings card below, the /refer flow's step 3).
 */
export function ReferralLoadFields({
  draft,
  onChange,
  disabled,
  today,
}: {
  draft: ReferralLoadDraft;
  onChange: (draft: ReferralLoadDraft) => void;
  disabled?: boolean;
  /** The first day the pause may end on (the date picker offers no earlier one). */
  today: string;
}) {
  const ids = { cap: useId(), capHint: useId(), pause: useId(), pauseHint: useId() };
  return (
    <div className="grid gap-4">
      <div className="grid gap-1.5">
        <Label htmlFor={ids.cap}>Most new requests a month</Label>
        <Input
          id={ids.cap}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_MONTHLY_REFERRAL_CAP}
          step={1}
          placeholder="No limit"
          className="max-w-40"
          value={draft.cap}
          disabled={disabled}
          aria-describedby={ids.capHint}
          onChange={(e) => onChange({ ...draft, cap: e.target.value })}
        />
        <p id={ids.capHint} className="text-muted-foreground text-xs">
          From 1 to {MAX_MONTHLY_REFERRAL_CAP}, counted per calendar month in your time zone. Leave it empty
          for no limit. Once you reach it, new requests go to other referrers until the month ends.
        </p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={ids.pause}>Pause new requests until</Label>
        <Input
          id={ids.pause}
          type="date"
          min={today}
          className="max-w-48"
          value={draft.pausedUntil}
          disabled={disabled}
          aria-describedby={ids.pauseHint}
          onChange={(e) => onChange({ ...draft, pausedUntil: e.target.value })}
        />
        <p id={ids.pauseHint} className="text-muted-foreground text-xs">
          No new requests reach you before this day begins. Requests you already hold, your willingness and
          your record stay as they are. Leave it empty to take requests now.
        </p>
      </div>
    </div>
  );
}

/** Account Settings: the monthly cap and the pause (GET/PUT /api/user/settings). */
export function ReferralLoadCard() {
  const titleId = useId();
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const [draft, setDraft] = useState<ReferralLoadDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = draft ?? toDraft(settings.data);

  const today = pauseToday(settings.data);

  function save(event: FormEvent) {
    event.preventDefault();
    const parsed = parseReferralLoad(shown, today);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    update.mutate(parsed.ok, {
      onSuccess: () => {
        setDraft(null);
        toast({ title: 'Saved', description: 'Your referral limits are saved.' });
      },
      // The server's sentence, where it refused what the form let through (a day that ended meanwhile).
      onError: (failure) =>
        setError(failure instanceof ApiRequestError ? (failure.serverMessage ?? null) : null),
    });
  }

  return (
    <Card aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gauge className="text-primary size-5" aria-hidden="true" />
          <h2 id={titleId}>Referral requests you take</h2>
        </CardTitle>
        <CardDescription>
          As a referrer you decide how many requests reach you, and when to take a break.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isError ? (
          <p role="alert" className="text-destructive text-sm">
            Your settings could not be loaded. Please try again later.
          </p>
        ) : (
          <form onSubmit={save} noValidate className="grid gap-4">
            <ReferralLoadFields
              draft={shown}
              today={today}
              disabled={settings.isPending || update.isPending}
              onChange={(next) => {
                setDraft(next);
                setError(null);
              }}
            />
            {error && (
              <p role="alert" className="text-destructive text-sm">
                {error}
              </p>
            )}
            <Button
              type="submit"
              className="justify-self-start"
              disabled={settings.isPending || update.isPending}
            >
              {update.isPending && <Loader2 className="animate-spin" aria-hidden="true" />}
              {update.isPending ? 'Saving...' : 'Save limits'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
