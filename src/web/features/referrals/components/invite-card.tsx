import { inviteText } from '@shared/invitations';
import { ClipboardCopy, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { useMyInvite } from '../api/get-my-invite';

export const INVITE_COPY_FAILED = 'Error: Failed to copy. Please select the text and copy it yourself.';

/** '1 colleague joined…', 'No colleague has joined…'. */
export function joinedSentence(joined: number): string {
  if (joined === 0) return 'No colleague has joined through your link yet.';
  return joined === 1
    ? '1 colleague joined through your link as a referrer.'
    : `${joined} colleagues joined through your link as referrers.`;
}

async function copy(text: string, what: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ title: 'Copied', description: `${what} is on your clipboard.` });
  } catch {
    toast({ variant: 'destructive', title: 'Error', description: INVITE_COPY_FAILED });
  }
}

/**
 * Issue 49 item 3: a willing referrer's invitation link, with a copy button and a short text to paste to a
 * colleague, and how many joined through it. Nothing shows for anyone else (the server refuses them).
 */
export function InviteCard({
  willing,
  heading: Heading = 'h2',
}: {
  willing: boolean;
  heading?: 'h2' | 'h3';
}) {
  const query = useMyInvite(willing);
  if (!willing || !query.isSuccess) return null;
  const { url, joined } = query.data;
  const text = inviteText(url);
  return (
    <Card className="gap-3 py-4" aria-labelledby="invite-card-title">
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <UserPlus className="size-4" aria-hidden="true" />
          <Heading id="invite-card-title">Invite a colleague</Heading>
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <p>
          One referrer at a company changes everything for the people asking there. Whoever joins through your
          link starts as a referrer with your company filled in.
        </p>
        <div className="grid gap-1">
          <label htmlFor="invite-link" className="text-muted-foreground">
            Your invitation link
          </label>
          <div className="flex flex-wrap items-center gap-2">
            <input
              id="invite-link"
              readOnly
              value={url}
              onFocus={(e) => e.currentTarget.select()}
              className="border-input bg-background min-w-0 flex-1 rounded-md border px-3 py-1.5 font-mono text-xs"
            />
            <Button type="button" variant="outline" size="sm" onClick={() => void copy(url, 'The link')}>
              <ClipboardCopy aria-hidden="true" />
              Copy link
            </Button>
          </div>
        </div>
        <div className="grid gap-1">
          <p id="invite-text-label" className="text-muted-foreground">
            A short text to paste
          </p>
          <blockquote
            aria-labelledby="invite-text-label"
            className="bg-muted min-w-0 rounded-md px-3 py-2 [overflow-wrap:anywhere]"
          >
            {text}
          </blockquote>
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="justify-self-start"
            onClick={() => void copy(text, 'The text')}
          >
            <ClipboardCopy aria-hidden="true" />
            Copy text
          </Button>
        </div>
        <p role="status">{joinedSentence(joined)}</p>
      </CardContent>
    </Card>
  );
}
