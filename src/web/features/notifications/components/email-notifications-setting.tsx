import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { useUserSettings } from '../api/get-user-settings';
import { useUpdateUserSettings } from '../api/update-user-settings';

/** Whether notifications are also mailed to the sign-in address (every mail also has an unsubscribe link). */
export function EmailNotificationsSetting() {
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  const checked = update.isPending
    ? update.variables.emailNotifications
    : (settings.data?.emailNotifications ?? false);
  return (
    <div className="flex items-start gap-3">
      <Checkbox
        id="email-notifications"
        checked={checked}
        disabled={!settings.data || update.isPending}
        onCheckedChange={(value) => update.mutate({ emailNotifications: value === true })}
      />
      <div className="grid gap-1">
        <Label htmlFor="email-notifications">Email me my notifications</Label>
        <p className="text-muted-foreground text-sm">
          Each notification is also sent to your sign-in email address.
        </p>
      </div>
    </div>
  );
}
