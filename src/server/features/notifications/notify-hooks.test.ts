import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, notifications } from '../../db/schema.js';
import { createTestApp, testDatabases, type TestApp } from '../../testing/test-app.js';
import { notify, type NotifyHooks } from './service.js';

class Rollback extends Error {}

describe.each(testDatabases)('notify hooks (%s)', (kind) => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    userId = (await t.signIn()).user.id;
  });
  afterAll(async () => {
    await t.close();
  });

  const db = () => t.database.db;
  const input = { title: 'Hook test', message: 'Something happened.', type: 'test', link: '/dashboard' };
  const countOf = async (title: string) => {
    const [n] = await db().select({ n: count() }).from(notifications).where(eq(notifications.title, title));
    const [m] = await db().select({ n: count() }).from(mailOutbox).where(eq(mailOutbox.subject, title));
    return { notifications: n!.n, mail: m!.n };
  };
  /** Stands in for the mail feature's hook: a row written in the transaction it is given. */
  const hooks: NotifyHooks = {
    onNotified: async (tx, { notification }) => {
      await tx.insert(mailOutbox).values({ to: 'x@example.com', subject: notification.title, text: '.' });
    },
  };

  it('runs the hook in the notification transaction, with the stored notification', async () => {
    const seen: unknown[] = [];
    const stored = await notify(
      db(),
      { userId, ...input, title: 'Seen' },
      {
        onNotified: async (tx, event) => {
          seen.push(event);
          await hooks.onNotified!(tx, event);
        },
      },
    );
    expect(seen).toEqual([{ userId, notification: stored }]);
    expect(await countOf('Seen')).toEqual({ notifications: 1, mail: 1 });
  });

  it('rolls the hook’s writes back with the transaction the notification was made in', async () => {
    await expect(
      db().transaction(async (tx) => {
        await notify(tx, { userId, ...input, title: 'Rolled back' }, hooks);
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await countOf('Rolled back')).toEqual({ notifications: 0, mail: 0 });

    await db().transaction(async (tx) => {
      await notify(tx, { userId, ...input, title: 'Committed' }, hooks);
    });
    expect(await countOf('Committed')).toEqual({ notifications: 1, mail: 1 });
  });

  it('keeps no notification when the hook fails', async () => {
    const failing: NotifyHooks = {
      onNotified: async () => {
        throw new Rollback();
      },
    };
    await expect(notify(db(), { userId, ...input, title: 'Hook failed' }, failing)).rejects.toBeInstanceOf(
      Rollback,
    );
    expect(await countOf('Hook failed')).toEqual({ notifications: 0, mail: 0 });
  });
});
