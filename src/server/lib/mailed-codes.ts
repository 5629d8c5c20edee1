import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { verificationCodes } from '../db/schema.js';
import { type AppError, badRequest, tooManyRequests } from './errors.js';

/**
 * The 6-digit codes mailed to prove an address (docs/product.md, Verification): a referrer's work address
 * (the referrals feature) and a user's personal address for their mail (the mail feature,
 * docs/decisions/085-a-job-hunt-hidden-from-the-employer.md). One machinery for both: hashed with a salt,
 * 15 minutes, 5 tries, 3 codes an hour, each purpose counted apart.
 */

export const CODE_MINUTES = 15;
export const MAX_TRIES = 5;
export const CODES_PER_HOUR = 3;
const HOUR_MS = 3_600_000;

export type CodePurpose = (typeof verificationCodes.$inferSelect)['purpose'];
export type MailedCodeRow = typeof verificationCodes.$inferSelect;

const ofUser = (userId: number, purpose: CodePurpose) =>
  and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose));

/**
 * Seconds until the user may ask for another code of this purpose (0: now). Once this hour's codes are
 * spent, the next may be asked for when the earliest of them is an hour old.
 */
export async function secondsUntilNextCode(
  tx: Db,
  userId: number,
  purpose: CodePurpose,
  now: Date,
): Promise<number> {
  const [recent] = await tx
    .select({ n: count(), earliest: min(verificationCodes.createdAt) })
    .from(verificationCodes)
    .where(and(ofUser(userId, purpose), gt(verificationCodes.createdAt, new Date(now.getTime() - HOUR_MS))));
  if ((recent?.n ?? 0) < CODES_PER_HOUR) return 0;
  const freeAt = (recent?.earliest?.getTime() ?? now.getTime()) + HOUR_MS;
  return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
}

/**
 * A code with no tries left. Trying again cannot help, asking for a new code can: Retry-After says when
 * that is possible (1 second when it is possible now, as Retry-After must name a wait).
 */
async function codeSpent(tx: Db, row: MailedCodeRow, now: Date, message: string): Promise<AppError> {
  return tooManyRequests(message, Math.max(1, await secondsUntilNextCode(tx, row.userId, row.purpose, now)));
}

function hashCode(secret: string, salt: string, code: string): string {
  return createHmac('sha256', secret).update(`verification:${salt}:${code}`).digest('hex');
}

function codeMatches(secret: string, stored: string, code: string): boolean {
  const [salt, hash] = stored.split('$');
  if (!salt || !hash) return false;
  const expected = Buffer.from(hash, 'hex');
  const actual = Buffer.from(hashCode(secret, salt, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Makes and stores a new code for `email` and answers it, to be mailed in the same transaction; 429 with
 * a sentence once this hour's codes of the purpose are spent. Call it with the user's row locked, so the
 * hourly count holds under concurrent requests.
 */
export async function issueCode(
  tx: Db,
  {
    userId,
    purpose,
    email,
    companyId = null,
    secret,
    now,
  }: {
    userId: number;
    purpose: CodePurpose;
    email: string;
    companyId?: number | null;
    secret: string;
    now: Date;
  },
): Promise<string> {
  const wait = await secondsUntilNextCode(tx, userId, purpose, now);
  if (wait > 0) {
    throw tooManyRequests(
      `You have asked for ${CODES_PER_HOUR} codes in the last hour. Please wait a while before asking for another.`,
      wait,
    );
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = `${userId}:${now.getTime()}:${randomInt(0, 2 ** 47)}`;
  await tx.insert(verificationCodes).values({
    userId,
    purpose,
    companyId,
    email,
    codeHash: `${salt}$${hashCode(secret, salt, code)}`,
    createdAt: now,
  });
  return code;
}

/** The user's newest code of this purpose not yet used. */
export async function latestUnusedCode(
  db: Db,
  userId: number,
  purpose: CodePurpose,
): Promise<MailedCodeRow | undefined> {
  const [row] = await db
    .select()
    .from(verificationCodes)
    .where(and(ofUser(userId, purpose), isNull(verificationCodes.usedAt)))
    .orderBy(desc(verificationCodes.id))
    .limit(1);
  return row;
}

/** Whether the code was asked for so long ago that it no longer works. */
export function codeExpired(row: Pick<MailedCodeRow, 'createdAt'>, now: Date): boolean {
  return now.getTime() - row.createdAt.getTime() > CODE_MINUTES * 60_000;
}

/**
 * Tries `code` against the stored one: the refusal to answer (expired, no tries left, wrong: a wrong try
 * is counted, so the caller must commit it and throw after), or null once it matched and is marked used.
 */
export async function redeemCode(
  tx: Db,
  { row, code, secret, now }: { row: MailedCodeRow; code: string; secret: string; now: Date },
): Promise<AppError | null> {
  if (codeExpired(row, now)) return badRequest('That code has expired: ask for a new one.');
  if (row.attempts >= MAX_TRIES) {
    return codeSpent(tx, row, now, 'Too many wrong tries for this code: ask for a new one.');
  }
  if (!codeMatches(secret, row.codeHash, code.trim())) {
    const [counted] = await tx
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id))
      .returning({ attempts: verificationCodes.attempts });
    const left = MAX_TRIES - (counted?.attempts ?? MAX_TRIES);
    return left > 0
      ? badRequest(`That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`)
      : codeSpent(tx, row, now, 'That code is not right, and that was the last try: ask for a new code.');
  }
  await tx.update(verificationCodes).set({ usedAt: now }).where(eq(verificationCodes.id, row.id));
  return null;
}
