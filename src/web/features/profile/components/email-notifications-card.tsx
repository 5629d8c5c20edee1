import { Mail } from 'lucide-react';
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useUpdateUserSettings, useUserSettings } from '../api/user-settings';

/** Account Settings: mail a copy of every notification, or not (GET/PUT /api/user/settings). */
export function EmailNotificationsCard() {
  const ids = { title: useId(), switch: useId(), hint: useId() };
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const checked =
    (update.isPending ? update.variables.emailNotifications : undefined) ??
    settings.data?.emailNotifications ??
    false;

  return (
    <Card aria-labelledby={ids.title}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Mail className="text-primary size-5" aria-hidden="true" />
          <h2 id={ids.title}>Email notifications</h2>
        </CardTitle>
        <CardDescription id={ids.hint}>
          We email you when a referral request is assigned or its status changes. Every email has a one-click
          unsubscribe link too.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">
        {settings.isError ? (
          <p role="alert" className="text-destructive text-sm">
            Your email settings could not be loaded. Please try again later.
          </p>
        ) : (
          <div className="flex items-center gap-3">
            <Switch
              id={ids.switch}
              checked={checked}
              disabled={settings.isPending || update.isPending}
              aria-describedby={ids.hint}
              onCheckedChange={(next) => update.mutate({ emailNotifications: next })}
            />
            <Label htmlFor={ids.switch}>Email me about my referrals</Label>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
