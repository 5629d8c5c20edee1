import { Gauge } from 'lucide-react';
import { toast } from '@/components/ui/use-toast';
import { SettingsCard } from '@/components/settings-card';
import { useUpdateUserSettings, useUserSettings } from '../api/user-settings';
import { ReferralLoadForm } from './referral-load-form';

/** Account Settings: the monthly cap and the pause (GET/PUT /api/user/settings). */
export function ReferralLoadCard() {
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  return (
    <SettingsCard
      icon={Gauge}
      title="Referral requests you take"
      description="As a referrer you decide how many requests reach you, and when to take a break."
      loadFailed={settings.isError}
    >
      <ReferralLoadForm
        saving={update.isPending}
        submitLabel={update.isPending ? 'Saving...' : 'Save limits'}
        save={async (load) => {
          await update.mutateAsync(load);
          toast({ title: 'Saved', description: 'Your referral limits are saved.' });
        }}
      />
    </SettingsCard>
  );
}
