import { randomBytes } from 'node:crypto';
import {
  INVITE_NEEDS_REFERRER,
  INVITE_NOTICE,
  InviteCodeSchema,
  joinPath,
  type ReferrerInvite,
} from '../../../shared/invitations.js';
import { firstNameOf } from '../../../shared/names.js';
import type { Db } from '../../db/client.js';
import { forbidden } from '../../lib/errors.js';
import * as repo from './repo.js';

/** What the invitations feature needs from the others, handed in by app-features.ts. */
export interface InvitationPorts {
  /** The notifications feature's notify (mailed too, unless the user turned mail off). */
  notify: (
    tx: Db,
    notice: { userId: number; title: string; message: string; type: string; link: string },
  ) => Promise<unknown>;
}

/** 12 random bytes: 16 url-safe characters, not to be guessed and unrelated to the user's id. */
const newCode = () => randomBytes(12).toString('base64url');

/**
 * GET /api/referrer/invite: a willing referrer's link, the same every time (the code is made on the first
 * ask), and how many joined through it and became referrers at their company. Anyone else: 403.
 */
export async function readInvite(
  db: Db,
  publicUrl: string,
  userId: number,
  at: Date,
): Promise<ReferrerInvite> {
  if (!(await repo.findWillingReferrer(db, userId))) throw forbidden(INVITE_NEEDS_REFERRER);
  let code = await repo.findCode(db, userId);
  if (!code) {
    await repo.insertCode(db, userId, newCode(), at);
    code = await repo.findCode(db, userId);
  }
  return { url: `${publicUrl}${joinPath(code!)}`, joined: await repo.countJoined(db, userId) };
}

/** The inviter behind a code, or undefined for anything that is not a code of ours. */
export async function findInvitation(db: Db, code: string) {
  const parsed = InviteCodeSchema.safeParse(code);
  return parsed.success ? repo.findInviter(db, parsed.data) : undefined;
}

/**
 * After a sign-in that created an account, with the invitation this browser carried: the new account is
 * the inviter's joiner (once: a joiner has one inviter). An existing account is never counted, and nobody
 * is their own joiner.
 */
export async function attributeSignUp(db: Db, joinerId: number, code: string, at: Date): Promise<boolean> {
  const inviter = await findInvitation(db, code);
  if (!inviter || inviter.userId === joinerId) return false;
  await repo.insertJoin(db, joinerId, inviter.userId, at);
  return true;
}

/**
 * The referrals feature's becameReferrer, in the transaction that made the user a willing referrer at
 * `companyId`: if they joined through an invitation of a referrer at that same company, the inviter is told
 * once, in the app and by mail, and the join counts in their `joined`.
 */
export async function tellInviter(
  tx: Db,
  ports: InvitationPorts,
  joinerId: number,
  companyId: number,
  at: Date,
) {
  const join = await repo.findUntoldJoin(tx, joinerId);
  if (!join || join.inviterCompanyId !== companyId) return false;
  if (!(await repo.markReferred(tx, joinerId, companyId, at))) return false;
  const names = await repo.findNames(tx, joinerId, companyId);
  if (!names) return false;
  await ports.notify(tx, {
    userId: join.inviterId,
    title: INVITE_NOTICE.title,
    message: INVITE_NOTICE.message(firstNameOf(names.fullName), names.companyName),
    type: INVITE_NOTICE.type,
    link: '/dashboard',
  });
  return true;
}
