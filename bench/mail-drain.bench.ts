/**
 * `npm run bench`: how long the mail worker takes to drain a big queue into the built-in outbox (no
 * SMTP_URL), and how long a verification code queued right behind it waits. The app's own worker runs as
 * main.ts starts it; a sweep's transaction queues MAILS mails, then a code is queued. PGlite always,
 * PostgreSQL too when TEST_DATABASE_URL is set; then the same through SMTP to a local SMTP server (a
 * smtp-server in this process, so a real one's network time comes on top). Issue 21: the code must go
 * out within 5 s.
 */
import { count, eq, isNull, max } from 'drizzle-orm';
import { mailOutbox } from '../src/server/db/schema.js';
import { enqueueMail } from '../src/server/features/mail/outbox.js';
import { startSmtpPeer } from '../src/server/testing/smtp-peer.js';
import { createTestApp, testDatabases } from '../src/server/testing/test-app.js';

const MAILS = 2000;
const RUNS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

console.log(`mail drain: ${MAILS} mails queued in one transaction, then one code; ${RUNS} runs each`);
const peer = await startSmtpPeer();
console.log(
  'database'.padEnd(10),
  'via'.padEnd(7),
  'run'.padStart(4),
  'code waited ms'.padStart(15),
  'drained ms'.padStart(11),
);
for (const [kind, via] of testDatabases.flatMap((k) => [[k, 'outbox'] as const, [k, 'smtp'] as const])) {
  const env: Record<string, string> = via === 'smtp' ? { SMTP_URL: peer.url } : {};
  const t = await createTestApp(kind, { referralSweep: false }, env);
  const db = t.database.db;
  const { user } = await t.signIn('Mail Bench');
  t.app.mailWorker.start();
  for (let run = 1; run <= RUNS; run++) {
    await sleep(1500); // the welcome mail and the run before are out; the worker is idle between ticks
    await db.delete(mailOutbox);
    await db.transaction(async (tx) => {
      for (let i = 0; i < MAILS; i++) {
        await enqueueMail(tx, {
          userId: user.id,
          to: `reader${i}@example.com`,
          subject: `Your request moved ${i}`,
          text: 'Your referral request was passed on to another referrer.',
        });
      }
    });
    const committedAt = Date.now();
    const code = await enqueueMail(db, {
      userId: user.id,
      to: 'code@work.example',
      subject: 'Your verification code',
      text: '123456',
      urgent: true,
    });
    const codeQueuedAt = Date.now();
    for (;;) {
      const [left] = await db.select({ n: count() }).from(mailOutbox).where(isNull(mailOutbox.sentAt));
      if (left!.n === 0) break;
      await sleep(100);
    }
    const [codeRow] = await db
      .select({ sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.id, code.id));
    const [last] = await db.select({ at: max(mailOutbox.sentAt) }).from(mailOutbox);
    console.log(
      kind.padEnd(10),
      via.padEnd(7),
      String(run).padStart(4),
      String(codeRow!.sentAt!.getTime() - codeQueuedAt).padStart(15),
      String(last!.at!.getTime() - committedAt).padStart(11),
    );
  }
  await t.close();
}
await peer.close();
