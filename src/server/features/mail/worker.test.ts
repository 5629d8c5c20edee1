import { eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema.js';
import { startSmtpPeer, type SmtpPeer } from '../../testing/smtp-peer.js';
import { createTestApp, PUBLIC_URL, testDatabases, type TestApp } from '../../testing/test-app.js';
import { enqueueMail } from './outbox.js';
import { smtpTransport } from './transport.js';
import { signInReferrer } from '../../testing/referral-fixtures.js';
import { MAIL_DEFAULTS, backoffMs, createMailWorker, type MailWorkerOptions } from './worker.js';

const BASE = 60_000;
const FROM = 'ReferBridge Test <no-reply@test.example>';

/** A test clock starting just ahead of the database's now(), which stamps new mail as due. */
function clock() {
  const start = Date.now() + 1000;
  let now = start;
  return { start, now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe.each(testDatabases)('mail worker (%s)', (kind) => {
  let t: TestApp;
  let peer: SmtpPeer;
  let owner: number;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(kind, {}, { SMTP_URL: peer.url, MAIL_FROM: FROM });
    owner = (await t.signIn('Mail Owner', `owner-${kind}@example.com`)).user.id;
    await t.database.db.delete(mailOutbox); // the welcome mail
  });
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });
  afterEach(async () => {
    await t.database.db.delete(mailOutbox);
    peer.received.length = 0;
    peer.refuseNext(0);
  });

  const db = () => t.database.db;
  const row = async (id: number) => (await db().select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;
  const worker = (options: Partial<MailWorkerOptions> = {}) =>
    createMailWorker({
      db: db(),
      transport: smtpTransport(peer.url),
      from: FROM,
      baseDelayMs: BASE,
      maxDelayMs: 8 * BASE,
      maxAttempts: 4,
      ...options,
    });
  const queue = (to = 'ada@example.com', subject = 'Hello') =>
    enqueueMail(db(), {
      userId: owner,
      to,
      subject,
      text: 'Plain text',
      html: '<p>Simple HTML</p>',
      headers: {
        'List-Unsubscribe': `<${PUBLIC_URL}/mail/unsubscribe?token=abc>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });

  it('sends queued mail through SMTP_URL (the app worker) with the unsubscribe headers', async () => {
    const { id } = await queue('ada@example.com', 'Your referral was accepted');
    expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });

    expect(peer.received).toHaveLength(1);
    const [mail] = peer.received;
    expect(mail!.to).toEqual(['ada@example.com']);
    expect(mail!.from).toBe('no-reply@test.example');
    expect(mail!.headers['subject']).toBe('Your referral was accepted');
    expect(mail!.headers['from']).toBe(FROM);
    expect(mail!.headers['list-unsubscribe']).toBe(`<${PUBLIC_URL}/mail/unsubscribe?token=abc>`);
    expect(mail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail!.raw).toContain('Plain text');
    expect(mail!.raw).toContain('<p>Simple HTML</p>');

    const sent = await row(id);
    expect(sent.sentAt).not.toBeNull();
    expect(sent.attempts).toBe(1);
    // Sent once: nothing is due any more.
    expect(await t.app.mailWorker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(peer.received).toHaveLength(1);
  });

  it('retries with exponential backoff while the server refuses, then delivers', async () => {
    const c = clock();
    const w = worker({ now: c.now });
    peer.refuseNext(2, 451);
    const { id } = await queue();

    expect(await w.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    let r = await row(id);
    expect(r.attempts).toBe(1);
    expect(r.lastError).toMatch(/451/);
    expect(r.nextAttemptAt.getTime()).toBe(c.start + BASE);

    // Not due before its time.
    c.advance(BASE - 1);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    c.advance(1);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    r = await row(id);
    expect(r.attempts).toBe(2);
    expect(r.nextAttemptAt.getTime()).toBe(c.start + BASE + 2 * BASE);

    c.advance(2 * BASE);
    expect(await w.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    r = await row(id);
    expect(r.sentAt).not.toBeNull();
    expect(r.attempts).toBe(3);
    expect(peer.attempts()).toBeGreaterThanOrEqual(3);
    expect(peer.received).toHaveLength(1);
    await w.stop();
  });

  it('gives up after the last attempt and keeps the last error', async () => {
    const c = clock();
    const w = worker({ now: c.now, maxAttempts: 3 });
    peer.refuseNext(100, 451);
    const { id } = await queue();
    const results = [];
    for (let i = 0; i < 3; i++) {
      results.push(await w.runOnce());
      c.advance(10 * BASE);
    }
    expect(results.map((x) => x.failed)).toEqual([0, 0, 1]);
    const r = await row(id);
    expect(r.attempts).toBe(3);
    expect(r.failedAt).not.toBeNull();
    expect(r.sentAt).toBeNull();
    expect(r.lastError).toMatch(/451/);
    c.advance(100 * BASE);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(peer.received).toHaveLength(0);
    await w.stop();
  });

  it('gives up at once when the server refuses for good (5xx)', async () => {
    const w = worker();
    peer.refuseNext(1, 550);
    const { id } = await queue();
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect((await row(id)).lastError).toMatch(/550/);
    await w.stop();
  });

  it('never sends one message twice when two workers run at once (SKIP LOCKED)', async () => {
    const w1 = worker({ batchSize: 3 });
    const w2 = worker({ batchSize: 3 });
    for (let i = 0; i < 12; i++) await queue(`user${i}@example.com`, `Message ${i}`);
    let total = 0;
    for (let round = 0; round < 10; round++) {
      const [a, b] = await Promise.all([w1.runOnce(), w2.runOnce()]);
      total += a.sent + b.sent;
      if (a.sent + b.sent === 0) break;
    }
    expect(total).toBe(12);
    const subjects = peer.received.map((m) => m.headers['subject']);
    expect(subjects).toHaveLength(12);
    expect(new Set(subjects).size).toBe(12);
    await Promise.all([w1.stop(), w2.stop()]);
  });

  it('sends everything due in one call, batch after batch, and a code queued last goes first', async () => {
    const order: string[] = [];
    const w = createMailWorker({
      db: db(),
      transport: { kind: 'outbox', send: async (mail) => void order.push(mail.to), close: () => {} },
      from: FROM,
    });
    const normal = Array.from({ length: 2000 }, (_, i) => ({
      userId: owner,
      to: `reader${i}@example.com`,
      subject: `Update ${i}`,
      text: 'Plain text',
    }));
    await db().insert(mailOutbox).values(normal);
    const code = await enqueueMail(db(), {
      userId: owner,
      to: 'code@work.example',
      subject: 'Your verification code',
      text: '123456',
      urgent: true,
    });
    expect(await w.runOnce()).toEqual({ sent: 2001, retried: 0, failed: 0 });
    expect(order[0]).toBe('code@work.example');
    expect(order.slice(1)).toEqual(normal.map((m) => m.to));
    const unsent = await db().select().from(mailOutbox).where(isNull(mailOutbox.sentAt));
    expect(unsent).toEqual([]);
    expect((await row(code.id)).attempts).toBe(1);
    await w.stop();
  });

  it("stops a run when a whole batch is refused, and keeps the rest for the next tick's try", async () => {
    const w = worker({ batchSize: 3 });
    for (let i = 0; i < 7; i++) await queue(`refused${i}@example.com`, `Refused ${i}`);
    peer.refuseNext(3);
    expect(await w.runOnce()).toEqual({ sent: 0, retried: 3, failed: 0 });
    const untried = await db().select().from(mailOutbox).where(eq(mailOutbox.attempts, 0));
    expect(untried).toHaveLength(4);
    await w.stop();
  });

  it("sends a work-address code queued behind a hand-off's mails in the app worker's first batch", async () => {
    const referrer = await signInReferrer(t, 'Code Waiter', 'Google');
    for (let i = 0; i < 45; i++) await queue(`seeker${i}@example.com`, `Your request moved ${i}`);
    const workEmail = `code-waiter-${kind}@mail.google.com`;
    expect((await referrer.post('/api/referrer/verification', { workEmail })).statusCode).toBe(200);
    const queued = await db().select().from(mailOutbox);
    expect(queued.length).toBeGreaterThan(MAIL_DEFAULTS.batchSize * 2);

    const result = await t.app.mailWorker.runOnce();
    expect(result).toEqual({ sent: queued.length, retried: 0, failed: 0 });
    expect(peer.received[0]!.to).toEqual([workEmail]);
  });

  it('a claimed mail is not claimed again while its lease lasts', async () => {
    const c = clock();
    // The first worker's transport never answers: it holds the claim, as a worker mid-send does.
    const stuck = createMailWorker({
      db: db(),
      transport: { kind: 'smtp', send: () => new Promise(() => {}), close: () => {} },
      from: FROM,
      now: c.now,
      leaseMs: 5 * BASE,
    });
    const { id } = await queue();
    void stuck.runOnce();
    await expect.poll(async () => (await row(id)).attempts).toBe(1);
    const other = worker({ now: c.now });
    expect(await other.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    // After the lease (the first worker died) the mail is due again and is sent.
    c.advance(5 * BASE);
    expect(await other.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    await other.stop();
  });
});

describe('backoff', () => {
  it('doubles from the base delay up to the cap', () => {
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, 1000, 10_000))).toEqual([
      1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
  });
});
