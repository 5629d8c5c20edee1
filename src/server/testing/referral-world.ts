import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { companies, notifications, referralRequests, referrals, users, type UserRow } from '../db/schema.js';
import { findOrCreateCompanyByName } from '../features/companies/service.js';
import { companyDirectory } from '../features/companies/companies.js';
import { enqueueMail } from '../features/mail/outbox.js';
import { notify } from '../features/notifications/service.js';
import { createReferrals } from '../features/referrals/referrals.js';
import type { ReferralDeps } from '../features/referrals/ports.js';
import { createReferralRequest } from '../features/referrals/requests/service.js';
import { runReferralSweep } from '../features/referrals/handoffs/sweep.js';
import { followCurrentCompany, setWillingness } from '../features/referrals/matching/willingness.js';
import { openSnapshotDatabase } from './snapshot-database.js';
import { inMemoryLimits } from '../plugins/rate-limit-store.js';

const silentLogger = pino({ enabled: false });

/**
 * Test-only: the referral services called directly on a bare in-memory database (no app, no seed), so a
 * test file opens it once and each test costs milliseconds. Each test makes its own company and users.
 */
export interface ReferralWorld {
  database: Database;
  deps: ReferralDeps;
  user(name: string, values?: Partial<typeof users.$inferInsert>): Promise<UserRow>;
  company(domain?: string | null): Promise<{ id: number; name: string }>;
  referrer(name: string, company: string, email?: string): Promise<UserRow>;
  ask(seeker: UserRow, company: string, position?: string, message?: string): Promise<number>;
  /** As the profile's setCurrentCompany does: the user's company first, then the referrer record follows. */
  moveTo(userId: number, company: string): Promise<void>;
  reload(userId: number): Promise<UserRow>;
  referralsOf(requestId: number): Promise<(typeof referrals.$inferSelect)[]>;
  current(requestId: number): Promise<typeof referrals.$inferSelect | undefined>;
  requestStatus(requestId: number): Promise<string | undefined>;
  /** The user's notifications, oldest first, as title: message. */
  noticesOf(userId: number): Promise<{ title: string; message: string; type: string; link: string | null }[]>;
  /** Runs the sweep just past DECLINE_UNDO_WINDOW from now: every decline so far is passed on or ends. */
  settleDeclines(): Promise<void>;
  close(): Promise<void>;
}

let seq = 0;

export async function openReferralWorld(overrides: Partial<ReferralDeps> = {}): Promise<ReferralWorld> {
  const database = await openSnapshotDatabase();
  const { db } = database;
  // The factories app-features.ts joins, with a small world's numbers (two slots, two hand-offs, two days).
  const { deps: built } = createReferrals(
    {
      referrerCapacity: 2,
      referralMaxHandoffs: 2,
      referralResponseMs: 48 * 3600_000,
      declineUndoMs: 120_000,
      changesWindowMs: 7 * 24 * 3_600_000,
      submitReminderMs: 2 * 24 * 3600_000,
      retentionAfterCloseMs: 180 * 24 * 3600_000,
      verificationTtlMs: 365 * 24 * 3600_000,
      requestsPerDay: 1000,
      referralSweepIntervalMs: 60_000,
      jobCheckIntervalMs: 24 * 3600_000,
      sessionSecret: 'referral-world',
      publicUrl: 'http://localhost:3000',
      env: 'test',
      messageRateLimit: 20,
    },
    {
      db,
      companies: companyDirectory,
      notify,
      rateLimits: inMemoryLimits,
      sendMail: enqueueMail,
      sweep: false,
      logger: silentLogger,
    },
  );
  const deps: ReferralDeps = { ...built, ...overrides };
  const world: ReferralWorld = {
    database,
    deps,
    async user(name, values = {}) {
      seq += 1;
      const [row] = await db
        .insert(users)
        .values({ username: `u${seq}`, email: `u${seq}@mail.example`, fullName: name, ...values })
        .returning();
      return row!;
    },
    async company(domain = null) {
      seq += 1;
      const row = await findOrCreateCompanyByName(db, `World Works ${seq} ${randomUUID().slice(0, 6)}`);
      if (domain)
        await db
          .update(companies)
          .set({ emailDomains: [domain] })
          .where(eq(companies.id, row.id));
      return { id: row.id, name: row.name };
    },
    async referrer(name, company, email) {
      const user = await world.user(name, { currentCompanyName: company, ...(email ? { email } : {}) });
      return setWillingness(db, deps, user, user.id, true);
    },
    async ask(seeker, company, position = 'Engineer', message) {
      seq += 1;
      const created = await createReferralRequest(db, deps, seeker, {
        jobUrl: `https://jobs.example/${seq}-${randomUUID().slice(0, 8)}`,
        position,
        message: message ?? null,
        companyId: null,
        detectedCompanyName: company,
      } as Parameters<typeof createReferralRequest>[3]);
      return created.id;
    },
    async moveTo(userId, company) {
      await db.update(users).set({ currentCompanyName: company }).where(eq(users.id, userId));
      await followCurrentCompany(db, deps, userId, company);
    },
    async reload(userId) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row!;
    },
    referralsOf: (requestId) =>
      db.select().from(referrals).where(eq(referrals.requestId, requestId)).orderBy(asc(referrals.id)),
    async current(requestId) {
      const [row] = await db
        .select()
        .from(referrals)
        .where(and(eq(referrals.requestId, requestId), isNull(referrals.supersededAt)));
      return row;
    },
    async requestStatus(requestId) {
      const [row] = await db.select().from(referralRequests).where(eq(referralRequests.id, requestId));
      return row?.status;
    },
    async noticesOf(userId) {
      const rows = await db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(asc(notifications.id));
      return rows.map((r) => ({ title: r.title, message: r.message, type: r.type, link: r.link }));
    },
    async settleDeclines() {
      await runReferralSweep(db, deps, new Date(Date.now() + deps.declineUndoMs + 1000));
    },
    close: () => database.close(),
  };
  return world;
}
