import { and, count, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../db/schema.js';
import { enqueueMail } from '../features/mail/outbox.js';
import { startSmtpPeer, type SmtpPeer } from '../testing/smtp-peer.js';
import { createFaultDatabase, faultDatabases, type FaultDatabase } from './fault-database.js';
import { killAll, sleep, startServer } from './server-process.js';

const MAILS = 12;

/**
 * The outbox promises at-least-once delivery (docs/decisions/017-mail-outbox.md): a worker killed mid-send
 * leaves its claimed mail due again once the lease ends. Mail is queued, the server sends it to a slow SMTP
 * server and is SIGKILLed while a message is on its way; after a restart every queued mail arrives, and
 * only the one in flight may arrive twice.
 */
describe.each(faultDatabases)('mail worker killed mid-send (%s)', (kind) => {
  let database: FaultDatabase;
  let peer: SmtpPeer;

  beforeAll(async () => {
    database = await createFaultDatabase(kind);
    peer = await startSmtpPeer({ mailFromDelayMs: 300 });
  }, 120_000);

  afterEach(killAll);
  afterAll(async () => {
    await killAll();
    await peer?.close();
    await database?.drop();
  });

  const subjects = Array.from({ length: MAILS }, (_, i) => `Fault mail ${i}`);
  const deliveries = (subject: string) => peer.received.filter((m) => m.headers.subject === subject).length;

  it('delivers every queued mail after a kill -9, none lost and at most the one in flight twice', async () => {
    await database.use(async (db) => {
      const [owner] = await db
        .insert(users)
        .values({ username: 'someone', email: 'someone@example.com', fullName: 'Some One' })
        .returning({ id: users.id });
      for (const subject of subjects) {
        await enqueueMail(db, { userId: owner!.id, to: 'someone@example.com', subject, text: `${subject}.` });
      }
    });
    const env = { ...database.env, SMTP_URL: peer.url };
    const first = await startServer(env);
    // Killed at a random mail, while the SMTP server is still answering its sender: mid-send.
    const killAt = 1 + Math.floor(Math.random() * (MAILS - 2));
    for (let i = 0; peer.attempts() <= killAt; i++) {
      if (i > 600) throw new Error(`the worker did not send: ${first.output().slice(-2000)}`);
      await sleep(50);
    }
    first.child.kill('SIGKILL');
    await first.exited;
    const beforeRestart = peer.received.length;
    expect(beforeRestart).toBeLessThan(MAILS);

    // Five minutes pass: the lease of the mail the dead worker had claimed runs out.
    await database.use((db) =>
      db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date() })
        .where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt))),
    );
    const second = await startServer(env);
    for (let i = 0; subjects.some((s) => deliveries(s) === 0) && i < 800; i++) await sleep(50);
    const missing = subjects.filter((s) => deliveries(s) === 0);
    expect(missing, `mail lost across the kill (killed at mail ${killAt})`).toEqual([]);
    const twice = subjects.filter((s) => deliveries(s) > 1);
    expect(twice.length, `sent twice: ${twice.join(', ')}`).toBeLessThanOrEqual(1);
    expect((await second.stop()).code).toBe(0);

    const [unsent] = await database.use((db) =>
      db.select({ count: count() }).from(mailOutbox).where(isNull(mailOutbox.sentAt)),
    );
    expect(unsent?.count, 'outbox rows still unsent').toBe(0);
    console.log(
      `[faults] mail worker kill (${kind}): killed at mail ${killAt} with ${beforeRestart} delivered; ` +
        `all ${MAILS} delivered after the restart, ${twice.length} twice`,
    );
  }, 180_000);
});
