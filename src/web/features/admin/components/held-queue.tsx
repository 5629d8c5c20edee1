import type { AdminHeldMessage, AdminHeldRequest } from '@shared/held-review';
import { PAYMENT_RULE_LABELS } from '@shared/payment-offer';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useHeldMessages, useRejectHeldMessage, useReleaseHeldMessage } from '../api/held-messages';
import { useHeldRequests, useRejectHeldRequest, useReleaseHeldRequest } from '../api/held-requests';
import { formatWhen } from '../utils/format';
import { QueryState } from './query-state';
import { TextDialog, succeeded } from './text-dialog';

const person = (p: { fullName: string; email: string; id: number }) => `${p.fullName} (${p.email}, #${p.id})`;

/** Requests and thread messages held because they offer or ask for money: release or reject each. */
export function HeldQueue() {
  const requests = useHeldRequests();
  const messages = useHeldMessages();
  return (
    <>
      <section aria-labelledby="held-requests-heading" className="grid gap-3">
        <h2 id="held-requests-heading" className="text-lg font-semibold">
          Held requests
        </h2>
        <QueryState query={requests} empty="No request is held.">
          {(list) => (
            <ul className="grid gap-3">
              {list.map((request) => (
                <HeldRequestItem key={request.id} request={request} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
      <section aria-labelledby="held-messages-heading" className="grid gap-3">
        <h2 id="held-messages-heading" className="text-lg font-semibold">
          Held messages
        </h2>
        <QueryState query={messages} empty="No message is held.">
          {(list) => (
            <ul className="grid gap-3">
              {list.map((message) => (
                <HeldMessageItem key={message.id} message={message} />
              ))}
            </ul>
          )}
        </QueryState>
      </section>
    </>
  );
}

function HeldRequestItem({ request }: { request: AdminHeldRequest }) {
  const release = useReleaseHeldRequest();
  const reject = useRejectHeldRequest();
  return (
    <li className="bg-background grid gap-2 rounded-lg border p-4" aria-label={`Held request ${request.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">Payment offer</Badge>
        {request.rule && (
          <span className="text-muted-foreground text-xs">{PAYMENT_RULE_LABELS[request.rule]}</span>
        )}
        <span className="text-muted-foreground text-xs">{formatWhen(request.createdAt)}</span>
      </div>
      <p className="text-sm">
        <span className="font-medium">{person(request.seeker)}</span> asks for {request.position} at{' '}
        {request.company.name}.
      </p>
      <p className="text-muted-foreground text-xs break-all">{request.jobUrl}</p>
      <p className="text-sm break-words whitespace-pre-wrap">{request.message}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          disabled={release.isPending}
          onClick={() => release.mutate({ id: request.id })}
        >
          Release
        </Button>
        <TextDialog
          trigger={
            <Button type="button" size="sm" variant="destructive">
              Reject
            </Button>
          }
          title={`Reject ${request.seeker.fullName}'s request?`}
          description="It ends as rejected for good, and the seeker is told the reason."
          label="Reason"
          required
          destructive
          confirm="Reject"
          onConfirm={(reason) => succeeded(() => reject.mutateAsync({ id: request.id, reason }))}
        />
      </div>
    </li>
  );
}

function HeldMessageItem({ message }: { message: AdminHeldMessage }) {
  const release = useReleaseHeldMessage();
  const reject = useRejectHeldMessage();
  return (
    <li className="bg-background grid gap-2 rounded-lg border p-4" aria-label={`Held message ${message.id}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">Payment offer</Badge>
        {message.rule && (
          <span className="text-muted-foreground text-xs">{PAYMENT_RULE_LABELS[message.rule]}</span>
        )}
        <span className="text-muted-foreground text-xs">{formatWhen(message.createdAt)}</span>
      </div>
      <p className="text-sm">
        <span className="font-medium">{person(message.sender)}</span> ({message.senderRole}) to{' '}
        {person(message.recipient)}, about {message.request.position} at {message.request.companyName}.
      </p>
      <p className="text-sm break-words whitespace-pre-wrap">{message.body}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          size="sm"
          disabled={release.isPending}
          onClick={() => release.mutate({ id: message.id })}
        >
          Deliver
        </Button>
        <TextDialog
          trigger={
            <Button type="button" size="sm" variant="destructive">
              Reject
            </Button>
          }
          title={`Reject ${message.sender.fullName}'s message?`}
          description="It is never delivered, and its sender is told the reason."
          label="Reason"
          required
          destructive
          confirm="Reject"
          onConfirm={(reason) => succeeded(() => reject.mutateAsync({ id: message.id, reason }))}
        />
      </div>
    </li>
  );
}
