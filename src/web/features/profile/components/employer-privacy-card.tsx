import { HIDDEN_EMPLOYER } from '@shared/employer-privacy';
import { EyeOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { BusyIcon } from '@/components/busy-icon';
import { SettingsCard } from '@/components/settings-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api-error';
import { useConfirmNotificationEmail, useSendNotificationEmailCode } from '../api/notification-email';
import { useUpdateUserSettings, useUserSettings } from '../api/user-settings';

const failure = (error: unknown) =>
  (error instanceof ApiRequestError ? error.serverMessage : undefined) ??
  'That did not work. Please try again.';

/**
 * Account Settings (issue 50 item 4, docs/decisions/085-a-job-hunt-hidden-from-the-employer.md): whether
 * referrers see the current employer, and a personal address for all the mail, confirmed by a mailed code.
 */
export function EmployerPrivacyCard() {
  const ids = {
    hint: useId(),
    switch: useId(),
    switchHint: useId(),
    email: useId(),
    code: useId(),
    status: useId(),
  };
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const send = useSendNotificationEmailCode();
  const confirm = useConfirmNotificationEmail();
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [sendError, setSendError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const shown =
    (update.isPending ? update.variables.showCurrentEmployer : undefined) ??
    settings.data?.showCurrentEmployer ??
    true;
  const confirmed = settings.data?.notificationEmail ?? null;
  const pending = settings.data?.notificationEmailPending ?? null;
  const busy = settings.isPending || send.isPending || confirm.isPending;

  function sendCode(event: FormEvent) {
    event.preventDefault();
    setSendError(null);
    setCodeError(null);
    send.mutate(address, {
      onSuccess: () => {
        setAddress('');
        setCode('');
      },
      onError: (error) => setSendError(failure(error)),
    });
  }

  function confirmCode(event: FormEvent) {
    event.preventDefault();
    setCodeError(null);
    confirm.mutate(
      { code },
      {
        onSuccess: (saved) => {
          setCode('');
          toast({ title: 'Saved', description: `Your mail goes to ${saved.notificationEmail}.` });
        },
        onError: (error) => setCodeError(failure(error)),
      },
    );
  }

  return (
    <SettingsCard
      icon={EyeOff}
      title="Privacy from your employer"
      description="Your requests never reach your own company. Here you also choose what referrers read of it, and where your mail goes."
      descriptionId={ids.hint}
      loadFailed={settings.isError}
      failedText="Your privacy settings could not be loaded. Please try again later."
      contentClassName="grid gap-6"
    >
      <div className="grid gap-1.5">
        <div className="flex items-center gap-3">
          <Switch
            id={ids.switch}
            checked={shown}
            disabled={settings.isPending || update.isPending}
            aria-describedby={ids.switchHint}
            onCheckedChange={(next) => update.mutate({ showCurrentEmployer: next })}
          />
          <Label htmlFor={ids.switch}>Show my current employer to referrers</Label>
        </div>
        <p id={ids.switchHint} className="text-muted-foreground text-sm">
          {shown
            ? 'Referrers see where you work now.'
            : `Referrers read '${HIDDEN_EMPLOYER}' on your requests, profile and experience. Your résumé is shown as you wrote it.`}
        </p>
      </div>

      <div className="grid gap-3">
        <h3 className="text-sm font-medium">Personal email</h3>
        <p id={ids.status} className="text-muted-foreground text-sm" aria-live="polite">
          {confirmed ? (
            <>
              All your mail goes to{' '}
              <strong className="text-foreground font-medium [overflow-wrap:anywhere]">{confirmed}</strong>.
            </>
          ) : (
            'Your mail goes to your sign-in address. News of your requests is never mailed to an address at your current employer: give a personal address to get it by mail.'
          )}
        </p>
        <form onSubmit={sendCode} noValidate className="grid gap-2">
          <Label htmlFor={ids.email}>{confirmed ? 'Another personal address' : 'Personal address'}</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={ids.email}
              type="email"
              autoComplete="email"
              placeholder="you@gmail.com"
              className="min-w-0 flex-1 basis-56"
              value={address}
              disabled={busy}
              aria-invalid={sendError ? true : undefined}
              onChange={(e) => {
                setAddress(e.target.value);
                setSendError(null);
              }}
            />
            <Button type="submit" variant="outline" disabled={busy || address.trim() === ''}>
              <BusyIcon busy={send.isPending} />
              {send.isPending ? 'Sending...' : 'Send code'}
            </Button>
          </div>
          {sendError && (
            <p role="alert" className="text-destructive text-sm">
              {sendError}
            </p>
          )}
        </form>
        {pending && (
          <form
            onSubmit={confirmCode}
            noValidate
            aria-label="Confirm your personal address"
            className="border-primary/30 bg-primary/5 grid gap-2 rounded-md border p-3"
          >
            <p className="text-sm">
              We sent a 6-digit code to{' '}
              <strong className="font-medium [overflow-wrap:anywhere]">{pending}</strong>. It works for 15
              minutes.
            </p>
            <Label htmlFor={ids.code}>Code from the email</Label>
            <div className="flex flex-wrap gap-2">
              <Input
                id={ids.code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                className="w-32"
                value={code}
                disabled={busy}
                aria-invalid={codeError ? true : undefined}
                onChange={(e) => {
                  setCode(e.target.value.replace(/\D/g, ''));
                  setCodeError(null);
                }}
              />
              <Button type="submit" disabled={busy || code.length !== 6}>
                <BusyIcon busy={confirm.isPending} />
                {confirm.isPending ? 'Confirming...' : 'Confirm address'}
              </Button>
            </div>
            {codeError && (
              <p role="alert" className="text-destructive text-sm">
                {codeError}
              </p>
            )}
          </form>
        )}
      </div>
    </SettingsCard>
  );
}
