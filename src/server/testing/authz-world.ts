import { desc, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { companies, mailOutbox, notifications, referralRequests, referrerOpenings } from '../db/schema.js';
import { ask, companyWithReferrers, currentReferral, declineAndSettle } from './handoff-fixtures.js';
import { education, experience, pdfBytes, uploadResume } from './profile-fixtures.js';
import { setCompany, signInReferrer } from './referral-fixtures.js';
import { ORIGIN, type SignedIn, type TestApp } from './test-app.js';

/**
 * A small world for the authorisation matrix: a seeker (the owner) with one of everything, a request at a
 * company whose first referrer declined it (the earlier referrer) and whose second holds it now (the
 * assigned referrer), a third willing referrer there who was never asked (unassigned), a referrer at
 * another company who held the owner's second request until the owner blocked them (blocked: their
 * referral passed on while still pending), a stranger, an admin (AUTHZ_ADMIN_EMAIL, on the app's
 * ADMIN_EMAILS) who is otherwise a stranger too, and a colleague: a willing referrer at the owner's current
 * company, from whom the owner hides it (issue 50 item 4), who must never learn of the owner's job hunt.
 */

export const ACTORS = [
  'visitor',
  'owner',
  'other',
  'assigned',
  'earlier',
  'blocked',
  'unassigned',
  'admin',
  'colleague',
] as const;

/** The owner's current company, where the colleague refers (the matrix's company row sets it again). */
export const AUTHZ_OWNER_COMPANY = 'Matrix Owner Corp';
/** The admin's sign-in email: the matrix's app names it in ADMIN_EMAILS. */
export const AUTHZ_ADMIN_EMAIL = 'ada-admin@example.com';
export type Actor = (typeof ACTORS)[number];

export interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'TRACE' | 'QUERY';
  url: string;
  body?: unknown;
}

export interface AuthzWorld {
  t: TestApp;
  users: Record<Exclude<Actor, 'visitor'>, SignedIn>;
  ownerEmail: string;
  ids: {
    experience: number;
    education: number;
    skill: number;
    resume: number;
    notification: number;
    request: number;
    referral: number;
    /** The earlier referrer's decline, passed on after its undo window. */
    earlierReferral: number;
    /** The blocked referrer's referral of the owner's second request, passed on by the block, still pending. */
    blockedReferral: number;
    company: number;
    /** A duplicate nobody names, for the admin's merge. */
    duplicateCompany: number;
    mailToOwner: number;
    /** The owner's requests held for their message (issue 25 item 6): one to release, one to reject. */
    heldRequests: { release: number; reject: number };
    /** The owner's messages held in the assigned referrer's thread: one to release, one to reject. */
    heldMessages: { release: number; reject: number };
    /** The unassigned referrer's opening at the company (issue 49 item 2). */
    opening: number;
  };
  /** The referral the actor holds or held: each referrer acts on their own, everyone else on the current one. */
  referralOf(actor: Actor): number;
  /** Sends the call as the actor: a visitor carries our Origin but no session. */
  send(actor: Actor, call: Call, payloadAsStream?: boolean): Promise<LightMyRequestResponse>;
}

const created = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json() as { id: number };
};

export async function buildAuthzWorld(t: TestApp): Promise<AuthzWorld> {
  const ownerEmail = `owner-${Date.now()}@example.com`;
  const owner = await t.signIn('Olive Owner', ownerEmail);
  const other = await t.signIn('Oscar Other');
  const admin = await t.signIn('Ada Admin', AUTHZ_ADMIN_EMAIL);
  await setCompany(owner, AUTHZ_OWNER_COMPANY);
  expect((await owner.put('/api/user/settings', { showCurrentEmployer: false })).statusCode).toBe(200);
  const colleague = await signInReferrer(t, 'Cole Colleague', AUTHZ_OWNER_COMPANY);
  const { company, referrers } = await companyWithReferrers(
    t,
    'Erin Earlier',
    'Ada Assigned',
    'Uma Unassigned',
  );
  const [earlier, assigned, unassigned] = referrers as [SignedIn, SignedIn, SignedIn];

  const exp = created(await owner.post('/api/user/experiences', experience));
  const edu = created(await owner.post('/api/user/education', education));
  const skill = created(await owner.post('/api/user/skills', { skill: 'Matrix Algebra' }));
  const resume = created(await uploadResume(owner, pdfBytes('matrix')));

  const request = await ask(owner, company);
  const first = await currentReferral(t, request);
  expect(first?.referrerId, 'the first referrer is asked first').toBe(earlier.user.id);
  expect((await declineAndSettle(t, earlier, first!.id, 'Not my team')).statusCode).toBe(200);
  const current = await currentReferral(t, request);
  expect(current?.referrerId, 'the decline passed the request to the second referrer').toBe(assigned.user.id);

  const elsewhere = await companyWithReferrers(t, 'Bo Blocked', 'Pia Passed');
  const blocked = elsewhere.referrers[0]!;
  const second = await ask(owner, elsewhere.company);
  const blockedReferral = await currentReferral(t, second);
  expect(blockedReferral?.referrerId, 'the second request went to Bo first').toBe(blocked.user.id);
  expect((await owner.post(`/api/users/${blocked.user.id}/block`, undefined)).statusCode).toBe(200);
  expect((await currentReferral(t, second))?.referrerId, 'the block passed it on').not.toBe(blocked.user.id);

  // Held for an admin: at a company nobody refers for, so a release leaves everyone's role as it is.
  const heldRequest = async (n: number) =>
    created(
      await owner.post('/api/referral-requests', {
        jobUrl: `https://jobs.lever.co/matrix-held/${n}`,
        position: 'Engineer',
        message: 'I will pay $300 for a referral.',
        resumeLink: null,
        companyId: null,
        detectedCompanyName: 'Matrix Held Ltd',
      }),
    ).id;
  const heldMessage = async () =>
    created(
      await owner.post(`/api/referrals/${current!.id}/messages`, {
        body: 'Happy to Venmo you for your time.',
      }),
    ).id;
  const heldRequests = { release: await heldRequest(1), reject: await heldRequest(2) };
  const heldMessages = { release: await heldMessage(), reject: await heldMessage() };

  const [note] = await t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, owner.user.id))
    .orderBy(desc(notifications.id))
    .limit(1);
  const [row] = await t.database.db.select().from(referralRequests).where(eq(referralRequests.id, request));
  const [mail] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, ownerEmail))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const [duplicate] = await t.database.db
    .insert(companies)
    .values({ name: 'Matrix Duplicate Co', normalizedName: 'matrix duplicate co', listed: false })
    .returning({ id: companies.id });
  // Made as POST /api/openings would (which needs the posting read): the unassigned referrer's own.
  const [opening] = await t.database.db
    .insert(referrerOpenings)
    .values({
      referrerId: unassigned.user.id,
      companyId: row!.companyId,
      jobUrl: 'https://jobs.lever.co/matrix-opening/1',
      normalizedJobUrl: 'https://jobs.lever.co/matrix-opening/1',
      title: 'Matrix Engineer',
      // Read just now, as the route reads it: the liveness sweep's check is an interval on, not during the
      // table (a claim of it there changed referrer_openings under a refusal).
      jobNextCheckAt: new Date(Date.now() + t.config.jobCheckIntervalMs),
    })
    .returning({ id: referrerOpenings.id });
  const users = { owner, other, assigned, earlier, blocked, unassigned, admin, colleague };
  const ids = {
    experience: exp.id,
    education: edu.id,
    skill: skill.id,
    resume: resume.id,
    notification: note!.id,
    request,
    referral: current!.id,
    earlierReferral: first!.id,
    blockedReferral: blockedReferral!.id,
    company: row!.companyId,
    duplicateCompany: duplicate!.id,
    mailToOwner: mail?.id ?? 0,
    heldRequests,
    heldMessages,
    opening: opening!.id,
  };
  return {
    t,
    users,
    ownerEmail,
    ids,
    referralOf: (actor) =>
      actor === 'earlier' ? ids.earlierReferral : actor === 'blocked' ? ids.blockedReferral : ids.referral,
    send(actor, call, payloadAsStream = false) {
      if (actor === 'visitor') {
        return t.app.inject({ ...injectOptions(call), payloadAsStream } as InjectOptions);
      }
      return sendAs(users[actor], call, payloadAsStream);
    },
  };
}

function injectOptions(call: Call): InjectOptions {
  const json = call.body === undefined ? {} : { 'content-type': 'application/json' };
  return {
    method: call.method,
    url: call.url,
    headers: { ...ORIGIN, ...json },
    ...(call.body === undefined ? {} : { payload: JSON.stringify(call.body) }),
  };
}

/** Sends the call in this signed-in user's browser (its cookies, our Origin). */
export function sendAs(who: SignedIn, call: Call, payloadAsStream = false): Promise<LightMyRequestResponse> {
  return who.browser.request({ ...injectOptions(call), payloadAsStream } as InjectOptions);
}
