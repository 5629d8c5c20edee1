import { Badge } from '@/components/ui/badge';
import { ReferrerDashboardFrame, type ReferrerDashboardProps } from './components/referrer-dashboard-frame';
import { WillingnessToggle } from './components/willingness-toggle';

/** /referrer-dashboard: the grouped incoming requests on their own screen (docs/decisions/013-emergency-dashboard-route.md). */
export function ReferrerDashboardPage(props: ReferrerDashboardProps) {
  return (
    <ReferrerDashboardFrame
      {...props}
      text="Review the referral requests job seekers sent to you and keep them moving."
      actions={<Badge variant="secondary">Referrer Mode</Badge>}
    >
      <WillingnessToggle user={props.user} />
    </ReferrerDashboardFrame>
  );
}
