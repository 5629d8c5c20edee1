import {
  BONUS_EARLY_REMINDER_DAYS,
  BONUS_TOO_EARLY,
  bonusReminderMessage,
  expectedPayoutOn,
  ReferralBonusInputSchema,
  type BonusStatus,
  type ReferralBonus,
  type ReferralBonusInput,
} from '../../../../shared/referral-bonus.js';
import { firstNameOf } from '../../../../shared/names.js';
import { REFERRER_BONUSES_LINK } from '../../../../shared/notifications.js';
import type { Db } from '../../../db/client.js';
import { inBatches } from '../../../db/one-by-one.js';
import { conflict, notFound } from '../../../lib/errors.js';
import { REFERRAL_NOT_FOUND } from '../access.js';
import type { ReferralDeps } from '../ports.js';
import {
  bonusRowsFor,
  claimBonusReminders,
  findBonusRow,
  listBonusRows,
  lockReferralForBonus,
  upsertBonus,
} from './bonuses-repo.js';

/**
 * Issue 50 item 5: the referral bonus, tracked for the referrer alone
 * (docs/decisions/083-referral-bonus-tracker.md). Nobody else reads it: not the seeker, not an admin.
 */

type BonusRow = NonNullable<Awaited<ReturnType<typeof findBonusRow>>>;

function toBonus(row: BonusRow): ReferralBonus {
  return {
    referralId: row.referralId,
    candidateFirstName: firstNameOf(row.candidateName),
    company: row.company,
    hiredOn: row.hiredOn,
    payoutAfterDays: row.payoutAfterDays,
    expectedPayoutOn: row.expectedPayoutOn,
    amount: row.amount === null ? null : Number(row.amount),
    currency: row.currency,
    status: row.status as BonusStatus,
  };
}

/**
 * PUT /api/referrals/{id}/bonus: the referrer of a successful referral records or changes its bonus. Anyone
 * else gets the 404 of access.ts. Unlike the routes behind its gate, this one outlives retention's erasure:
 * erasure takes the seeker's free text, and the bonus is the referrer's own record (the decision record says
 * so). A successful referral is final and never passes on, so only its referrer ever holds it.
 */
export async function recordBonus(
  db: Db,
  deps: Pick<ReferralDeps, 'now'>,
  viewerId: number,
  referralId: number,
  input: ReferralBonusInput,
): Promise<ReferralBonus> {
  const bonus = ReferralBonusInputSchema.parse(input);
  return db.transaction(async (tx) => {
    const referral = await lockReferralForBonus(tx, referralId);
    if (!referral || referral.referrerId !== viewerId || referral.supersededAt !== null)
      throw notFound(REFERRAL_NOT_FOUND);
    if (referral.status !== 'successful') throw conflict(BONUS_TOO_EARLY);
    await upsertBonus(tx, {
      referralId,
      referrerId: viewerId,
      hiredOn: bonus.hiredOn,
      payoutAfterDays: bonus.payoutAfterDays,
      expectedPayoutOn: expectedPayoutOn(bonus.hiredOn, bonus.payoutAfterDays),
      amount: bonus.amount ?? null,
      currency: bonus.currency ?? null,
      status: bonus.status,
      at: deps.now(),
    });
    const row = await findBonusRow(tx, referralId);
    if (!row) throw notFound(REFERRAL_NOT_FOUND);
    return toBonus(row);
  });
}

/** GET /api/referrer/bonuses: the asker's own, never anyone else's. */
export async function listBonuses(db: Db, referrerId: number): Promise<{ items: ReferralBonus[] }> {
  return { items: (await listBonusRows(db, referrerId)).map(toBonus) };
}

/** Reminders to a transaction: few, as the sweep's other reminders (sweep.ts). */
const REMINDER_BATCH = 25;
const DAY_MS = 86_400_000;

/**
 * The referral sweep's part: a waiting bonus reminds its referrer 7 days before its expected day and on it,
 * each once, as days in UTC; a day already past when the sweep first sees it gets the on-the-day reminder
 * alone. Paid and forfeited bonuses are never reminded.
 */
export async function remindOfBonuses(
  db: Db,
  deps: Pick<ReferralDeps, 'notify'>,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  const today = now.toISOString().slice(0, 10);
  const leadUntil = new Date(now.getTime() + BONUS_EARLY_REMINDER_DAYS * DAY_MS).toISOString().slice(0, 10);
  let reminded = 0;
  for (const which of ['due', 'early'] as const) {
    reminded += await inBatches(db, { size: REMINDER_BATCH, signal }, async (tx) => {
      const claimed = await claimBonusReminders(tx, which, {
        today,
        leadUntil,
        at: now,
        limit: REMINDER_BATCH,
      });
      const rows = await bonusRowsFor(
        tx,
        claimed.map((c) => c.referralId),
      );
      for (const row of rows) {
        const referrerId = claimed.find((c) => c.referralId === row.referralId)!.referrerId;
        await deps.notify(tx, {
          userId: referrerId,
          title: 'Referral bonus',
          message: bonusReminderMessage(firstNameOf(row.candidateName), row.company),
          type: 'bonus_reminder',
          link: REFERRER_BONUSES_LINK,
        });
      }
      return claimed.length;
    });
  }
  return reminded;
}
