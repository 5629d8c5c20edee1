import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { BONUS_TERMS } from '../../../lib/columns.js';
import { joinReferralCompany } from '../../../lib/referral-parties.js';
import { companies, referralBonuses, referralRequests, referrals, users } from '../../../db/schema.js';
import type { BonusStatus } from '../../../../shared/referral-bonus.js';

/** The bonus tracker's queries (docs/decisions/083-referral-bonus-tracker.md). */

/** A referral with what its bonus needs, its row locked until the transaction ends. */
export async function lockReferralForBonus(tx: Db, referralId: number) {
  const [row] = await tx
    .select({
      referrerId: referrals.referrerId,
      status: referrals.status,
      supersededAt: referrals.supersededAt,
    })
    .from(referrals)
    .where(eq(referrals.id, referralId))
    .for('update');
  return row;
}

export interface BonusWrite {
  referralId: number;
  referrerId: number;
  hiredOn: string;
  payoutAfterDays: number;
  expectedPayoutOn: string;
  amount: number | null;
  currency: string | null;
  status: BonusStatus;
  at: Date;
}

/**
 * The referral's bonus, made or changed. A new expected day is reminded afresh: the stamps of reminders
 * sent for the old day are cleared.
 */
export async function upsertBonus(tx: Db, write: BonusWrite): Promise<void> {
  const { at, ...values } = write;
  const sameDay = sql`${referralBonuses.expectedPayoutOn} = excluded.expected_payout_on`;
  await tx
    .insert(referralBonuses)
    .values({ ...values, createdAt: at, updatedAt: at })
    .onConflictDoUpdate({
      target: referralBonuses.referralId,
      set: {
        hiredOn: values.hiredOn,
        payoutAfterDays: values.payoutAfterDays,
        expectedPayoutOn: values.expectedPayoutOn,
        amount: values.amount,
        currency: values.currency,
        status: values.status,
        earlyRemindedAt: sql`case when ${sameDay} then ${referralBonuses.earlyRemindedAt} else null end`,
        dueRemindedAt: sql`case when ${sameDay} then ${referralBonuses.dueRemindedAt} else null end`,
        updatedAt: at,
      },
    });
}

const BONUS_ITEM = {
  referralId: referralBonuses.referralId,
  candidateName: users.fullName,
  company: companies.name,
  ...BONUS_TERMS,
};

function bonusRows(db: Db) {
  return joinReferralCompany(
    db
      .select(BONUS_ITEM)
      .from(referralBonuses)
      .innerJoin(referrals, eq(referrals.id, referralBonuses.referralId))
      .$dynamic(),
  ).innerJoin(users, eq(users.id, referralRequests.jobSeekerId));
}

/** The referrer's bonuses, the soonest expected first. */
export async function listBonusRows(db: Db, referrerId: number) {
  return bonusRows(db)
    .where(eq(referralBonuses.referrerId, referrerId))
    .orderBy(asc(referralBonuses.expectedPayoutOn), asc(referralBonuses.referralId));
}

export async function findBonusRow(db: Db, referralId: number) {
  const [row] = await bonusRows(db).where(eq(referralBonuses.referralId, referralId));
  return row;
}

/** The bonuses these reminders are about, with their referrer. */
export async function bonusRowsFor(db: Db, referralIds: number[]) {
  if (referralIds.length === 0) return [];
  return bonusRows(db)
    .where(inArray(referralBonuses.referralId, referralIds))
    .orderBy(asc(referralBonuses.referralId));
}

/**
 * Waiting bonuses due their reminder as of `today` (YYYY-MM-DD), each stamped once: 'early' claims those
 * expected after today and within `leadDays`; 'due' those expected today or before, and stamps the early one
 * too (a day already past gets one reminder, not two). SKIP LOCKED and the conditional update: two sweeps at
 * once never both claim a row.
 */
export async function claimBonusReminders(
  tx: Db,
  which: 'early' | 'due',
  { today, leadUntil, at, limit }: { today: string; leadUntil: string; at: Date; limit: number },
): Promise<{ referralId: number; referrerId: number }[]> {
  const unstamped = which === 'early' ? referralBonuses.earlyRemindedAt : referralBonuses.dueRemindedAt;
  const window =
    which === 'early'
      ? and(
          isNull(referralBonuses.dueRemindedAt),
          gt(referralBonuses.expectedPayoutOn, today),
          lte(referralBonuses.expectedPayoutOn, leadUntil),
        )
      : lte(referralBonuses.expectedPayoutOn, today);
  const due = tx
    .select({ id: referralBonuses.referralId })
    .from(referralBonuses)
    .where(and(eq(referralBonuses.status, 'waiting'), isNull(unstamped), window))
    .orderBy(asc(referralBonuses.expectedPayoutOn), asc(referralBonuses.referralId))
    .limit(limit)
    .for('update', { skipLocked: true });
  const stamps =
    which === 'early'
      ? { earlyRemindedAt: at }
      : {
          dueRemindedAt: at,
          earlyRemindedAt: sql`coalesce(${referralBonuses.earlyRemindedAt}, ${at.toISOString()}::timestamptz)`,
        };
  return tx
    .update(referralBonuses)
    .set(stamps)
    .where(and(inArray(referralBonuses.referralId, due), isNull(unstamped)))
    .returning({ referralId: referralBonuses.referralId, referrerId: referralBonuses.referrerId });
}
