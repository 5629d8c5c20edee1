import type {
  SendVerificationCodeResult,
  VerificationMethod,
  VerificationStatus,
} from '../../../../shared/verification.js';
import { domainOf } from '../../../../shared/email-domain.js';
import type { Db } from '../../../db/client.js';
import type { UserRow } from '../../../db/schema.js';
import { type AppError, badRequest, conflict } from '../../../lib/errors.js';
import { CODE_MINUTES, issueCode, latestUnusedCode, redeemCode } from '../../../lib/mailed-codes.js';
import { lockUserRow } from '../rows/people.js';
import {
  findReferrerWithCompany,
  lockReferrerWithCompany,
  renewReferrerVerification,
} from './verification-repo.js';
import { holdsAt, lapsesAt, reminderLeadMs } from './lapse-rule.js';
import { isFreeMail } from '../../../lib/free-mail.js';
import { emailMatchesDomain } from '../matching/willingness.js';

/** docs/product.md, Verification: 6 digits, hashed, 15 minutes, 5 tries, 3 codes an hour (lib/mailed-codes.ts). */
export { CODE_MINUTES, CODES_PER_HOUR, MAX_TRIES } from '../../../lib/mailed-codes.js';

export interface MailToSend {
  userId: number;
  to: string;
  subject: string;
  text: string;
  urgent?: boolean;
}

export interface VerificationDeps {
  /** Queues a mail in the caller's transaction (the mail feature's enqueueMail). */
  sendMail: (tx: Db, message: MailToSend) => Promise<unknown>;
  /** Keys the codes' HMAC (SESSION_SECRET). */
  secret: string;
  now: () => Date;
  /** VERIFICATION_TTL in milliseconds (docs/decisions/035-verification-lapse.md). */
  ttlMs: number;
}

/**
 * Whether this verification holds at `now`, and whether it is too early to renew it: a verification holding
 * and not yet within the reminder's lead of its lapse refuses a new code.
 */
function judge(row: { isVerified: boolean; verifiedAt: Date | null }, now: Date, ttlMs: number) {
  const until = lapsesAt(row, ttlMs);
  const holds = holdsAt(row, now, ttlMs);
  const renewable = holds && until !== null && now.getTime() >= until.getTime() - reminderLeadMs(ttlMs);
  return { holds, until: holds ? until : null, renewable };
}

const NOT_REFERRER =
  'Only referrers can verify a work email: turn on referrals at your current company first.';
const alreadyVerified = (company: string) => `You are already verified at ${company}.`;

/** GET /api/referrer/verification, as of `now`: a lapsed verification reads as none. */
export async function verificationStatus(
  db: Db,
  clock: Pick<VerificationDeps, 'now' | 'ttlMs'>,
  userId: number,
): Promise<VerificationStatus> {
  const row = await findReferrerWithCompany(db, userId);
  if (!row)
    return { verified: false, method: null, companyName: null, verifiedUntil: null, renewable: false };
  const { holds, until, renewable } = judge(row, clock.now(), clock.ttlMs);
  const method: VerificationMethod | null = holds ? (row.verificationMethod ?? 'sign-in-email') : null;
  return {
    verified: holds,
    method,
    companyName: row.companyName,
    verifiedUntil: until?.toISOString() ?? null,
    renewable,
  };
}

/** POST /api/referrer/verification: mails a code to a work address at the referrer's company's domain. */
export async function sendVerificationCode(
  db: Db,
  deps: VerificationDeps,
  user: UserRow,
  workEmail: string,
): Promise<SendVerificationCodeResult> {
  const email = workEmail.trim().toLowerCase();
  return db.transaction(async (tx) => {
    // One send at a time per user, so the hourly count holds under concurrent requests.
    await lockUserRow(tx, user.id);
    const referrer = await lockReferrerWithCompany(tx, user.id);
    if (!referrer) throw conflict(NOT_REFERRER);
    const { holds, renewable } = judge(referrer, deps.now(), deps.ttlMs);
    if (holds && !renewable) throw conflict(alreadyVerified(referrer.companyName));
    if (referrer.emailDomains.length === 0) {
      throw badRequest(
        `We cannot verify ${referrer.companyName} automatically yet: it has no known email domain.`,
      );
    }
    // Admins never set a public mail provider's domain, but a company may predate that rule.
    const domains = referrer.emailDomains.filter((domain) => !isFreeMail(domain));
    if (domains.length === 0) {
      throw badRequest(
        `We cannot verify ${referrer.companyName} employees by email: anyone can get an address at ${referrer.emailDomains[0]}. Your profile stays 'Pending Verification' until an admin verifies you.`,
      );
    }
    if (isFreeMail(email)) {
      throw badRequest(
        `${domainOf(email)} gives mailboxes to anyone, so it cannot show where you work. Use your ${referrer.companyName} email address.`,
        { workEmail: ['Use your work email address, not a personal one.'] },
      );
    }
    if (!emailMatchesDomain(email, domains)) {
      const endings = domains.map((domain) => `@${domain}`).join(' or ');
      throw badRequest(
        `Use your ${referrer.companyName} email address: it must end in ${endings} (or a subdomain of it).`,
        { workEmail: [`Use an address ending in ${endings}.`] },
      );
    }
    const code = await issueCode(tx, {
      userId: user.id,
      purpose: 'work-email',
      companyId: referrer.companyId,
      email,
      secret: deps.secret,
      now: deps.now(),
    });
    await deps.sendMail(tx, {
      userId: user.id,
      urgent: true,
      to: email,
      subject: `Your ReferBridge verification code: ${code}`,
      text: [
        `Your code to verify that you work at ${referrer.companyName} is ${code}.`,
        '',
        `It works for ${CODE_MINUTES} minutes. If you did not ask for it, you can ignore this email.`,
      ].join('\n'),
    });
    return { sentTo: email, expiresInMinutes: CODE_MINUTES };
  });
}

/** POST /api/referrer/verification/confirm. A wrong try is counted even though the request is refused. */
export async function confirmVerificationCode(
  db: Db,
  deps: VerificationDeps,
  user: UserRow,
  code: string,
): Promise<VerificationStatus> {
  const refusal = await db.transaction(async (tx): Promise<AppError | null> => {
    await lockUserRow(tx, user.id);
    const referrer = await lockReferrerWithCompany(tx, user.id);
    if (!referrer) throw conflict(NOT_REFERRER);
    const { holds, renewable } = judge(referrer, deps.now(), deps.ttlMs);
    if (holds && !renewable) throw conflict(alreadyVerified(referrer.companyName));
    const row = await latestUnusedCode(tx, user.id, 'work-email');
    if (!row || row.companyId !== referrer.companyId) {
      throw badRequest('There is no code waiting for you: ask for a code first.');
    }
    // A code mailed before its domain was known to be a public mail provider no longer proves anything.
    if (!emailMatchesDomain(row.email, referrer.emailDomains)) {
      throw badRequest(
        `That code went to ${row.email}, which cannot show that you work at ${referrer.companyName}.`,
      );
    }
    const now = deps.now();
    const refused = await redeemCode(tx, { row, code, secret: deps.secret, now });
    if (refused) return refused;
    await renewReferrerVerification(tx, user.id, 'work-email', now);
    return null;
  });
  if (refusal) throw refusal;
  return verificationStatus(db, deps, user.id);
}
