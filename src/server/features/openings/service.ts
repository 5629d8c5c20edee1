import { normalizeCompanyName } from '../../../shared/companies.js';
import type { CompanyDetection } from '../../../shared/job-url.js';
import { normalizeJobUrl } from '../../../shared/job-url-rules.js';
import { JOB_CLOSED_MESSAGE, type JobPreview } from '../../../shared/jobs.js';
import { firstNameOf } from '../../../shared/names.js';
import {
  MAX_OPEN_OPENINGS,
  OPENING_ERRORS,
  OPENING_TEXT_MAX,
  type CreateOpeningInputSchema,
  type Opening,
  type OpeningList,
  type OpeningListQuerySchema,
} from '../../../shared/openings.js';
import { offersPayment } from '../../../shared/payment-offer.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { verifiedSince } from '../../lib/referrer-sql.js';
import * as repo from './repo.js';

/** What the openings feature needs from the others, handed in by app-features.ts. */
export interface OpeningPorts {
  /** The companies feature's detection of a job URL's company (GET /api/companies/detect). */
  detectCompany: (db: Db, jobUrl: string) => Promise<CompanyDetection>;
  /** The jobs feature's posting preview (GET /api/jobs/preview), read through the guarded way out. */
  previewPosting: (jobUrl: string) => Promise<JobPreview | undefined>;
  /** A fresh, paced reading of a posting's status for the liveness sweep; undefined when not read. */
  checkPosting: (
    jobUrl: string,
    signal?: AbortSignal,
  ) => Promise<{ status: JobPreview['status'] } | undefined>;
  /** VERIFICATION_TTL: a referrer's verification counts this long. */
  verificationTtlMs: number;
  /** JOB_CHECK_INTERVAL: how often an open opening's posting is read again. */
  jobCheckMs: number;
}

type OpeningRow = Awaited<ReturnType<typeof repo.listOpenings>>[number];

const toOpening = (row: OpeningRow): Opening => ({
  id: row.id,
  company: { id: row.companyId, name: row.companyName },
  title: row.title,
  location: row.location,
  jobUrl: row.jobUrl,
  note: row.note,
  postedAt: row.postedAt.toISOString(),
  referrerFirstName: firstNameOf(row.referrerName),
  referrerVerified: row.referrerVerified,
});

/**
 * Whether the posting is at the referrer's company: detection decides when it is sure of the URL (a
 * careers host, an ATS board); otherwise the posting as read names its company. The preview is read only
 * when needed: for the company, or for a title or location the referrer did not give.
 */
async function readPostingAtCompany(
  db: Db,
  ports: OpeningPorts,
  company: { companyId: number; companyName: string },
  input: z.output<typeof CreateOpeningInputSchema>,
): Promise<{ title: string | null; location: string | null }> {
  const ours = normalizeCompanyName(company.companyName);
  const isOurs = (id: number | null, name: string | null) =>
    id === company.companyId || (name !== null && normalizeCompanyName(name) === ours);
  const elsewhere = () => badRequest(OPENING_ERRORS.notYourCompany(company.companyName));
  const detected = await ports.detectCompany(db, input.jobUrl);
  const sure = detected.confidence === 'high' || detected.confidence === 'medium';
  if (sure && !isOurs(detected.companyId, detected.companyName)) throw elsewhere();
  const needPreview = !sure || input.title === null || input.location === null;
  const preview = needPreview ? await ports.previewPosting(input.jobUrl) : undefined;
  if (!sure && !(preview && isOurs(null, preview.companyName))) throw elsewhere();
  if (preview?.status === 'closed') throw badRequest(JOB_CLOSED_MESSAGE);
  // What a posting says is kept within the lengths a referrer may type.
  const fit = (text: string | null | undefined) => text?.trim().slice(0, OPENING_TEXT_MAX) || null;
  return { title: fit(preview?.title), location: fit(preview?.location) };
}

/**
 * POST /api/openings: a willing referrer's opening at their own company (else 403, or 400 for a posting
 * elsewhere); title and location from the posting unless given; at most MAX_OPEN_OPENINGS open (409); a
 * note that offers or asks for money is refused (400), by the rules a request's message is held by.
 */
export async function postOpening(
  db: Db,
  ports: OpeningPorts,
  userId: number,
  input: z.output<typeof CreateOpeningInputSchema>,
  at: Date,
): Promise<Opening> {
  const company = await repo.findWillingReferrer(db, userId);
  if (!company) throw forbidden(OPENING_ERRORS.needsReferrer);
  if (input.note !== null && offersPayment(input.note)) {
    throw badRequest(OPENING_ERRORS.notePayment, { note: [OPENING_ERRORS.notePayment] });
  }
  if ((await repo.countOpen(db, userId)) >= MAX_OPEN_OPENINGS) throw conflict(OPENING_ERRORS.limit);
  const posting = await readPostingAtCompany(db, ports, company, input);
  const title = input.title ?? posting.title;
  if (!title) throw badRequest(OPENING_ERRORS.titleNeeded, { title: [OPENING_ERRORS.titleNeeded] });
  const id = await db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    // Read again under the lock: still a willing referrer there, and still below the limit.
    const still = await repo.findWillingReferrer(tx, userId);
    if (still?.companyId !== company.companyId) throw forbidden(OPENING_ERRORS.needsReferrer);
    if ((await repo.countOpen(tx, userId)) >= MAX_OPEN_OPENINGS) throw conflict(OPENING_ERRORS.limit);
    const made = await repo.insertOpening(tx, {
      referrerId: userId,
      companyId: company.companyId,
      jobUrl: input.jobUrl,
      normalizedJobUrl: normalizeJobUrl(input.jobUrl),
      title,
      location: input.location ?? posting.location,
      note: input.note,
      createdAt: at,
      jobNextCheckAt: new Date(at.getTime() + ports.jobCheckMs),
    });
    if (made === undefined) throw conflict(OPENING_ERRORS.duplicate);
    return made;
  });
  const [row] = await repo.listOpenings(db, {
    id,
    limit: 1,
    verifiedSince: verifiedSince(at, ports.verificationTtlMs),
  });
  if (!row) throw notFound(OPENING_ERRORS.noSuchOpening);
  return toOpening(row);
}

/** DELETE /api/openings/{id}: its referrer closes it; anyone else's, or none, is 404. */
export async function removeOpening(
  db: Db,
  userId: number,
  id: number,
  at: Date,
): Promise<{ success: true }> {
  if (!(await repo.closeOwnOpening(db, userId, id, at))) throw notFound(OPENING_ERRORS.noSuchOpening);
  return { success: true };
}

/** GET /api/openings: live openings, newest first; `mine` the asker's own. The cursor is the last id read. */
export async function listOpenings(
  db: Db,
  ports: Pick<OpeningPorts, 'verificationTtlMs'>,
  userId: number,
  query: z.output<typeof OpeningListQuerySchema>,
  at: Date,
): Promise<OpeningList> {
  const after = query.cursor === undefined ? undefined : Number(query.cursor);
  const rows = await repo.listOpenings(db, {
    q: query.q,
    companyId: query.companyId,
    referrerId: query.mine ? userId : undefined,
    after,
    limit: query.limit + 1,
    verifiedSince: verifiedSince(at, ports.verificationTtlMs),
  });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toOpening),
    nextCursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null,
  };
}

/**
 * The referrals feature's openingReferrer, for a request asked through an opening: its referrer while the
 * opening is live, null when it closed or its referrer left (the request goes to matching as usual).
 * Unknown ids are 404, and an opening at another company than the request's 400.
 */
export async function openingReferrer(tx: Db, openingId: number, companyId: number): Promise<number | null> {
  const opening = await repo.findOpening(tx, openingId);
  if (!opening) throw notFound(OPENING_ERRORS.noSuchOpening);
  if (opening.companyId !== companyId) throw badRequest(OPENING_ERRORS.otherCompany);
  return opening.live ? opening.referrerId : null;
}

/**
 * The referrals feature's referrerLeft, in the transaction of the change: a referrer who stopped being
 * willing or was suspended closes every open opening; one who moved, those at any other company.
 */
export async function closeOpeningsOfReferrer(tx: Db, userId: number, at: Date, keepCompanyId?: number) {
  return repo.closeOpeningsOf(tx, userId, at, keepCompanyId);
}

/** Openings claimed per run: the next run claims more once these are read. */
const CHECK_BATCH = 100;

/**
 * The liveness sweep's share for openings (docs/decisions/081-openings-route-to-their-referrer.md): each
 * open opening whose posting is due is read afresh (paced with the requests' readings), and a posting read
 * closed closes the opening. Unknown readings change nothing. Rows not read because `signal` aborted are due
 * again. Answers how many closed.
 */
export async function sweepOpenings(
  db: Db,
  ports: Pick<OpeningPorts, 'checkPosting' | 'jobCheckMs'>,
  now: Date,
  signal?: AbortSignal,
): Promise<{ closed: number; unread: number }> {
  const due = await db.transaction((tx) => repo.claimDueOpenings(tx, now, ports.jobCheckMs, CHECK_BATCH));
  const unread: number[] = [];
  let closed = 0;
  await Promise.all(
    due.map(async ({ id, jobUrl }) => {
      const reading = await ports.checkPosting(jobUrl, signal).catch(() => undefined);
      if (!reading) unread.push(id);
      else if (reading.status === 'closed' && (await repo.closeOpening(db, id, now))) closed += 1;
    }),
  );
  if (signal?.aborted) await repo.releaseDueOpenings(db, unread, now);
  return { closed, unread: unread.length };
}
