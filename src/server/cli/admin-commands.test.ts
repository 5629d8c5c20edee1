import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeatures } from '../app-features.js';
import { openDatabase } from '../db/client.js';
import { adminAuditLog, companies, referralRequests, users } from '../db/schema.js';
import { projectRoot } from '../project-root.js';
import { createRateLimitStore } from '../plugins/rate-limit-store.js';
import { createTestApp, testDatabases, type TestApp } from '../testing/test-app.js';
import { EXIT, runAdmin, type AdminContext } from './admin-commands.js';

/** npm run admin (issue 51 item 1): each command against a real app's database, as the command line runs it. */
describe.each(testDatabases)('npm run admin (%s)', (kind) => {
  let t: TestApp;
  let context: AdminContext;
  let opened = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const logger = pino({ level: 'silent' });
    const features = await createFeatures(t.config, {
      db: t.database.db,
      listen: t.database.listen,
      rateLimits: await createRateLimitStore(t.config, logger),
      logger,
      referralSweep: false,
      livenessSweep: false,
    });
    context = { db: t.database.db, operator: features.operator, actor: { id: null, email: 'cli:tester' } };
  });
  afterAll(() => t.close());

  /** Runs one command line; answers its exit code and what it printed to each stream. */
  async function admin(...argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdmin(
      argv,
      async () => {
        opened += 1;
        return context;
      },
      { out: (s) => out.push(s), err: (s) => err.push(s) },
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  const lastAudit = async () =>
    (await t.database.db.select().from(adminAuditLog).orderBy(desc(adminAuditLog.id)).limit(1))[0];

  it('finds accounts by a part of their name or email, and shows one by id or by email', async () => {
    const ada = await t.signIn('Ada Cli', 'ada.cli@example.com');
    const found = await admin('users', 'find', 'ada.cli');
    expect(found.code).toBe(EXIT.ok);
    expect(found.out).toMatch(new RegExp(`^ +${ada.user.id}  ada\\.cli@example\\.com  Ada Cli  seeker$`));

    const byId = await admin('users', 'show', String(ada.user.id));
    const byEmail = await admin('users', 'show', 'ADA.CLI@example.com');
    expect(byId.code).toBe(EXIT.ok);
    expect(JSON.parse(byId.out)).toMatchObject({
      id: ada.user.id,
      email: 'ada.cli@example.com',
      suspendedAt: null,
    });
    expect(byEmail.out).toBe(byId.out);

    expect(await admin('users', 'find', 'nobody-has-this')).toMatchObject({
      code: EXIT.ok,
      out: 'No account\'s name or email holds "nobody-has-this".',
    });
  });

  it('suspends through the console service: sessions end, the audit log names cli:<user>; again is refused', async () => {
    const bob = await t.signIn('Bob Cli', 'bob.cli@example.com');
    expect((await bob.get('/api/notifications/unread-count')).statusCode).toBe(200);

    const suspended = await admin(
      'users',
      'suspend',
      'bob.cli@example.com',
      '--reason',
      'Spam, reported twice',
    );
    expect(suspended).toMatchObject({ code: EXIT.ok, err: '' });
    expect(suspended.out).toContain('suspended');
    expect((await bob.get('/api/notifications/unread-count')).statusCode).toBe(401);
    expect(await lastAudit()).toMatchObject({
      actorId: null,
      actorEmail: 'cli:tester',
      action: 'user.suspend',
      targetType: 'user',
      targetId: bob.user.id,
      reason: 'Spam, reported twice',
    });

    const again = await admin('users', 'suspend', String(bob.user.id), '--reason', 'Again');
    expect(again).toMatchObject({ code: EXIT.refused, err: 'This user is already suspended.' });

    expect(await admin('users', 'unsuspend', String(bob.user.id))).toMatchObject({ code: EXIT.ok });
    expect((await lastAudit())?.action).toBe('user.unsuspend');
    expect(await admin('users', 'unsuspend', String(bob.user.id))).toMatchObject({
      code: EXIT.refused,
      err: 'This user is not suspended.',
    });
  });

  it('refuses to verify a seeker by hand, and verifies nobody it cannot name', async () => {
    const cy = await t.signIn('Cy Cli', 'cy.cli@example.com');
    expect(await admin('users', 'verify', String(cy.user.id), '--note', 'Known to us')).toMatchObject({
      code: EXIT.refused,
      err: 'This user does not refer at any company yet, so there is nothing to verify.',
    });
  });

  it('refuses bad arguments with a sentence and exit 2, changing nothing and opening nothing for usage', async () => {
    const dee = await t.signIn('Dee Cli', 'dee.cli@example.com');
    const before = await lastAudit();
    const openedBefore = opened;
    expect((await admin('users', 'frob')).code).toBe(EXIT.usage);
    expect((await admin('users', 'suspend', String(dee.user.id))).code).toBe(EXIT.usage); // no --reason
    expect((await admin('users', 'show')).code).toBe(EXIT.usage);
    expect(opened).toBe(openedBefore);

    expect(await admin('users', 'suspend', String(dee.user.id), '--reason', '   ')).toMatchObject({
      code: EXIT.usage,
    });
    expect(await admin('users', 'show', '999999999')).toMatchObject({
      code: EXIT.usage,
      err: 'No account has the id 999999999.',
    });
    expect(await admin('users', 'show', 'not-an-email')).toMatchObject({
      code: EXIT.usage,
      err: '"not-an-email" is neither an account\'s id nor an email address.',
    });
    expect(await lastAudit()).toEqual(before);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, dee.user.id));
    expect(row?.suspendedAt).toBeNull();
  });

  it('refuses an email that names two accounts, one per sign-in provider, and lists their ids', async () => {
    const first = await t.signIn('Eve One', 'eve.twice@example.com');
    const [second] = await t.database.db
      .insert(users)
      .values({ username: 'eve-two-cli', email: 'eve.twice@example.com', fullName: 'Eve Two' })
      .returning({ id: users.id });
    expect(await admin('users', 'suspend', 'eve.twice@example.com', '--reason', 'Which one?')).toMatchObject({
      code: EXIT.usage,
      err: `eve.twice@example.com names 2 accounts (ids ${first.user.id}, ${second!.id}): name one by its id.`,
    });
    const rows = await t.database.db.select().from(users).where(eq(users.email, 'eve.twice@example.com'));
    expect(rows.map((r) => r.suspendedAt)).toEqual([null, null]);
  });

  it("exports an account as the user's own download does, and records that it did", async () => {
    const fay = await t.signIn('Fay Cli', 'fay.cli@example.com');
    const own = (await fay.get('/api/user/export')).json();
    const { code, out } = await admin('users', 'export', 'fay.cli@example.com');
    expect(code).toBe(EXIT.ok);
    const exported = JSON.parse(out);
    expect({ ...exported, exportedAt: null }).toEqual({ ...own, exportedAt: null });
    expect(await lastAudit()).toMatchObject({
      actorEmail: 'cli:tester',
      action: 'user.export',
      targetId: fay.user.id,
    });
  });

  it('erases an account only with --yes, as its own deletion does, in the audit log', async () => {
    const gus = await t.signIn('Gus Cli', 'gus.cli@example.com');
    expect(await admin('users', 'erase', String(gus.user.id))).toMatchObject({
      code: EXIT.usage,
      err: `Erasing is final: add --yes to erase account ${gus.user.id}.`,
    });
    expect((await gus.get('/api/notifications/unread-count')).statusCode).toBe(200);

    expect(await admin('users', 'erase', 'gus.cli@example.com', '--yes')).toMatchObject({
      code: EXIT.ok,
      out: `Account ${gus.user.id} is erased.`,
    });
    expect(await t.database.db.select().from(users).where(eq(users.id, gus.user.id))).toEqual([]);
    expect((await gus.get('/api/notifications/unread-count')).statusCode).toBe(401);
    expect(await lastAudit()).toMatchObject({
      actorId: null,
      actorEmail: 'cli:tester',
      action: 'user.erase',
      targetId: gus.user.id,
    });
  });

  it("sets a company's email domains and merges a duplicate through the console's services", async () => {
    const [acme, dup] = await t.database.db
      .insert(companies)
      .values([
        { name: 'Acme Cli', normalizedName: 'acme cli' },
        { name: 'Acme Cli Inc', normalizedName: 'acme cli inc' },
      ])
      .returning({ id: companies.id });

    const set = await admin('companies', 'domains', String(acme!.id), 'acmecli.com', 'ACMECLI.co.uk');
    expect(set.code).toBe(EXIT.ok);
    expect(JSON.parse(set.out)).toMatchObject({
      id: acme!.id,
      emailDomains: ['acmecli.com', 'acmecli.co.uk'],
    });
    expect(await lastAudit()).toMatchObject({
      actorEmail: 'cli:tester',
      action: 'company.email_domains',
      targetId: acme!.id,
    });

    const freeMail = await admin('companies', 'domains', String(acme!.id), 'gmail.com');
    expect(freeMail.code).toBe(EXIT.usage);
    expect(freeMail.err).toMatch(/^gmail\.com gives mailboxes to anyone/);
    expect((await admin('companies', 'domains', '999999999', 'acmecli.com')).code).toBe(EXIT.usage);
    expect((await admin('companies', 'domains', 'abc', 'acmecli.com')).code).toBe(EXIT.usage);

    expect((await admin('companies', 'merge', String(dup!.id), '--into', String(dup!.id))).code).toBe(
      EXIT.usage,
    );
    const merged = await admin('companies', 'merge', String(dup!.id), '--into', String(acme!.id));
    expect(merged.code).toBe(EXIT.ok);
    expect(JSON.parse(merged.out)).toMatchObject({ id: acme!.id });
    expect(await t.database.db.select().from(companies).where(eq(companies.id, dup!.id))).toEqual([]);
    expect((await lastAudit())?.actorEmail).toBe('cli:tester');
  });

  it('sweep runs each timed rule once and the mail outbox, and says what each did', async () => {
    await t.signIn('Hal Cli', 'hal.cli@example.com'); // a welcome to send, at least
    const { code, out } = await admin('sweep');
    expect(code).toBe(EXIT.ok);
    const figures = Object.fromEntries(out.split('\n').map((line) => line.split(/ +/)));
    for (const rule of [
      'reminded',
      'expired',
      'declined',
      'lapseReminded',
      'bonusReminded',
      'mail.sent',
      'mail.failed',
    ]) {
      expect(figures[rule], rule).toMatch(/^\d+$/);
    }
    expect(Number(figures['mail.sent'])).toBeGreaterThan(0);
    const stats = await admin('stats');
    expect(stats.out).toMatch(/^mailQueued +0$/m);
  });

  it('stats counts users, referrers, open and waiting requests and queued mail', async () => {
    const figuresNow = async () => {
      const { code, out } = await admin('stats');
      expect(code).toBe(EXIT.ok);
      return Object.fromEntries(out.split('\n').map((line) => line.split(/ +/)));
    };
    const userCount = (await t.database.db.select().from(users)).length;
    expect(await figuresNow()).toMatchObject({
      users: String(userCount),
      referrers: '0',
      openRequests: '0',
      waitingRequests: '0',
    });

    // A pending request nobody holds waits, until its seeker is suspended: matching leaves theirs aside.
    const ivy = await t.signIn('Ivy Cli', 'ivy.cli@example.com');
    const [company] = await t.database.db.select({ id: companies.id }).from(companies).limit(1);
    await t.database.db.insert(referralRequests).values({
      jobSeekerId: ivy.user.id,
      companyId: company!.id,
      position: 'Engineer',
      jobUrl: 'https://jobs.example/ivy',
      normalizedJobUrl: 'https://jobs.example/ivy',
      status: 'pending',
    });
    expect(await figuresNow()).toMatchObject({ openRequests: '1', waitingRequests: '1' });
    await admin('users', 'suspend', String(ivy.user.id), '--reason', 'Testing the figures');
    expect(await figuresNow()).toMatchObject({
      openRequests: '1',
      waitingRequests: '0',
      mailQueued: expect.stringMatching(/^[1-9]\d*$/),
    });
  });
});

describe('npm run admin on the embedded database a running server holds', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'admin-cli-'));
  let close: () => Promise<void>;
  beforeAll(async () => {
    // This process holds the directory, as a running server does.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'db') });
    close = () => database.close();
  });
  afterAll(async () => {
    await close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses with the sentence a second server gets, and exits 1', async () => {
    const { DATABASE_URL: _external, ...embeddedEnv } = process.env;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(projectRoot, 'src/server/cli/admin.ts'), 'stats'],
      { cwd: projectRoot, env: { ...embeddedEnv, DATA_DIR: dataDir }, stdio: 'pipe' },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(stderr).toMatch(/is in use by another ReferBridge process/);
    expect(code).toBe(EXIT.refused);
  }, 60_000);
});
