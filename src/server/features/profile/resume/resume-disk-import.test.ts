import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resumeFiles, resumes } from '../../../db/schema.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';
import { pdfBytes } from '../../../testing/profile-fixtures.js';
import { moveResumeFilesIntoDatabase } from './resume-disk-import.js';

const key = (n: number) => `${n.toString(16).padStart(32, '0')}.pdf`;

describe.each(testDatabases)('moving resume files from disk into the database (%s)', (kind) => {
  let t: TestApp;
  let dir: string;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await t.signIn('Alice');
    bob = await t.signIn('Bob');
    dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'referbridge-import-')), 'uploads');
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(path.dirname(dir), { recursive: true, force: true });
  });

  it('moves active files in, deletes older resumes, stray temp and orphan files, and is idempotent', async () => {
    const { db } = t.database;
    fs.mkdirSync(dir);
    const write = (name: string, data: Buffer) => fs.writeFileSync(path.join(dir, name), data);
    const row = async (userId: number, n: number, isActive: boolean) => {
      const [r] = await db
        .insert(resumes)
        .values({ userId, fileName: `${n}.pdf`, storageKey: key(n), sizeBytes: 10, isActive })
        .returning();
      return r!;
    };
    const older = await row(alice.user.id, 1, false);
    write(key(1), pdfBytes('older'));
    const current = await row(alice.user.id, 2, true);
    write(key(2), pdfBytes('current'));
    const lost = await row(bob.user.id, 3, true); // its file is not on this disk
    write(`${key(4)}.a1b2c3d4.tmp`, pdfBytes('half'));
    write(key(5), pdfBytes('no row'));

    expect(await moveResumeFilesIntoDatabase(db, dir)).toEqual({
      moved: 1,
      missing: 1,
      deletedRows: 1,
      deletedFiles: 3, // the older resume's file, the temp file, the file with no row
    });
    expect(fs.existsSync(dir)).toBe(false);
    const rows = await db.select().from(resumes).orderBy(resumes.id);
    expect(rows.map((r) => [r.id, r.storageKey])).toEqual([
      [current.id, null],
      [lost.id, key(3)],
    ]);
    expect(rows.find((r) => r.id === older.id)).toBeUndefined();
    const [stored] = await db.select().from(resumeFiles).where(eq(resumeFiles.resumeId, current.id));
    expect(stored!.bytes).toEqual(pdfBytes('current'));

    const file = await alice.get(`/api/resumes/${current.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload).toEqual(pdfBytes('current'));
    expect((await bob.get(`/api/resumes/${lost.id}/file`)).statusCode).toBe(404);

    // Again: nothing left to do, nothing changes.
    expect(await moveResumeFilesIntoDatabase(db, dir)).toEqual({
      moved: 0,
      missing: 1,
      deletedRows: 0,
      deletedFiles: 0,
    });
    expect(await db.$count(resumeFiles)).toBe(1);
    expect(await db.$count(resumes)).toBe(2);
  });
});
