import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../db/client.js';
import { notifications, referralRequests, referrals } from '../db/schema.js';
import { companyDirectory } from '../features/companies/companies.js';
import { enqueueMail } from '../features/mail/outbox.js';
import { notify } from '../features/notifications/service.js';
import { createReferrals } from '../features/referrals/referrals.js';
import type { ReferralDeps } from '../features/referrals/ports.js';
import type { SignedIn, TestApp } from './test-app.js';
import { inMemoryLimits } from '../plugins/rate-limit-store.js';

let jobSeq = 0;

/** A fresh job posting URL, so each request is new unless a test means otherwise. */
export function jobUrl(host = 'careers.example.com'): string {
  jobSeq += 1;
  return `https://${host}/jobs/${jobSeq}-${randomUUID().slice(0, 8)}`;
}

/** A valid POST /api/referral-requests body, as the web form sends it. */
/**
 * A request at the company made `ageDays` ago with its referral, written by SQL as an operator would (the
 * company stats' numbers): answered `answerHours` after it was made, or not answered.
 */
export async function seedReferral(
  db: Db,
  { companyId, seekerId, referrerId }: { companyId: number; seekerId: number; referrerId: number },
  { ageDays, status, answerHours }: { ageDays: number; status: string; answerHours?: number },
) {
  const hour = 3600 * 1000;
  const createdAt = new Date(Date.now() - ageDays * 24 * hour);
  const url = jobUrl('jobs.example');
  const [request] = await db
    .insert(referralRequests)
    .values({
      jobSeekerId: seekerId,
      companyId,
      position: 'Engineer',
      jobUrl: url,
      normalizedJobUrl: url,
      status,
      createdAt,
    })
    .returning();
  const [referral] = await db
    .insert(referrals)
    .values({
      requestId: request!.id,
      referrerId,
      status,
      createdAt,
      answeredAt: answerHours === undefined ? null : new Date(createdAt.getTime() + answerHours * hour),
    })
    .returning();
  return referral!;
}

export function requestBody(overrides: Record<string, unknown> = {}) {
  return {
    jobUrl: jobUrl(),
    position: 'Software Engineer',
    message: '',
    resumeLink: null,
    companyId: 1,
    ...overrides,
  };
}

export async function setCompany(who: SignedIn, companyName: string) {
  const res = await who.put(`/api/users/${who.user.id}/current-company`, { companyName });
  expect(res.statusCode).toBe(200);
  return res;
}

export function setWilling(who: SignedIn, isWilling: boolean) {
  return who.put(`/api/users/${who.user.id}/willingness-to-give-referrals`, { isWilling });
}

/** Signs in a user who works at the company and offers referrals there. */
export async function signInReferrer(t: TestApp, name: string, company = 'Google', email?: string) {
  const who = await t.signIn(name, email);
  await setCompany(who, company);
  const res = await setWilling(who, true);
  expect(res.statusCode).toBe(200);
  return who;
}

/** A user's notifications, newest first, straight from the table. */
export async function notificationsOf(t: TestApp, userId: number) {
  return t.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id));
}

/** The referral services' dependencies as app-features.ts builds them, for tests that run the sweep. */
export function referralDepsOf(t: TestApp): ReferralDeps {
  const db = t.database.db;
  return createReferrals(t.config, {
    db,
    companies: companyDirectory,
    notify,
    rateLimits: inMemoryLimits,
    sendMail: enqueueMail,
    sweep: false,
    logger: t.app.log,
  }).deps;
}
