import { normalizeCompanyName } from '../../../../shared/companies.js';
import { normalizeJobUrl } from '../../../../shared/job-url-rules.js';
import { paymentOfferRule } from '../../../../shared/payment-offer.js';
import {
  canMoveReferral,
  canRequestChanges,
  OPEN_REFERRAL_STATUSES,
  type ReferralStatus,
  ReferralStatusSchema,
} from '../../../../shared/referral-status.js';
import { DEFAULT_RELATIONSHIP, type Relationship } from '../../../../shared/referral-honesty.js';
import {
  type ChangeKind,
  CHANGES_ERRORS,
  CHANGES_TEXTS,
  changeSentences,
  MAX_CHANGE_ROUNDS,
} from '../../../../shared/referral-changes.js';
import {
  type DeclineReason,
  PAYMENT_HOLD_NOTICES,
  REFERRAL_REQUEST_ERRORS,
} from '../../../../shared/referral-texts.js';
import {
  type CreateReferralRequestInputSchema,
  type CreateReferralRequestResult,
  type Referral,
  type ReferralRequest,
  type ReferralRequestListQuerySchema,
  type UpdateReferralStatusInputSchema,
} from '../../../../shared/referrals.js';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { UserRow } from '../../../db/schema.js';
import { badRequest, conflict } from '../../../lib/errors.js';
import { findLiveReferral } from '../access.js';
import { enforceDailyLimit } from './daily-limit.js';
import { findRequestView, listCards, listClock, listRequestViews, toReferralDto } from './list-repo.js';
import type { RequestLists } from './request-lists.js';
import {
  assignWaitingRequests,
  excludedReferrers,
  handToNextReferrer,
  SEEKER_LINK,
} from '../matching/matching.js';
import type { PendingReading, ReferralCompany, ReferralDeps } from '../ports.js';
import { findCompanyById, jobColumns, setRequestStatus, updateRequestJob } from '../rows/requests.js';
import { insertRequest, lockRequest, moveReferral } from './request-repo.js';

type CreateInput = z.output<typeof CreateReferralRequestInputSchema>;
type ListQuery = z.output<typeof ReferralRequestListQuerySchema>;
/** The route's parsed body; services and tests may leave the reason out. */
type StatusInput = Omit<
  z.output<typeof UpdateReferralStatusInputSchema>,
  'reason' | 'candidateId' | 'relationship' | 'changes'
> & {
  reason?: DeclineReason | null;
  candidateId?: string | null;
  relationship?: Relationship | null;
  changes?: ChangeKind[] | null;
};

/** PostgreSQL's unique_violation, as pg raises it and as drizzle wraps it (in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ('code' in e && e.code === '23505') return true;
  }
  return false;
}

/** A known company by id (400 when there is none), or the detected name, found or created. Locked. */
async function resolveCompany(tx: Db, deps: ReferralDeps, input: CreateInput): Promise<ReferralCompany> {
  if (input.companyId != null) {
    const found = await findCompanyById(tx, input.companyId, { listedOnly: true });
    if (found) await deps.companies.lock(tx, [found.name]);
    // Read again under the lock: a release may have removed it in between.
    const company = found && (await findCompanyById(tx, input.companyId, { listedOnly: true }));
    if (!company) {
      throw badRequest(REFERRAL_REQUEST_ERRORS.companyNotFound, {
        companyId: [REFERRAL_REQUEST_ERRORS.companyNotFound],
      });
    }
    return company;
  }
  const name = input.detectedCompanyName ?? '';
  await deps.companies.lock(tx, [name]);
  return deps.companies.ensureForRequest(tx, name);
}

/**
 * Issue 46 item 5: the posting URL decides the company. A URL that surely names a listed company other
 * than the one the request names is refused, naming both; a guess or an unlisted name never refuses.
 */
async function refuseAnotherCompany(db: Db, deps: ReferralDeps, input: CreateInput): Promise<void> {
  const posting = await deps.companies.postingCompany(db, input.jobUrl);
  if (!posting) return;
  const chosen =
    input.companyId != null
      ? await findCompanyById(db, input.companyId, { listedOnly: true })
      : { id: null, name: input.detectedCompanyName ?? '' };
  if (!chosen || chosen.id === posting.id) return;
  if (chosen.id === null && normalizeCompanyName(chosen.name) === normalizeCompanyName(posting.name)) return;
  const message = REFERRAL_REQUEST_ERRORS.companyMismatch(posting.name, chosen.name);
  throw badRequest(message, { jobUrl: [message] });
}

/** How long a new request waits for its posting's first reading when no preview read it lately. */
export const POSTING_READ_WAIT_MS = 2000;

/**
 * Issue 46 item 5: the posting as read lately, else read now for 2 seconds at most; a posting known to be
 * closed is refused. A failure or the wait's end reads as unknown, which never refuses: its reading is
 * stored once it comes.
 */
async function readPosting(db: Db, deps: ReferralDeps, seekerId: number, jobUrl: string) {
  if (!deps.jobs) return undefined;
  const cached = deps.jobs.cached(jobUrl);
  let reading: PendingReading;
  if (cached) {
    reading = { snapshot: cached, storeWhenRead: () => undefined };
  } else {
    // A seeker past the daily limit makes no fetch: refused here first, and again in the transaction.
    await enforceDailyLimit(db, seekerId, deps.requestsPerDay);
    reading = await deps.jobs.readWithin(jobUrl, POSTING_READ_WAIT_MS);
  }
  if (reading.snapshot?.status === 'closed') {
    throw badRequest(REFERRAL_REQUEST_ERRORS.postingClosed, {
      jobUrl: [REFERRAL_REQUEST_ERRORS.postingClosed],
    });
  }
  return reading;
}

/**
 * docs/product.md, Matching: refuses employees, duplicates and a company whose referrers are all at
 * capacity (nothing saved); otherwise saves the request and assigns it at once when someone can take it.
 * A message that offers or asks for money (issue 25 item 6) holds the request for an admin instead: it is
 * saved as `held` (the daily limit and the duplicate rule count it), nobody is picked and only the seeker
 * is told; capacity is not judged, since nobody is matched now (docs/decisions/039-running-the-marketplace.md).
 */
export async function createReferralRequest(
  db: Db,
  deps: ReferralDeps,
  seeker: UserRow,
  input: CreateInput,
): Promise<CreateReferralRequestResult> {
  await refuseAnotherCompany(db, deps, input);
  // The form previewed the URL moments ago, so its reading is usually cached; else it is read now.
  const posting = await readPosting(db, deps, seeker.id, input.jobUrl);
  const readJob = posting?.snapshot;
  let created: { id: number; noReferrers: boolean; declinedBefore: boolean };
  try {
    created = await db.transaction(async (tx) => {
      await enforceDailyLimit(tx, seeker.id, deps.requestsPerDay);
      const company = await resolveCompany(tx, deps, input);
      const seekerCompany = seeker.currentCompanyName && normalizeCompanyName(seeker.currentCompanyName);
      if (seekerCompany && seekerCompany === company.normalizedName) {
        throw conflict(REFERRAL_REQUEST_ERRORS.employee(company.name));
      }
      // Asked through an opening (issue 49 item 2): its referrer first, while it is live.
      const prefer =
        input.openingId != null && deps.openingReferrer
          ? await deps.openingReferrer(tx, input.openingId, company.id)
          : null;
      const heldRule = input.message === null ? null : paymentOfferRule(input.message);
      const request = await insertRequest(tx, {
        jobSeekerId: seeker.id,
        companyId: company.id,
        position: input.position,
        jobUrl: input.jobUrl,
        normalizedJobUrl: normalizeJobUrl(input.jobUrl),
        message: input.message,
        alreadyApplied: input.alreadyApplied,
        // Its first reading is the one above or the one stored below; the liveness sweep's comes an interval on.
        jobNextCheckAt: new Date(Date.now() + deps.jobCheckMs),
        ...(readJob && jobColumns(readJob)),
        ...(heldRule && { status: 'held', heldRule }),
      });
      if (!request) throw conflict(REFERRAL_REQUEST_ERRORS.duplicate);
      if (heldRule) {
        await deps.notify(tx, {
          userId: seeker.id,
          ...PAYMENT_HOLD_NOTICES.requestHeld(request.position, company.name),
          link: SEEKER_LINK,
        });
        return { id: request.id, noReferrers: false, declinedBefore: false };
      }
      // Asked again after an end: never to a referrer who declined this posting before.
      const declinedBefore = await excludedReferrers(tx, request);
      const handed = await handToNextReferrer(
        tx,
        deps,
        { ...request, seekerName: seeker.fullName, companyName: company.name },
        // A new request's response clock has always started at the wall clock, not at deps.now().
        { exclude: declinedBefore, at: deps.now(), assignedAt: new Date(), prefer },
      );
      // Nothing is kept: the transaction rolls back with the request.
      if (handed.kind === 'full') throw conflict(REFERRAL_REQUEST_ERRORS.capacity(company.name));
      const noReferrers = handed.kind === 'none';
      return { id: request.id, noReferrers, declinedBefore: noReferrers && declinedBefore.length > 0 };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(REFERRAL_REQUEST_ERRORS.duplicate);
    throw err;
  }
  posting?.storeWhenRead((snapshot) => updateRequestJob(db, created.id, snapshot));
  const view = await findRequestView(db, created.id, seeker.id, listClock(deps));
  if (!view) throw new Error(`referral request ${created.id} vanished right after its insert`);
  return { ...view, noReferrers: created.noReferrers, declinedBefore: created.declinedBefore };
}

export async function listRequests(
  db: Db,
  deps: Pick<ReferralDeps, 'now' | 'responseMs' | 'declineUndoMs' | 'changesWindowMs'>,
  user: UserRow,
  query: ListQuery,
  firstPages?: RequestLists,
): Promise<ReferralRequest[]> {
  const role = query.role ?? 'seeker';
  const page = { limit: query.limit, before: query.before };
  if (!firstPages || page.before !== undefined) {
    return listRequestViews(db, role, user.id, page, listClock(deps));
  }
  const kept = await firstPages.get({ viewerId: user.id, role, limit: page.limit });
  return listCards(kept, role, user.id, listClock(deps));
}

const VERB: Record<ReferralStatus, string> = {
  pending: 'moved back to pending',
  accepted: 'accepted',
  declined: 'declined',
  changes_requested: 'sent back for changes',
  submitted: 'submitted',
  successful: 'marked successful',
  unsuccessful: 'marked unsuccessful',
  expired: 'expired',
  withdrawn: 'withdrawn',
  job_closed: 'closed with its posting',
};

export function illegalMoveMessage(from: ReferralStatus, to: ReferralStatus): string {
  const state =
    from === 'pending'
      ? 'still pending'
      : from === 'changes_requested'
        ? "waiting for the applicant's changes"
        : `already ${from}`;
  return `This referral is ${state}, so it cannot be ${VERB[to]}.`;
}

const SEEKER_TITLE: Record<ReferralStatus, string> = {
  pending: 'Referral pending',
  accepted: 'Referral accepted',
  declined: 'Referral declined',
  changes_requested: CHANGES_TEXTS.title,
  submitted: 'Referral submitted',
  successful: 'Referral successful',
  unsuccessful: 'Referral unsuccessful',
  expired: 'Referral request expired',
  withdrawn: 'Referral request withdrawn',
  job_closed: 'Job posting closed',
};

const SEEKER_SENTENCE: Record<ReferralStatus, string> = {
  pending: 'is pending',
  accepted: 'was accepted by your referrer',
  declined: 'was declined by your referrer',
  changes_requested: 'needs changes before your referrer refers you',
  submitted: 'was submitted to the company by your referrer',
  successful: 'was successful: you were shortlisted or invited to interview',
  unsuccessful: 'was unsuccessful: the company did not select you this time',
  expired: 'expired without an answer',
  withdrawn: 'was withdrawn by you',
  job_closed: 'closed with its job posting',
};

/**
 * docs/product.md, Statuses: only the assigned referrer (anyone else: 404, no hint it exists), only along
 * the transitions of docs/product.md, Statuses (409 naming the current status). The request follows, the seeker is told, and a
 * referral leaving the open set frees a slot for the company's waiting requests. A decline may carry a
 * reason; it can be undone within DECLINE_UNDO_WINDOW, so the request stays open and nobody else hears of
 * it until the sweep passes it on after the window (docs/decisions/033-request-lifecycle.md).
 */
export async function changeReferralStatus(
  db: Db,
  deps: ReferralDeps,
  referrer: UserRow,
  referralId: number,
  input: StatusInput,
): Promise<Referral> {
  const at = deps.now();
  return db.transaction(async (tx) => {
    // Only the referrer holding it now, of a request not erased (access.ts); read again once the request is
    // locked, the request first and then its referral, as withdraw, hand-offs and the sweeps take them.
    const found = await findLiveReferral(tx, referralId, referrer.id, 'holder');
    await lockRequest(tx, found.referral.requestId);
    const { referral: current } = await findLiveReferral(tx, referralId, referrer.id, 'holder');
    const from = ReferralStatusSchema.parse(current.status);
    const to = input.status;
    if (!canMoveReferral(from, to)) throw conflict(illegalMoveMessage(from, to));
    // At most MAX_CHANGE_ROUNDS rounds; then the referrer answers (docs/decisions/084-changes-requested.md).
    if (to === 'changes_requested' && !canRequestChanges(from, current.changeRounds, MAX_CHANGE_ROUNDS)) {
      throw conflict(CHANGES_ERRORS.thirdRound);
    }
    const moved = await moveReferral(tx, {
      id: referralId,
      referrerId: referrer.id,
      from,
      to,
      feedback: input.feedback,
      reason: to === 'declined' ? input.reason : null,
      candidateId: to === 'submitted' ? (input.candidateId ?? null) : null,
      // Said on accepting, else the honest default (docs/decisions/082-already-applied-and-relationship.md).
      relationship: to === 'accepted' ? (input.relationship ?? DEFAULT_RELATIONSHIP) : null,
      changes: to === 'changes_requested' ? (input.changes ?? []) : null,
      at,
    });
    if (!moved) {
      // Someone else changed it first: answer with what it is now.
      const { referral: now } = await findLiveReferral(tx, referralId, referrer.id, 'holder');
      throw conflict(illegalMoveMessage(ReferralStatusSchema.parse(now.status), to));
    }
    if (to !== 'declined') {
      const request = await setRequestStatus(tx, moved.requestId, to, at);
      if (request) {
        const company = await findCompanyById(tx, request.companyId);
        const companyName = company?.name ?? 'the company';
        const feedback = input.feedback ? ` Feedback: ${input.feedback}` : '';
        // Changes asked for are told at once, each as a plain sentence, with the feedback after them.
        const message =
          to === 'changes_requested'
            ? [
                CHANGES_TEXTS.told(request.position, companyName),
                ...changeSentences(input.changes ?? []),
              ].join(' ') + feedback
            : `Your referral request for ${request.position} at ${companyName} ${SEEKER_SENTENCE[to]}.${feedback}`;
        await deps.notify(tx, {
          userId: request.jobSeekerId,
          title: SEEKER_TITLE[to],
          message,
          type: 'referral_status',
          link: SEEKER_LINK,
        });
      }
    }
    if (OPEN_REFERRAL_STATUSES.includes(from) && !OPEN_REFERRAL_STATUSES.includes(to)) {
      await assignWaitingRequests(tx, deps, referrer.id, at, 'one freed');
    }
    return toReferralDto(moved);
  });
}
