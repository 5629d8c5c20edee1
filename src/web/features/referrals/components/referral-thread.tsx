import { REFERRAL_MESSAGE_MAX, type ReferralMessage } from '@shared/referral-messages';
import { PAYMENT_HOLD_TEXTS } from '@shared/referral-texts';
import { format } from 'date-fns';
import { MessagesSquare, Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';
import { useReferralThread, useSendMessage } from '../api/referral-messages';
import { BusyIcon } from '@/components/busy-icon';

/**
 * A small thread between the seeker and the referrer holding the referral (issue 24 item 6), folded away
 * and read only while open; it takes no new messages 30 days after the referral ended.
 */
export function ReferralThread({ referralId, otherName }: { referralId: number; otherName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="rounded-md border px-3 py-2"
      onToggle={(event) => setOpen((event.currentTarget as HTMLDetailsElement).open)}
    >
      <summary className="text-muted-foreground flex cursor-pointer items-center gap-1.5 font-medium">
        <MessagesSquare className="size-4" aria-hidden="true" />
        Messages with {otherName}
      </summary>
      {open && <ThreadBody referralId={referralId} otherName={otherName} />}
    </details>
  );
}

function ThreadBody({ referralId, otherName }: { referralId: number; otherName: string }) {
  const fieldId = useId();
  const thread = useReferralThread(referralId, true);
  const send = useSendMessage(referralId);
  const [body, setBody] = useState('');
  const text = body.trim();
  const tooLong = body.length > REFERRAL_MESSAGE_MAX;

  if (thread.isPending) return <p className="text-muted-foreground mt-2">Loading messages…</p>;
  if (thread.isError) return <p className="text-destructive mt-2">The messages could not be loaded.</p>;
  const { messages, open } = thread.data;
  return (
    <div className="mt-2 grid gap-2">
      {messages.length === 0 ? (
        <p className="text-muted-foreground">No messages yet. Ask a question or share a candidate id.</p>
      ) : (
        <ol aria-label={`Messages with ${otherName}`} className="grid gap-2">
          {messages.map((m) => (
            <li
              key={m.id}
              className={cn(
                'grid max-w-[85%] gap-0.5 rounded-md px-3 py-2',
                m.mine ? 'bg-primary/10 justify-self-end' : 'bg-muted justify-self-start',
              )}
            >
              <span className="text-muted-foreground text-xs">
                {m.mine ? 'You' : m.authorFirstName} · {format(new Date(m.createdAt), 'MMM d, HH:mm')}
              </span>
              <span className="break-words whitespace-pre-line">{m.body}</span>
              <HoldNote message={m} />
            </li>
          ))}
        </ol>
      )}
      {open ? (
        <form
          className="grid gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (!text || tooLong) return;
            send.mutate(text, { onSuccess: () => setBody('') });
          }}
        >
          <Label htmlFor={fieldId} className="sr-only">
            Message to {otherName}
          </Label>
          <Textarea
            id={fieldId}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            placeholder={`Write to ${otherName}…`}
            rows={2}
            aria-invalid={tooLong || undefined}
          />
          <div className="flex items-center justify-between gap-2">
            <span className={cn('text-xs', tooLong ? 'text-destructive' : 'text-muted-foreground')}>
              {body.length}/{REFERRAL_MESSAGE_MAX}
            </span>
            <Button type="submit" size="sm" disabled={!text || tooLong || send.isPending}>
              <BusyIcon busy={send.isPending} idle={<Send aria-hidden="true" />} />
              Send
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-muted-foreground">
          This conversation is closed: the referral ended over 30 days ago.
        </p>
      )}
    </div>
  );
}

/**
 * The sender's own message that offers money (issue 25 item 6): awaiting our team's review, and only they
 * see it; or not delivered, with the reason. The other side never gets such a message from the server.
 */
function HoldNote({ message }: { message: ReferralMessage }) {
  if (!message.mine || message.status === 'delivered') return null;
  const held = message.status === 'held';
  return (
    <span className="grid gap-0.5 text-xs" data-testid={held ? 'message-held' : 'message-rejected'}>
      <span
        className={cn(
          'justify-self-start rounded px-1.5 py-0.5 font-medium',
          held
            ? 'bg-orange-100 text-orange-900 dark:bg-orange-900/40 dark:text-orange-100'
            : 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
        )}
      >
        {held ? PAYMENT_HOLD_TEXTS.messageHeld : PAYMENT_HOLD_TEXTS.messageRejected}
      </span>
      <span className="text-muted-foreground">
        {held ? PAYMENT_HOLD_TEXTS.messageHeldNote : PAYMENT_HOLD_TEXTS.messageRejectedNote}
        {!held && message.rejectionReason && ` ${PAYMENT_HOLD_TEXTS.reason(message.rejectionReason)}`}
      </span>
    </span>
  );
}
