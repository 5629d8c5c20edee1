import { PassThrough, Readable } from 'node:stream';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferralStatusSchema } from '../../shared/referral-status.js';
import { buildAuthzWorld, type AuthzWorld } from '../testing/authz-world.js';
import { changedTables, dbDigest, rows } from '../testing/db-digest.js';
import { seedReferral } from '../testing/referral-fixtures.js';
import { createTestApp, testDatabases } from '../testing/test-app.js';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.js';
import { BackupError, nonEmptyTables, restoreBackup, tablesInOrder, writeBackup } from './backup.js';
import { activities, adminAuditLog, referralMessages, resumeFiles } from './schema.js';

/** npm run backup and npm run restore (issue 51 item 2): a populated app's every table, there and back. */

async function backupOf(db: TestDatabase['db']): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  await writeBackup(db, out);
  return Buffer.concat(chunks).toString('utf8');
}

describe.each(testDatabases)('backup and restore (%s)', (kind) => {
  let world: AuthzWorld;

  beforeAll(async () => {
    const t = await createTestApp(kind);
    world = await buildAuthzWorld(t);
    const db = t.database.db;
    // A request in every status, beside the world's own.
    const [{ id: companyId }] = (await rows<{ id: number }>(
      db,
      sql`select id from companies order by id limit 1`,
    )) as [{ id: number }];
    for (const status of ReferralStatusSchema.options) {
      await seedReferral(
        db,
        { companyId, seekerId: world.users.other.user.id, referrerId: world.users.unassigned.user.id },
        { ageDays: 40, status },
      );
    }
    await world.users.assigned.post(`/api/referrals/${world.ids.referral}/messages`, {
      body: 'Hello from the backup test',
    });
    await db
      .insert(adminAuditLog)
      .values({ actorEmail: 'cli:tester', action: 'user.verify', targetType: 'user', targetId: 1 });
  });
  afterAll(() => world.t.close());

  it('the schema names every table the database has', async () => {
    const inDatabase = await rows<{ name: string }>(
      world.t.database.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(
      tablesInOrder()
        .map((t) => t.name)
        .sort(),
    ).toEqual(inDatabase.map((r) => r.name).sort());
  });

  it('restores every table as it was, résumés and threads included, into an empty database', async () => {
    const source = world.t.database.db;
    const [resume] = await source.select().from(resumeFiles);
    expect(resume?.bytes.length).toBeGreaterThan(0);
    expect((await source.select().from(referralMessages)).length).toBeGreaterThan(0);

    const backup = await backupOf(source);
    const target = await openTestDatabase(kind, null);
    try {
      expect(await nonEmptyTables(target.db)).toEqual([]);
      await restoreBackup(target.db, Readable.from([backup]));
      expect(changedTables(await dbDigest(source), await dbDigest(target.db))).toEqual([]);
      // Ids go on after the restored ones.
      const [next] = await target.db
        .insert(adminAuditLog)
        .values({ actorEmail: 'cli:tester', action: 'after.restore', targetType: 'user' })
        .returning();
      const ids = (await source.select({ id: adminAuditLog.id }).from(adminAuditLog)).map((r) => r.id);
      expect(next!.id).toBeGreaterThan(Math.max(...ids));
    } finally {
      await target.close();
    }
  });

  it('reads one snapshot while the app goes on writing: what came after is not in it, all before is', async () => {
    const source = world.t.database.db;
    const owner = world.users.owner;
    const writes = (async () => {
      for (let i = 0; i < 20; i++) {
        await owner.post('/api/activity', { category: 'navigation', action: `page view ${i}` });
      }
    })();
    const backup = await backupOf(source);
    await writes;
    const target = await openTestDatabase(kind, null);
    try {
      await restoreBackup(target.db, Readable.from([backup]));
      const changed = changedTables(await dbDigest(source), await dbDigest(target.db));
      // Only the table written meanwhile may differ, and only by rows the source has beyond the backup's.
      expect(changed.filter((name) => name !== 'activities' && name !== 'sessions')).toEqual([]);
      const restored = await target.db.select().from(activities).orderBy(asc(activities.id));
      const now = await source.select().from(activities).orderBy(asc(activities.id));
      expect(now.slice(0, restored.length)).toEqual(restored);
    } finally {
      await target.close();
    }
  });

  it('refuses a file that is no backup, and one of another schema, and restores nothing of either', async () => {
    const target = await openTestDatabase(kind, null);
    try {
      await expect(restoreBackup(target.db, Readable.from(['hello\n']))).rejects.toThrow(
        new BackupError('This file is not a ReferBridge backup.'),
      );
      const backup = await backupOf(world.t.database.db);
      const [header, ...rest] = backup.split('\n');
      const older = JSON.parse(header!);
      older.migrations = older.migrations.slice(0, -1);
      await expect(
        restoreBackup(target.db, Readable.from([[JSON.stringify(older), ...rest].join('\n')])),
      ).rejects.toThrow(/^The backup's schema \(\d+ migrations\) is not this version's \(\d+\)/);
      // A damaged row ends it mid-way: the transaction leaves nothing behind.
      const damaged = [header, ...rest.slice(0, 40), '{not json', ...rest.slice(40)].join('\n');
      await expect(restoreBackup(target.db, Readable.from([damaged]))).rejects.toThrow(
        'The backup is damaged: a line is not JSON.',
      );
      expect(await nonEmptyTables(target.db)).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('a restore replaces what a database held (the caller asks for --force first)', async () => {
    const backup = await backupOf(world.t.database.db);
    const target = await openTestDatabase(kind); // seeded: the built-in companies
    try {
      expect(await nonEmptyTables(target.db)).toContain('companies');
      await restoreBackup(target.db, Readable.from([backup]));
      expect(changedTables(await dbDigest(world.t.database.db), await dbDigest(target.db))).toEqual([]);
      const [resume] = await world.t.database.db.select().from(resumeFiles);
      const [restored] = await target.db
        .select()
        .from(resumeFiles)
        .where(eq(resumeFiles.resumeId, resume!.resumeId));
      expect(restored?.bytes.equals(resume!.bytes)).toBe(true);
    } finally {
      await target.close();
    }
  });
});
