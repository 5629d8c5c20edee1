import { RECORD_MIN_ASKED, answeredInTimePercent, type ReferrerRecord } from '@shared/referrer-record';
import { Gauge } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useReferrerRecord } from '../api/get-referrer-record';

/** '1 minute', '45 minutes', '1 hour', '3.5 hours'. */
export function formatHours(hours: number): string {
  if (hours < 1) {
    const minutes = Math.max(1, Math.round(hours * 60));
    return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  }
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

function recordRows(record: ReferrerRecord): [string, string][] {
  const confirmed =
    record.submitted === 0
      ? 'None submitted yet'
      : `${record.confirmedSubmissions} of ${record.submitted} submitted` +
        (record.notReceived > 0 ? `, ${record.notReceived} not received` : '');
  return [
    ['Answered in time', `${record.answeredInTime} of ${record.asked} (${answeredInTimePercent(record)}%)`],
    [
      'Median time to answer',
      record.medianHoursToAnswer === null ? 'No answers yet' : formatHours(record.medianHoursToAnswer),
    ],
    ['Confirmed by the applicant', confirmed],
  ];
}

/**
 * Issue 24 item 9 (docs/decisions/037-referrer-record.md): the referrer's own record on their dashboard.
 * Thin records say so instead of a number; seekers never see any of it. `heading` is its level in the
 * page's outline (h3 under My Referrals' 'Incoming Requests').
 */
export function ReferrerRecordCard({ heading: Heading = 'h2' }: { heading?: 'h2' | 'h3' }) {
  const query = useReferrerRecord();
  if (!query.isSuccess) return null;
  const record = query.data;
  return (
    <Card className="gap-3 py-4" aria-labelledby="referrer-record-title">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Gauge className="size-4" aria-hidden="true" />
          <Heading id="referrer-record-title">Your record as a referrer</Heading>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        {record.thin ? (
          <p>
            Too early to tell: your record counts once {RECORD_MIN_ASKED} requests were answered or ran out of
            time ({record.asked} so far). Answer each request before its deadline to build it.
          </p>
        ) : (
          <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-3">
            {recordRows(record).map(([label, value]) => (
              <div key={label}>
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="font-medium">{value}</dd>
              </div>
            ))}
          </dl>
        )}
        <p className="text-muted-foreground text-xs">
          Only you can see this. New requests go to verified referrers first, then to those who answer in time
          and whose referrals arrive.
        </p>
      </CardContent>
    </Card>
  );
}
