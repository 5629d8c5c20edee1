import { Lightbulb } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export interface Tip {
  title: string;
  text: string;
}

/** The 'Tips for Success' blocks of /request-referral and /my-referrals. */
export function TipsCard({ tips, className }: { tips: readonly Tip[]; className?: string }) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Lightbulb className="size-5 text-amber-500" aria-hidden="true" />
          <h2>Tips for Success</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-3">
          {tips.map((tip) => (
            <li key={tip.title}>
              <h3 className="text-sm font-semibold">{tip.title}</h3>
              <p className="text-muted-foreground text-sm">{tip.text}</p>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export const REQUEST_TIPS: readonly Tip[] = [
  {
    title: 'Use the exact job posting',
    text: 'Paste the link to the specific job, not a general careers page, so we can match the right company.',
  },
  {
    title: 'Name the position clearly',
    text: 'Copy the job title from the posting so the referrer knows exactly what to refer you for.',
  },
  {
    title: 'Write a short, personal message',
    text: 'Say why you fit the role and what you would bring to the team. Two or three sentences are enough.',
  },
  {
    title: 'Keep your resume current',
    text: 'Referrers read your active resume before they vouch for you.',
  },
];

export const MY_REFERRALS_TIPS: readonly Tip[] = [
  {
    title: 'Follow Up Appropriately',
    text: 'Wait at least a week before following up on a request; referrers are busy employees too.',
  },
  {
    title: 'Be Ready for Interviews',
    text: 'A referral can move fast: prepare your stories and research the company while you wait.',
  },
];
