import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { referralRequests, referrals, resumes } from '../../../db/schema.js';
import { LIVE_REFERRAL } from '../access.js';

/**
 * Issue 46 item 9: the résumé link in a referral's packet opens for whoever it is pasted to (a recruiter, a
 * company's referral tool), with no session of ours. It is signed (HMAC-SHA256 under a key derived from
 * SESSION_SECRET) and names one referral and one résumé. It opens while the referral is one its referrer
 * still works on, the résumé is still the seeker's active one, and the request has not been erased; the
 * signature's own expiry is the retention's end (RETENTION_AFTER_CLOSE after the request closed, or after
 * the link was made while it is open), so it expires with the referral's retention at the latest.
 */

/** Statuses in which the referrer still works on the referral: its packet, and the packet's link, are for them. */
export const WORKING: readonly string[] = [
  'pending',
  'changes_requested',
  'accepted',
  'submitted',
  'successful',
  'unsuccessful',
];

export interface ResumeLinkClaims {
  referralId: number;
  resumeId: number;
  /** Seconds since the epoch after which the link opens nothing. */
  expiresAt: number;
}

const keyOf = (secret: string) => createHash('sha256').update(`resume-link:${secret}`).digest();
const sign = (secret: string, payload: string) =>
  createHmac('sha256', keyOf(secret)).update(payload).digest('base64url');

export function signResumeLink(secret: string, claims: ResumeLinkClaims): string {
  const payload = `${claims.referralId}.${claims.resumeId}.${claims.expiresAt}`;
  return `${payload}.${sign(secret, payload)}`;
}

/** The claims of a well-formed, untampered, unexpired link; undefined for anything else. */
export function readResumeLink(secret: string, token: string, now: Date): ResumeLinkClaims | undefined {
  const match = /^(\d{1,10})\.(\d{1,10})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, referralId, resumeId, expiresAt, signature] = match;
  const expected = Buffer.from(sign(secret, `${referralId}.${resumeId}.${expiresAt}`));
  const given = Buffer.from(signature!);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  if (Number(expiresAt) * 1000 <= now.getTime()) return undefined;
  return { referralId: Number(referralId), resumeId: Number(resumeId), expiresAt: Number(expiresAt) };
}

/** When a link made now stops: the retention's end of a closed request, else that long from now. */
export function resumeLinkExpiry(closedAt: Date | null, now: Date, retentionMs: number): number {
  return Math.floor(((closedAt ?? now).getTime() + retentionMs) / 1000);
}

/**
 * The résumé a link opens now, or undefined: its signature, its expiry, and the referral as it is now
 * (still worked on, not passed on, not erased; the résumé still the seeker's active one).
 */
export async function openResumeLink(
  db: Db,
  secret: string,
  token: string,
  now: Date,
): Promise<number | undefined> {
  const claims = readResumeLink(secret, token, now);
  if (!claims) return undefined;
  const [row] = await db
    .select({ status: referrals.status })
    .from(referrals)
    .innerJoin(referralRequests, eq(referralRequests.id, referrals.requestId))
    .innerJoin(
      resumes,
      and(eq(resumes.userId, referralRequests.jobSeekerId), eq(resumes.id, claims.resumeId)),
    )
    .where(
      and(
        eq(referrals.id, claims.referralId),
        // The same rule as every act on a referral (access.ts): not passed on, not erased.
        LIVE_REFERRAL,
        eq(resumes.isActive, true),
      ),
    );
  return row && WORKING.includes(row.status) ? claims.resumeId : undefined;
}
