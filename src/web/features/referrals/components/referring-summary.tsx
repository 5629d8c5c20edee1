import type { User } from '@shared/auth';
import { todayIn, type UserSettings } from '@shared/settings';
import { CalendarClock, Gauge, PauseCircle, PencilLine, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/paths';
import { useIncomingRequests } from '../api/get-incoming-requests';
import { formatAnswerBy, isPassedOn } from '../utils/referral-display';

/** The referrer's own limits, as the settings hold them (the router hands them in from the profile feature). */
export type ReferralLoadSettings = Pick<UserSettings, 'monthlyReferralCap' | 'referralsPausedUntil'> &
  Partial<Pick<UserSettings, 'timeZone'>>;

const formatDay = (day: string) =>
  new Date(`${day}T00:00:00`).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  });

/**
 * Issue 46 item 9: the referrer dashboard speaks to the referrer first: whether new requests reach them
 * (willing, paused until when), their monthly cap, and what waits for their answer with the next deadline.
 */
export function ReferringSummary({ user, load }: { user: User; load: ReferralLoadSettings | undefined }) {
  const incoming = useIncomingRequests();
  // Sent back for changes (issue 50 item 1): they keep a slot while the applicant works on them.
  const withApplicant = (incoming.data?.pages.flat() ?? []).filter(
    (r) => !isPassedOn(r) && r.referral?.status === 'changes_requested',
  ).length;
  const waiting = (incoming.data?.pages.flat() ?? [])
    .filter((r) => !isPassedOn(r) && r.referral?.status === 'pending' && r.referral.respondBy)
    .map((r) => r.referral!.respondBy!)
    .sort();
  // A pause ends as its day begins in the referrer's own zone, as matching reads it.
  const paused =
    load?.referralsPausedUntil != null && load.referralsPausedUntil > todayIn(load.timeZone ?? null);
  return (
    <Card
      role="region"
      className="gap-3 py-4"
      aria-labelledby="referring-summary-title"
      data-testid="referring-summary"
    >
      <CardHeader>
        <CardTitle className="text-base">
          <h2 id="referring-summary-title">Your referring</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p className="flex items-start gap-2">
          {paused || !user.willingToGiveReferrals ? (
            <PauseCircle className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden="true" />
          ) : (
            <PlayCircle className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
          )}
          <span>
            {!user.willingToGiveReferrals
              ? 'You are not taking new requests: turn referrals on below to get them.'
              : paused
                ? `Paused: no new requests reach you until ${formatDay(load!.referralsPausedUntil!)}.`
                : `New requests at ${user.currentCompanyName ?? 'your company'} reach you.`}
          </span>
        </p>
        {load && (
          <p className="flex items-start gap-2">
            <Gauge className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {load.monthlyReferralCap === null
                ? 'No monthly limit on new requests.'
                : `At most ${load.monthlyReferralCap} new ${load.monthlyReferralCap === 1 ? 'request' : 'requests'} a month.`}{' '}
              <Link to={paths.refer} className="underline underline-offset-4">
                Change your pause or limit
              </Link>
            </span>
          </p>
        )}
        {incoming.isSuccess && (
          <p className="flex items-start gap-2" data-testid="waiting-for-answer">
            <CalendarClock className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {waiting.length === 0
                ? 'Nothing waits for your answer.'
                : `${waiting.length} ${waiting.length === 1 ? 'request waits' : 'requests wait'} for your answer; answer the next by ${formatAnswerBy(waiting[0]!)}, or it passes to another referrer.`}
            </span>
          </p>
        )}
        {withApplicant > 0 && (
          <p className="flex items-start gap-2" data-testid="waiting-for-changes">
            <PencilLine className="text-muted-foreground mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              {withApplicant === 1
                ? '1 request waits for the changes you asked for; it keeps its place with you meanwhile.'
                : `${withApplicant} requests wait for the changes you asked for; they keep their places with you meanwhile.`}
            </span>
          </p>
        )}
      </CardContent>
    </Card>
  );
}
