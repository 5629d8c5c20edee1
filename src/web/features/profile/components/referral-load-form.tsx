import {
  MAX_MONTHLY_REFERRAL_CAP,
  MonthlyReferralCapSchema,
  PausedUntilSchema,
  pauseEndProblem,
  todayIn,
} from '@shared/settings';

import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ApiRequestError } from '@/lib/api-error';
import { useUserSettings } from '../api/user-settings';
import { BusyIcon } from '@/components/busy-icon';

/** The two fields as typed: '' for no cap and no pause. */
interface ReferralLoadDraft {
  cap: string;
  pausedUntil: string;
}

export type ReferralLoad = { monthlyReferralCap: number | null; referralsPausedUntil: string | null };

/**
 * The draft as PUT /api/user/settings takes it, or the sentence that says what is wrong: a pause ending
 * before `today` (in the zone the server reads it in) is said here, before anything is sent.
 */
function parseReferralLoad(
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
const pauseToday = (settings: { timeZone: string | null } | undefined) => todayIn(settings?.timeZone ?? null);

const toDraft = (load: Partial<ReferralLoad> | undefined): ReferralLoadDraft => ({
  cap: load?.monthlyReferralCap == null ? '' : String(load.monthlyReferralCap),
  pausedUntil: load?.referralsPausedUntil ?? '',
});

/**
 * Issue 25 item 9: how many new referral requests a month, and a pause. Labelled fields with their help
 * text; ReferralLoadForm below owns the values, the caller the saving.
 */
function ReferralLoadFields({
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

/**
 * The referral-load form (issue 25 item 9), as the settings card and the /refer flow's step 3 show it: the
 * fields over the saved settings, a sentence where the draft is wrong or saving failed, and the submit
 * button. `save` gets a valid load and throws when saving fails; the server's sentence is shown then, else
 * `failed` (without it, the failure's toast alone says so).
 */
export function ReferralLoadForm({
  save,
  saving,
  submitLabel,
  failed,
  children,
}: {
  save: (load: ReferralLoad) => Promise<void>;
  saving: boolean;
  submitLabel: string;
  failed?: string;
  /** Fields shown before the load's own (the /refer flow's willingness). */
  children?: ReactNode;
}) {
  const settings = useUserSettings();
  const [draft, setDraft] = useState<ReferralLoadDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = draft ?? toDraft(settings.data);
  const today = pauseToday(settings.data);
  const busy = settings.isPending || saving;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseReferralLoad(shown, today);
    if ('error' in parsed) {
      setError(parsed.error);
      return;
    }
    try {
      await save(parsed.ok);
      setDraft(null);
    } catch (failure) {
      // The server's sentence, where it refused what the form let through (a day that ended meanwhile).
      const sentence = failure instanceof ApiRequestError ? failure.serverMessage : undefined;
      setError(sentence ?? failed ?? null);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      {children}
      <ReferralLoadFields
        draft={shown}
        today={today}
        disabled={busy}
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
      <Button type="submit" className="justify-self-start" disabled={busy}>
        <BusyIcon busy={saving} />
        {submitLabel}
      </Button>
    </form>
  );
}
