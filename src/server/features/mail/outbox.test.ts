import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema.js';
import { createTestApp, PUBLIC_URL, testDatabases, type TestApp } from '../../testing/test-app.js';
import { mailNotifications } from './notification-mail.js';
import { enqueueMail } from './outbox.js';

const DevMailList = z.array(
  z.object({
    id: z.number(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().nullable(),
    createdAt: z.string(),
  }),
);

class Rollback extends Error {}

describe.each(testDatabases)('mail outbox (%s)', (kind) => {
  let t: TestApp;
  /** Every mail has an owner; the low-level outbox tests queue theirs for this account. */
  let owner: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    owner = (await t.signIn('Mail Owner', `owner-${kind}@example.com`)).user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const inbox = async (to?: string) => {
    const res = await t.app.inject({ url: `/dev-mail/messages${to ? `?to=${encodeURIComponent(to)}` : ''}` });
    expect(res.statusCode, res.body).toBe(200);
    return DevMailList.parse(res.json());
  };
  const hook = () => mailNotifications({ publicUrl: PUBLIC_URL, secret: t.config.sessionSecret });
  const notice = (title: string) => ({
    title,
    message: 'Ada accepted your request.',
    type: 'system',
    link: '/dashboard',
  });

  it('mails the welcome notification to the sign-in address, with a link and one-click unsubscribe', async () => {
    const email = `welcome-${Date.now()}@example.com`;
    const who = await t.signIn('Welcome Person', email);
    const [mail, ...rest] = await inbox(email);
    expect(rest).toEqual([]);
    expect(mail!.to).toBe(email);
    expect(mail!.subject).toBe('Welcome to ReferBridge!');
    expect(mail!.text).toContain(`${PUBLIC_URL}/profile/edit`);
    expect(mail!.text).toMatch(new RegExp(`${PUBLIC_URL}/mail/unsubscribe\\?token=${who.user.id}\\.`));
    expect(mail!.html).toContain(`href="${PUBLIC_URL}/profile/edit"`);
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, mail!.id));
    expect(row!.headers['List-Unsubscribe']).toMatch(
      new RegExp(`^<${PUBLIC_URL}/mail/unsubscribe\\?token=${who.user.id}\\.[A-Za-z0-9_-]+>$`),
    );
    expect(row!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('writes the mail in the notification transaction: rolled back with it', async () => {
    const who = await t.signIn();
    await expect(
      db().transaction(async (tx) => {
        await hook()(tx, { userId: who.user.id, notification: notice('Never sent') });
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    const [none] = await db()
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Never sent'));
    expect(none!.n).toBe(0);

    await db().transaction(async (tx) => {
      await hook()(tx, { userId: who.user.id, notification: notice('Sent after commit') });
    });
    const [mail] = await inbox(who.user.email);
    expect(mail!.subject).toBe('Sent after commit');
    expect(mail!.text).toContain(`${PUBLIC_URL}/dashboard`);
  });

  it('queues nothing for a user who turned email notifications off', async () => {
    const who = await t.signIn();
    expect((await who.put('/api/user/settings', { emailNotifications: false })).statusCode).toBe(200);
    await hook()(db(), { userId: who.user.id, notification: notice('Not wanted') });
    expect((await inbox(who.user.email)).map((m) => m.subject)).toEqual(['Welcome to ReferBridge!']);
  });

  it('lists /dev-mail/messages newest first, filtered by recipient', async () => {
    await enqueueMail(db(), { userId: owner, to: 'first@example.com', subject: 'One', text: '1' });
    await enqueueMail(db(), { userId: owner, to: 'second@example.com', subject: 'Two', text: '2' });
    await enqueueMail(db(), {
      userId: owner,
      to: 'First@Example.com',
      subject: 'Three',
      text: '3',
      html: '<p>3</p>',
    });
    expect((await inbox('first@example.com')).map((m) => m.subject)).toEqual(['Three', 'One']);
    expect((await inbox('second@example.com')).map((m) => m.subject)).toEqual(['Two']);
    const all = await inbox();
    expect(all.slice(0, 3).map((m) => m.subject)).toEqual(['Three', 'Two', 'One']);
    expect(all[0]).toMatchObject({ to: 'First@Example.com', text: '3', html: '<p>3</p>' });
  });

  it('shows the outbox page and each message, escaped', async () => {
    const { id } = await enqueueMail(db(), {
      userId: owner,
      to: 'page@example.com',
      subject: '<script>alert(1)</script>',
      text: 'Go to http://localhost:3999/x?a=1&b=2 "now"',
      html: '<img src=x onerror=alert(1)>',
    });
    const page = await t.app.inject({ url: '/dev-mail' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>');
    expect(page.body).toContain(`href="/dev-mail/messages/${id}"`);
    const message = await t.app.inject({ url: `/dev-mail/messages/${id}` });
    expect(message.statusCode).toBe(200);
    expect(message.body).not.toContain('<script>');
    expect(message.body).not.toContain('<img');
    expect(message.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(message.body).toContain('href="http://localhost:3999/x?a=1&amp;b=2"');
    expect(message.body).toContain('&quot;now&quot;');
    expect((await t.app.inject({ url: '/dev-mail/messages/999999' })).statusCode).toBe(404);
  });

  it('without SMTP_URL counts mail as delivered to the outbox, and keeps it listed', async () => {
    const { id } = await enqueueMail(db(), {
      userId: owner,
      to: 'kept@example.com',
      subject: 'Kept',
      text: 'k',
    });
    const result = await t.app.mailWorker.runOnce();
    expect(result.sent).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(mailOutbox).where(eq(mailOutbox.id, id));
    expect(row!.sentAt).not.toBeNull();
    expect((await inbox('kept@example.com')).map((m) => m.id)).toEqual([id]);
  });
});

describe('the development outbox in production', () => {
  const PRODUCTION = {
    NODE_ENV: 'production',
    SESSION_SECRET: 'x'.repeat(40),
    OIDC_ISSUER: 'https://accounts.example.com',
    OIDC_CLIENT_ID: 'client',
    OIDC_CLIENT_SECRET: 'secret',
  };

  it('is not mounted (404) unless ALLOW_DEV_IDP=true', async () => {
    const t = await createTestApp('pglite', {}, PRODUCTION);
    try {
      for (const url of ['/dev-mail', '/dev-mail/messages', '/dev-mail/messages?to=a@example.com']) {
        expect((await t.app.inject({ url })).statusCode, url).toBe(404);
      }
    } finally {
      await t.close();
    }
  });

  it('is mounted with ALLOW_DEV_IDP=true', async () => {
    const t = await createTestApp('pglite', {}, { ...PRODUCTION, ALLOW_DEV_IDP: 'true' });
    try {
      expect((await t.app.inject({ url: '/dev-mail/messages' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
