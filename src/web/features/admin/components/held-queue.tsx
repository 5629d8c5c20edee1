import type { AdminHeldMessage, AdminHeldRequest } from '@shared/held-review';
import { PAYMENT_RULE_LABELS, type PaymentRule } from '@shared/payment-rules';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useHeldMessages } from '../api/get-held-messages';
import { useHeldRequests } from '../api/get-held-requests';
import { useRejectHeldMessage } from '../api/reject-held-message';
import { useRejectHeldRequest } from '../api/reject-held-request';
import { useReleaseHeldMessage } from '../api/release-held-message';
import { useReleaseHeldRequest } from '../api/release-held-request';
import { formatWhen } from '../utils/format';
import { PersonLink } from './admin-view-parts';
import { PagedQueryState } from './query-state';
import { QueueHeading } from './queue-heading';
import { TextDialog, succeeded } from './text-dialog';
import { adminPaths } from '../admin-paths';

/**
 * Requests and thread messages held because they offer or ask for money, oldest first, a page at a time:
 * release or reject each.
 */
export function HeldQueue() {
  const requests = useHeldRequests();
  const messages = useHeldMessages();
  return (
    <>
      <section aria-labelledby="held-requests-heading" className="grid gap-3">
        <QueueHeading
          id="held-requests-heading"
          title="Held requests"
          count="heldRequests"
          waiting="waiting"
        />
        <PagedQueryState query={requests} empty="No request is held.">
          {(list) => (
            <ul className="grid gap-3">
              {list.map((request) => (
                <HeldRequestItem key={request.id} request={request} />
              ))}
            </ul>
          )}
        </PagedQueryState>
      </section>
      <section aria-labelledby="held-messages-heading" className="grid gap-3">
        <QueueHeading
          id="held-messages-heading"
          title="Held messages"
          count="heldMessages"
          waiting="waiting"
        />
        <PagedQueryState query={messages} empty="No message is held.">
          {(list) => (
            <ul className="grid gap-3">
              {list.map((message) => (
                <HeldMessageItem key={message.id} message={message} />
              ))}
            </ul>
          )}
        </PagedQueryState>
      </section>
    </>
  );
}

/**
 * One held request or message: why it was held, what it says, and the admin's two answers. The reject
 * dialog asks for the reason the user is told.
 */
function HeldItem({
  label,
  rule,
  createdAt,
  summary,
  details,
  body,
  release,
  reject,
}: {
  label: string;
  rule: PaymentRule | null;
  createdAt: string;
  summary: ReactNode;
  details?: ReactNode;
  body: string | null;
  release: { label: string; pending: boolean; run: () => void };
  reject: { title: string; description: string; run: (reason: string) => Promise<unknown> };
}) {
  return (
    <li className="bg-background grid gap-2 rounded-lg border p-4" aria-label={label}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">Payment offer</Badge>
        {rule && <span className="text-muted-foreground text-xs">{PAYMENT_RULE_LABELS[rule]}</span>}
        <span className="text-muted-foreground text-xs">{formatWhen(createdAt)}</span>
      </div>
      <p className="text-sm">{summary}</p>
      {details}
      <p className="text-sm break-words whitespace-pre-wrap">{body}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" disabled={release.pending} onClick={release.run}>
          {release.label}
        </Button>
        <TextDialog
          trigger={
            <Button type="button" size="sm" variant="destructive">
              Reject
            </Button>
          }
          title={reject.title}
          description={reject.description}
          label="Reason"
          required
          destructive
          confirm="Reject"
          onConfirm={(reason) => succeeded(() => reject.run(reason))}
        />
      </div>
    </li>
  );
}

function HeldRequestItem({ request }: { request: AdminHeldRequest }) {
  const release = useReleaseHeldRequest();
  const reject = useRejectHeldRequest();
  return (
    <HeldItem
      label={`Held request ${request.id}`}
      rule={request.rule}
      createdAt={request.createdAt}
      summary={
        <>
          <PersonLink person={request.seeker} /> asks for{' '}
          <Link to={adminPaths.request(request.id)} className="underline underline-offset-4">
            {request.position} at {request.company.name}
          </Link>
          .
        </>
      }
      details={<p className="text-muted-foreground text-xs break-all">{request.jobUrl}</p>}
      body={request.message}
      release={{
        label: 'Release',
        pending: release.isPending,
        run: () => release.mutate({ id: request.id }),
      }}
      reject={{
        title: `Reject ${request.seeker.fullName}'s request?`,
        description: 'It ends as rejected for good, and the seeker is told the reason.',
        run: (reason) => reject.mutateAsync({ id: request.id, reason }),
      }}
    />
  );
}

function HeldMessageItem({ message }: { message: AdminHeldMessage }) {
  const release = useReleaseHeldMessage();
  const reject = useRejectHeldMessage();
  return (
    <HeldItem
      label={`Held message ${message.id}`}
      rule={message.rule}
      createdAt={message.createdAt}
      summary={
        <>
          <PersonLink person={message.sender} /> ({message.senderRole}) to{' '}
          <PersonLink person={message.recipient} />, about{' '}
          <Link to={adminPaths.request(message.request.id)} className="underline underline-offset-4">
            {message.request.position} at {message.request.companyName}
          </Link>
          .
        </>
      }
      body={message.body}
      release={{
        label: 'Deliver',
        pending: release.isPending,
        run: () => release.mutate({ id: message.id }),
      }}
      reject={{
        title: `Reject ${message.sender.fullName}'s message?`,
        description: 'It is never delivered, and its sender is told the reason.',
        run: (reason) => reject.mutateAsync({ id: message.id, reason }),
      }}
    />
  );
}
