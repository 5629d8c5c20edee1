import type { AdminRequestStep, AdminRequestView } from '@shared/admin-views';
import { statusLabel } from '@shared/referral-status';
import { adminRequestQuery } from './api/get-admin-request';
import { AdminViewPage, PersonLink, StatusText, ViewSection } from './components/admin-view-parts';
import { formatWhen } from './utils/format';

/**
 * /admin/requests/{id} (issue 46 item 9): one request, read-only, as an admin reaches it from a report: who
 * asked, for what and where, its status, every referral with its referrer, and its timeline.
 */
export function AdminRequestPage() {
  return (
    <AdminViewPage
      query={adminRequestQuery}
      noSuch="There is no such request."
      title={(id) => `Request ${id ?? ''}`}
    >
      {(view) => <RequestView view={view} />}
    </AdminViewPage>
  );
}

const REVIEW_STEPS: Record<string, string> = {
  requested: 'Asked for',
  held: 'Held for a payment offer',
  released: 'Released by an admin',
  rejected: 'Rejected by an admin',
};

/** 'Given to Hana Holder', 'Declined by Eli Earlier', 'Withdrawn': what happened, and who did it. */
function stepText(step: AdminRequestStep): string {
  const name = step.referrerName ?? 'a referrer';
  if (step.referralId === null) return REVIEW_STEPS[step.kind] ?? statusLabel(step.kind);
  if (step.kind === 'assigned') return `Given to ${name}`;
  if (step.kind === 'passed_on') return `Passed on from ${name}`;
  // The seeker's move after changes were asked for (docs/decisions/084-changes-requested.md).
  if (step.kind === 'resubmitted') return `Resubmitted to ${name} with changes`;
  return `${statusLabel(step.kind)} by ${name}`;
}

function RequestView({ view }: { view: AdminRequestView }) {
  return (
    <div className="grid gap-8">
      <header className="grid gap-2">
        <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">
          {view.position} at {view.company.name}
        </h1>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <StatusText status={view.status} />
          <span className="text-muted-foreground">
            Request #{view.id} · asked {formatWhen(view.createdAt)}
            {view.closedAt && ` · ended ${formatWhen(view.closedAt)}`}
          </span>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground text-xs">Asked by</dt>
            <dd>
              <PersonLink person={view.seeker} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-xs">Company</dt>
            <dd>
              {view.company.name} (#{view.company.id})
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground text-xs">Posting</dt>
            <dd className="break-all">
              <a
                href={view.jobUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="underline underline-offset-4"
              >
                {view.jobUrl}
              </a>
              {(view.job.title || view.job.location) && (
                <div className="text-muted-foreground text-xs">
                  As read: {[view.job.title, view.job.location].filter(Boolean).join(' · ')} (
                  {view.job.status})
                </div>
              )}
            </dd>
          </div>
          {view.heldRule && (
            <div>
              <dt className="text-muted-foreground text-xs">Held by the payment rule</dt>
              <dd>{view.heldRule}</dd>
            </div>
          )}
          {view.rejectionReason && (
            <div>
              <dt className="text-muted-foreground text-xs">Why it was rejected</dt>
              <dd className="break-words">{view.rejectionReason}</dd>
            </div>
          )}
        </dl>
        <div className="text-sm">
          <p className="text-muted-foreground text-xs">Message</p>
          <p className="break-words whitespace-pre-wrap">
            {view.erasedAt
              ? `Erased with its notes and thread on ${formatWhen(view.erasedAt)} (retention).`
              : view.message || 'No message.'}
          </p>
        </div>
      </header>
      <ViewSection id="request-referrals-heading" title="Referrals">
        {view.referrals.length === 0 ? (
          <p className="text-muted-foreground text-sm">No referrer has held it yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border">
            {view.referrals.map((referral) => (
              <li key={referral.id} className="grid gap-1 p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <PersonLink person={referral.referrer} />
                  <StatusText status={referral.passedOnAt ? 'passed_on' : referral.status} />
                </div>
                <p className="text-muted-foreground text-xs">
                  Referral #{referral.id} · given {formatWhen(referral.assignedAt)}
                  {referral.passedOnAt && ` · passed on ${formatWhen(referral.passedOnAt)}`}
                  {referral.passedOnAt && ` (${statusLabel(referral.status).toLowerCase()})`}
                  {referral.submittedAt && ` · submitted ${formatWhen(referral.submittedAt)}`}
                  {referral.declineReason && ` · decline reason: ${referral.declineReason}`}
                  {referral.candidateId && ` · candidate id ${referral.candidateId}`}
                </p>
              </li>
            ))}
          </ul>
        )}
      </ViewSection>
      <ViewSection id="request-timeline-heading" title="Timeline">
        <ol className="grid gap-2 border-l pl-4">
          {view.timeline.map((step, index) => (
            <li key={index} className="grid text-sm">
              <span className="font-medium">{stepText(step)}</span>
              <span className="text-muted-foreground text-xs">{formatWhen(step.at)}</span>
              {step.note && <span className="break-words whitespace-pre-wrap">“{step.note}”</span>}
            </li>
          ))}
        </ol>
      </ViewSection>
    </div>
  );
}
