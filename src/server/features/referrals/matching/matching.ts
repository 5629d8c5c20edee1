import type { Db } from '../../../db/client.js';
import type { ReferralCompany, ReferralDeps } from '../ports.js';
import {
  countMonthAssignments,
  countOpenReferrals,
  earlierDecliners,
  insertReferral,
  lockCandidates,
  lockReferrer,
  lockWaitingRequests,
  othersTakeRequests,
  type Candidate,
  type LoadedCandidate,
} from './matching-repo.js';
import { findCompanyById } from '../rows/requests.js';
import { readRecords, recordTier } from './record.js';
import { verifiedSince } from '../verification/lapse-rule.js';
import { INCOMING_LINK, SEEKER_LINK } from '../../../../shared/notifications.js';

// The referrals feature's notices link here (re-exported for its modules).
export { INCOMING_LINK, SEEKER_LINK };

export type Pick = { kind: 'none' } | { kind: 'full' } | { kind: 'picked'; referrerId: number };

/**
 * docs/product.md, Matching (docs/decisions/037-referrer-record.md): among those with room, verified before
 * unverified, then the better record (its tier, see recordTier), then fewest open referrals, then the
 * longest since the last assignment (never assigned first); user id breaks the remaining ties so the pick is
 * deterministic. A referrer missing from `tiers` counts as new.
 */
export function rankCandidates(
  candidates: readonly Candidate[],
  open: ReadonlyMap<number, number>,
  capacity: number,
  tiers: ReadonlyMap<number, number> = new Map(),
): Candidate[] {
  const openOf = (c: Candidate) => open.get(c.userId) ?? 0;
  const tierOf = (c: Candidate) => tiers.get(c.userId) ?? 1;
  const time = (c: Candidate) => c.lastAssignedAt?.getTime() ?? -Infinity;
  return candidates
    .filter((c) => openOf(c) < capacity)
    .sort(
      (a, b) =>
        Number(b.isVerified) - Number(a.isVerified) ||
        tierOf(a) - tierOf(b) ||
        openOf(a) - openOf(b) ||
        time(a) - time(b) ||
        a.userId - b.userId,
    );
}

/**
 * Issue 25 item 9: the candidates who take new referrals at `at` by their own limits: not paused, and
 * below their monthly cap (assignments since their calendar month began, in their time zone).
 */
export async function withinOwnLimits(
  tx: Db,
  candidates: readonly LoadedCandidate[],
  at: Date,
): Promise<LoadedCandidate[]> {
  const unpaused = candidates.filter((c) => !c.paused);
  const capped = unpaused.filter((c) => c.monthlyCap !== null);
  const assigned = await countMonthAssignments(
    tx,
    capped.map((c) => c.userId),
    at,
  );
  return unpaused.filter((c) => c.monthlyCap === null || (assigned.get(c.userId) ?? 0) < c.monthlyCap);
}

/**
 * Chooses a referrer for a request at this company, never one in `exclude` (they held it before); their
 * rows stay locked until the transaction ends. Verified means verified after `verifiedSince`
 * (docs/decisions/035-verification-lapse.md). 'none': nobody willing there; 'full': willing referrers
 * there, but each is at capacity, at their monthly cap or paused at `at`. `prefer` (the referrer of the
 * opening a request was asked through, docs/decisions/081-openings-route-to-their-referrer.md) is picked
 * whenever they are among those who could be: the ranking decides only without them.
 */
export async function pickReferrer(
  tx: Db,
  limits: { capacity: number; responseMs: number },
  companyId: number,
  seekerId: number,
  exclude: readonly number[],
  verifiedSince: Date,
  at: Date,
  prefer: number | null = null,
): Promise<Pick> {
  const candidates = await lockCandidates(tx, companyId, seekerId, exclude, verifiedSince, at);
  if (candidates.length === 0) return { kind: 'none' };
  const available = await withinOwnLimits(tx, candidates, at);
  const ids = available.map((c) => c.userId);
  const open = await countOpenReferrals(tx, ids);
  const room = available.filter((c) => (open.get(c.userId) ?? 0) < limits.capacity);
  if (prefer !== null && room.some((c) => c.userId === prefer)) return { kind: 'picked', referrerId: prefer };
  // Records are read only for those with room, and only when there is a choice to make.
  const records =
    room.length > 1
      ? await readRecords(
          tx,
          room.map((c) => c.userId),
          limits.responseMs,
        )
      : new Map();
  const tiers = new Map([...records].map(([id, counts]) => [id, recordTier(counts, limits.responseMs)]));
  const [best] = rankCandidates(room, open, limits.capacity, tiers);
  return best ? { kind: 'picked', referrerId: best.userId } : { kind: 'full' };
}

function assignedToReferrerNotice(referrerId: number, seekerName: string, position: string, company: string) {
  return {
    userId: referrerId,
    title: 'New referral request',
    message: `${seekerName} asks for a referral for ${position} at ${company}.`,
    type: 'referral_assigned',
    link: INCOMING_LINK,
  };
}

/**
 * Who may not get this request: everyone who held it (`history`; a new request has none), and whoever declined an earlier request of this
 * seeker for the same posting (docs/decisions/033-request-lifecycle.md).
 */
export async function excludedReferrers(
  tx: Db,
  request: { jobSeekerId: number; normalizedJobUrl: string },
  history: readonly { referrerId: number }[] = [],
): Promise<number[]> {
  const before = await earlierDecliners(tx, request.jobSeekerId, request.normalizedJobUrl);
  return [...new Set([...history.map((r) => r.referrerId), ...before])];
}

/** A request as its next referrer's notice names it. */
export interface RequestToHand {
  id: number;
  jobSeekerId: number;
  companyId: number;
  position: string;
  seekerName: string;
  companyName: string;
}

export interface HandOptions {
  /** Nobody here gets the request: those who held it, those who declined this posting for this seeker. */
  exclude: readonly number[];
  /** When the pick is made: verification, pauses and monthly caps are judged as of it. */
  at: Date;
  /** Starts the referral's response clock; `at` unless given. */
  assignedAt?: Date;
  /**
   * Runs once the pick is known, whatever it is, before anyone is assigned: a hand-off lets go of the
   * referral the request leaves here (a request has one current referral). False stops: nobody is assigned.
   */
  beforeAssign?: (pick: Pick) => Promise<boolean>;
  /** Whom to pick first if they can take it now (an opening's referrer); else the ranking picks. */
  prefer?: number | null;
}

/** The pick as it ended: 'stopped' when beforeAssign said no or the request had a current referral already. */
export type Handed = Pick | { kind: 'stopped' };

/**
 * docs/product.md, Matching: hands a request to its next referrer, the one way every path does (a new
 * request, a release, a hand-off, a referrer leaving, blocked or suspended, a suspension lifted). Picks
 * one (pickReferrer), then gives them the referral and tells them. With nobody willing ('none') or nobody
 * with room ('full') the request is left as it is; what the seeker is told is the caller's.
 */
export async function handToNextReferrer(
  tx: Db,
  deps: ReferralDeps,
  request: RequestToHand,
  options: HandOptions,
): Promise<Handed> {
  const { exclude, at, assignedAt = at, beforeAssign, prefer = null } = options;
  const pick = await pickReferrer(
    tx,
    deps,
    request.companyId,
    request.jobSeekerId,
    exclude,
    verifiedSince(at, deps.verificationTtlMs),
    at,
    prefer,
  );
  if (beforeAssign && !(await beforeAssign(pick))) return { kind: 'stopped' };
  if (pick.kind !== 'picked') return pick;
  return (await assignReferral(tx, deps, request, pick.referrerId, assignedAt)) ? pick : { kind: 'stopped' };
}

/**
 * The request's new current referral goes to this referrer, whose response clock starts at `at`, and they
 * are told. False when the request has a current referral already (another assignment got there first).
 * handToNextReferrer and the hand-out of waiting requests both assign through it.
 */
async function assignReferral(
  tx: Db,
  deps: ReferralDeps,
  request: { id: number; position: string; seekerName: string; companyName: string },
  referrerId: number,
  at: Date,
): Promise<boolean> {
  if (!(await insertReferral(tx, request.id, referrerId, at))) return false;
  await deps.notify(
    tx,
    assignedToReferrerNotice(referrerId, request.seekerName, request.position, request.companyName),
  );
  return true;
}

/** What a referrer can take now by their own limits: open slots under REFERRER_CAPACITY, and what is left of their cap. */
async function loadOf(tx: Db, deps: ReferralDeps, referrerId: number, monthlyCap: number | null, at: Date) {
  const open = (await countOpenReferrals(tx, [referrerId])).get(referrerId) ?? 0;
  const capLeft =
    monthlyCap === null
      ? Infinity
      : monthlyCap - ((await countMonthAssignments(tx, [referrerId], at)).get(referrerId) ?? 0);
  /** Room for `extraOpen` more open referrals than they hold: room now, or before one of them closed. */
  const room = (extraOpen = 0) => Math.min(deps.capacity - open - extraOpen, capLeft);
  return { room };
}

/** A referrer's company, and whether they take requests there. */
export interface ReferrerSupply {
  companyId: number;
  takes: boolean;
}

/**
 * Whether the referrer takes requests at `at`: willing, not suspended, not paused, under their monthly cap,
 * with room under REFERRER_CAPACITY, as matching judges them (issue 49 item 1). Null for a user who refers
 * nowhere. Locks their referrer row, as the hand-out does.
 */
export async function readSupply(
  tx: Db,
  deps: ReferralDeps,
  referrerId: number,
  at: Date,
): Promise<ReferrerSupply | null> {
  const referrer = await lockReferrer(tx, referrerId, at);
  if (!referrer) return null;
  const takes =
    referrer.willing &&
    !referrer.paused &&
    (await loadOf(tx, deps, referrerId, referrer.monthlyCap, at)).room() > 0;
  return { companyId: referrer.companyId, takes };
}

/**
 * Where the referrer stood just before the change that gives them room, so the hand-out can tell whether
 * their company had nobody before (docs/decisions/078-a-watch-tells-once.md): read before the change
 * (readSupply; null when they took requests nowhere, as when they just turned willing, a pause ended or a
 * suspension was lifted), or 'one freed' when one of their open referrals has just closed, all else as now.
 */
export type SupplyBefore = ReferrerSupply | null | 'one freed';

/**
 * Gives a referrer who has room (just turned willing, a referral of theirs closed, their pause ended) the
 * oldest waiting requests at their company, up to their capacity and what is left of their monthly cap,
 * and tells both sides. Nothing while they are paused. Answers how many were assigned.
 *
 * Every change that can give a referrer room passes through here, in its own transaction: so here too, when
 * they can still take requests after the hand-out, could not before, and nobody else at their company can,
 * the company has gone from nobody available to one, and its watchers are told (`deps.supplyArrived`).
 */
export async function assignWaitingRequests(
  tx: Db,
  deps: ReferralDeps,
  referrerId: number,
  at: Date,
  before: SupplyBefore,
): Promise<number> {
  const referrer = await lockReferrer(tx, referrerId, at);
  if (!referrer?.willing || referrer.paused) return 0;
  const load = await loadOf(tx, deps, referrerId, referrer.monthlyCap, at);
  const room = load.room();
  if (room <= 0) return 0;
  const waiting = await lockWaitingRequests(tx, referrer.companyId, referrerId, room);
  let assigned = 0;
  if (waiting.length > 0) {
    const company: ReferralCompany | undefined = await findCompanyById(tx, referrer.companyId);
    const companyName = company?.name ?? 'your company';
    for (const request of waiting) {
      if (!(await assignReferral(tx, deps, { ...request, companyName }, referrerId, at))) continue;
      assigned += 1;
      await deps.notify(tx, {
        userId: request.jobSeekerId,
        title: 'Referrer found',
        message: `A referrer at ${companyName} now has your request for ${request.position}.`,
        type: 'referral_assigned',
        link: SEEKER_LINK,
      });
    }
  }
  const couldBefore =
    before === 'one freed'
      ? load.room(1) > 0
      : before !== null && before.takes && before.companyId === referrer.companyId;
  if (room > assigned && !couldBefore && deps.supplyArrived) {
    const others = await othersTakeRequests(tx, referrer.companyId, referrerId, deps.capacity, at);
    if (!others) await deps.supplyArrived(tx, referrer.companyId, referrerId);
  }
  return assigned;
}
