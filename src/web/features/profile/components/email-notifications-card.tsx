import { Mail } from 'lucide-react';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { SettingsCard } from '@/components/settings-card';
import { useUpdateUserSettings, useUserSettings } from '../api/user-settings';

/** Account Settings: mail a copy of every notification, or not (GET/PUT /api/user/settings). */
export function EmailNotificationsCard() {
  const ids = { switch: useId(), hint: useId() };
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const checked =
    (update.isPending ? update.variables.emailNotifications : undefined) ??
    settings.data?.emailNotifications ??
    false;

  return (
    <SettingsCard
      icon={Mail}
      title="Email notifications"
      description="We email you when a referral request is assigned or its status changes. Every email has a one-click unsubscribe link too."
      descriptionId={ids.hint}
      loadFailed={settings.isError}
      failedText="Your email settings could not be loaded. Please try again later."
      contentClassName="grid gap-2"
    >
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
    </SettingsCard>
  );
}
