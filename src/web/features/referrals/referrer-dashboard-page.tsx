import { Badge } from '@/components/ui/badge';
import { ReferrerDashboardFrame, type ReferrerDashboardProps } from './components/referrer-dashboard-frame';
import { type ReferralLoadSettings, ReferringSummary } from './components/referring-summary';
import { WillingnessToggle } from './components/willingness-toggle';

/**
 * /referrer-dashboard: the grouped incoming requests on their own screen
 * (docs/decisions/013-emergency-dashboard-route.md), under what the referrer needs first: whether requests
 * reach them, their limits and what waits for their answer (issue 46 item 9).
 */
export function ReferrerDashboardPage({
  referralLoad,
  ...props
}: ReferrerDashboardProps & { referralLoad?: ReferralLoadSettings }) {
  return (
    <ReferrerDashboardFrame
      {...props}
      text="The people who asked you for a referral. Answer each before its deadline, or it passes to another referrer; once you accept, submit it in your company's referral tool."
      actions={<Badge variant="secondary">Referrer Mode</Badge>}
    >
      <div className="grid gap-4">
        <ReferringSummary user={props.user} load={referralLoad} />
        <WillingnessToggle user={props.user} />
      </div>
    </ReferrerDashboardFrame>
  );
}
