import { canonicalTimeZone, zonedTimeFormat } from '@shared/settings';
import { Globe2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api-error';
import { browserTimeZone } from '@/lib/time-zone';
import { SettingsCard } from '@/components/settings-card';
import { useUpdateUserSettings, useUserSettings } from '../api/user-settings';
import { BusyIcon } from '@/components/busy-icon';

/** Every IANA zone this browser knows, with the given ones (the saved zone, the browser's) among them. */
function zoneChoices(...present: (string | null | undefined)[]): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', ...present.filter((z): z is string => !!z)])].sort();
}

/** 'Europe/Berlin (GMT+1)': the zone and its offset now. */
export function zoneLabel(zone: string): string {
  const offset = zonedTimeFormat(zone, { hour: 'numeric' })
    .formatToParts(new Date())
    .find((part) => part.type === 'timeZoneName')?.value;
  return offset && offset !== zone ? `${zone.replaceAll('_', ' ')} (${offset})` : zone.replaceAll('_', ' ');
}

/**
 * Account Settings (issue 46 item 9): the time zone the account's mail, monthly cap and pause are read in.
 * Sign-in fills it from the browser when it is empty; here it is seen and changed (PUT /api/user/settings
 * {timeZone}, checked by the shared schema on the server).
 */
export function TimeZoneCard() {
  const ids = { select: useId(), hint: useId() };
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const saved = settings.data?.timeZone ?? null;
  const browser = browserTimeZone();
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = chosen ?? saved ?? (browser && canonicalTimeZone(browser)) ?? 'UTC';

  function save(event: FormEvent) {
    event.preventDefault();
    setError(null);
    update.mutate(
      { timeZone: shown },
      {
        onSuccess: () => {
          setChosen(null);
          toast({ title: 'Saved', description: `Your time zone is ${zoneLabel(shown)}.` });
        },
        onError: (failure) =>
          setError(failure instanceof ApiRequestError ? (failure.serverMessage ?? null) : null),
      },
    );
  }

  return (
    <SettingsCard
      icon={Globe2}
      title="Time zone"
      description={
        <>
          Times in your email, your monthly cap and your pause follow it. Now:{' '}
          <strong className="text-foreground font-medium">
            {saved ? zoneLabel(saved) : 'not set, so UTC'}
          </strong>
          .
        </>
      }
      descriptionId={ids.hint}
      loadFailed={settings.isError}
    >
      <form onSubmit={save} noValidate className="grid gap-4">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.select}>Your time zone</Label>
          <NativeSelect
            id={ids.select}
            value={shown}
            disabled={settings.isPending || update.isPending}
            aria-describedby={ids.hint}
            onChange={(e) => {
              setChosen(e.target.value);
              setError(null);
            }}
          >
            {zoneChoices(saved, browser).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </NativeSelect>
        </div>
        {error && (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
        <Button
          type="submit"
          className="justify-self-start"
          disabled={settings.isPending || update.isPending || shown === saved}
        >
          <BusyIcon busy={update.isPending} />
          {update.isPending ? 'Saving...' : 'Save time zone'}
        </Button>
      </form>
    </SettingsCard>
  );
}
