import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUME_MAX_BYTES, ResumeSchema, type Resume } from '../../../../shared/profile.js';
import { resumeFiles, resumes } from '../../../db/schema.js';
import {
  ORIGIN,
  createTestApp,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../../testing/test-app.js';
import { multipart, pdfBytes, uploadResume } from '../../../testing/profile-fixtures.js';
import { uploadResume as uploadResumeService } from './resume-service.js';

describe.each(testDatabases)('resumes (%s)', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await t.signIn('Alice');
    bob = await t.signIn('Bob');
  });
  afterAll(async () => {
    await t.close();
  });

  const active = async (b: SignedIn) =>
    ResumeSchema.nullable().parse((await b.get('/api/user/resume/active')).json());
  /** The stored files: resume id and size, oldest first. */
  const storedFiles = async () =>
    (
      await t.database.db
        .select({ id: resumeFiles.resumeId, size: sql<number>`octet_length(${resumeFiles.bytes})` })
        .from(resumeFiles)
        .orderBy(resumeFiles.resumeId)
    ).map((f) => `${f.id}:${f.size}`);
  const bytesOf = async (resumeId: number) =>
    (await t.database.db.select().from(resumeFiles).where(eq(resumeFiles.resumeId, resumeId)))[0]?.bytes;

  it('has no active resume at first (null)', async () => {
    const res = await alice.get('/api/user/resume/active');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });

  it('stores an upload in the database, makes it active and serves it to its owner', async () => {
    const data = pdfBytes('first');
    const res = await uploadResume(alice, data, 'My Resume.pdf');
    expect(res.statusCode).toBe(201);
    const resume = ResumeSchema.parse(res.json());
    expect(resume).toEqual({
      id: resume.id,
      fileName: 'My Resume.pdf',
      fileUrl: `/api/resumes/${resume.id}/file`,
      filePath: `/api/resumes/${resume.id}/file`,
      uploadedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(await active(alice)).toEqual(resume);
    expect((await alice.get(`/api/users/${alice.user.id}/resume/active`)).json()).toEqual(resume);

    const [row] = await t.database.db.select().from(resumes).where(eq(resumes.id, resume.id));
    expect(row!.storageKey).toBeNull();
    expect(row!.sizeBytes).toBe(data.length);
    const stored = await bytesOf(resume.id);
    expect(Buffer.isBuffer(stored)).toBe(true);
    expect(stored).toEqual(data);

    const file = await alice.get(resume.fileUrl);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="My Resume.pdf"; filename*=UTF-8''My%20Resume.pdf`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['content-security-policy']).toBe(
      "sandbox; default-src 'none'; frame-ancestors 'self'",
    );
    expect(file.rawPayload).toEqual(data);
  });

  it('keeps only the basename of a path-like file name', async () => {
    const res = await uploadResume(alice, pdfBytes('path'), '../../etc/passwd.pdf');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fileName: 'passwd.pdf' });

    for (const [sent, shown] of [
      ['C:\\Users\\me\\CV final.PDF', 'CV final.pdf'],
      ['cv', 'cv.pdf'],
      ['..', 'resume.pdf'],
      [`${'a'.repeat(300)}.pdf`, `${'a'.repeat(196)}.pdf`],
    ] as const) {
      const named = await uploadResume(alice, pdfBytes(), sent);
      expect(named.json().fileName, sent).toBe(shown);
    }
  });

  it('offers a non-ASCII name as an ASCII fallback plus the exact UTF-8 name', async () => {
    const resume = ResumeSchema.parse((await uploadResume(alice, pdfBytes(), 'Résumé – José.pdf')).json());
    expect(resume.fileName).toBe('Résumé – José.pdf');
    const file = await alice.get(resume.fileUrl);
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="R_sum_ _ Jos_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%E2%80%93%20Jos%C3%A9.pdf`,
    );
  });

  it('makes the newest upload the active one and deletes the older resume with its bytes', async () => {
    const first = ResumeSchema.parse((await uploadResume(bob, pdfBytes('one'), 'one.pdf')).json());
    const second = ResumeSchema.parse((await uploadResume(bob, pdfBytes('two'), 'two.pdf')).json());
    expect(await active(bob)).toEqual(second);
    const rows = await t.database.db.select().from(resumes).where(eq(resumes.userId, bob.user.id));
    expect(rows.map((r) => [r.id, r.isActive])).toEqual([[second.id, true]]);
    expect(await bytesOf(first.id)).toBeUndefined();
    expect((await bob.get(first.fileUrl)).statusCode).toBe(404);
    expect((await bob.get(second.fileUrl)).rawPayload).toEqual(pdfBytes('two'));
  });

  it('keeps exactly one active resume when uploads arrive at the same time', async () => {
    const racer = await t.signIn('Racer');
    const results = await Promise.all([1, 2, 3, 4].map((n) => uploadResume(racer, pdfBytes(`race ${n}`))));
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    const rows = await t.database.db.select().from(resumes).where(eq(resumes.userId, racer.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.isActive).toBe(true);
    expect(await bytesOf(rows[0]!.id)).toBeDefined();
  });

  it('refuses a file that is not a PDF with 415 and keeps the previous resume active', async () => {
    const previous = await active(alice);
    const before = await storedFiles();
    for (const data of [Buffer.from('<html>not a pdf</html>'), Buffer.from('%PDX-1.4'), Buffer.alloc(0)]) {
      const res = await uploadResume(alice, data, 'fake.pdf');
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ error: 'Only PDF files are accepted.' });
    }
    expect(await active(alice)).toEqual(previous);
    expect(await storedFiles()).toEqual(before);
  });

  it('accepts exactly 5 MB and refuses one byte more with 413, keeping the previous resume', async () => {
    const ok = await uploadResume(bob, pdfBytes('max', RESUME_MAX_BYTES), 'max.pdf');
    expect(ok.statusCode).toBe(201);
    const previous = await active(bob);
    const before = await storedFiles();
    const res = await uploadResume(bob, pdfBytes('big', RESUME_MAX_BYTES + 1), 'big.pdf');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'The file is larger than 5 MB.' });
    expect(await active(bob)).toEqual(previous);
    expect(await storedFiles()).toEqual(before);
  });

  it('answers 400 when the resume file field is missing', async () => {
    const url = '/api/user/resume';
    for (const res of [
      await uploadResume(alice, pdfBytes(), 'cv.pdf', 'document'),
      await alice.upload(url, [{ name: 'resume', data: 'not a file' }]),
      await alice.upload(url, [
        { name: 'resume', filename: '', contentType: 'application/octet-stream', data: '' },
      ]),
      await alice.upload(url, []),
      await alice.post(url, { resume: 'x' }),
    ]) {
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/Choose a PDF file to upload/);
    }
  });

  it('refuses visitors (401), other origins (403), and other users or unknown ids on download (404)', async () => {
    const resume = (await active(alice))!;
    const form = multipart([{ name: 'resume', filename: 'x.pdf', data: pdfBytes() }]);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/user/resume',
      headers: { ...ORIGIN, ...form.headers },
      payload: form.payload,
    });
    expect(visitor.statusCode).toBe(401);
    const crossSite = await alice.browser.request({
      method: 'POST',
      url: '/api/user/resume',
      headers: { origin: 'https://evil.example', ...form.headers },
      payload: form.payload,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(await active(alice)).toEqual(resume);

    expect((await t.app.inject({ method: 'GET', url: resume.fileUrl })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/resume/active' })).statusCode).toBe(401);
    for (const url of [resume.fileUrl, '/api/resumes/987654/file']) {
      const res = await bob.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Resume not found.' });
    }
    expect((await bob.get('/api/resumes/abc/file')).statusCode).toBe(400);
  });

  describe('a failure while saving', () => {
    it('a failed database step changes no row and leaves the previous active resume active', async () => {
      const before = await storedFiles();
      const rowsBefore = await t.database.db.$count(resumes);
      // No such user: the insert breaks its foreign key.
      await expect(
        uploadResumeService(t.database.db, 987654, { clientFileName: 'x.pdf', data: pdfBytes() }),
      ).rejects.toThrow();
      expect(await storedFiles()).toEqual(before);
      expect(await t.database.db.$count(resumes)).toBe(rowsBefore);
    });

    it('keeps the previous resume and its bytes when writing the new bytes fails', async () => {
      const previous = (await active(alice))!;
      const previousBytes = (await alice.get(previous.fileUrl)).rawPayload;
      const before = await storedFiles();
      const { db } = t.database;
      await db.execute(
        sql.raw(`create function fail_resume_bytes() returns trigger language plpgsql
        as $$ begin raise exception 'disk full'; end $$`),
      );
      await db.execute(
        sql.raw(`create trigger fail_resume_bytes before insert on resume_files
        for each row execute function fail_resume_bytes()`),
      );
      try {
        await expect(
          uploadResumeService(db, alice.user.id, { clientFileName: 'x.pdf', data: pdfBytes('new') }),
        ).rejects.toThrow();
      } finally {
        await db.execute(sql.raw('drop trigger fail_resume_bytes on resume_files'));
        await db.execute(sql.raw('drop function fail_resume_bytes()'));
      }
      expect(await active(alice)).toEqual(previous);
      expect(await storedFiles()).toEqual(before);
      expect((await alice.get(previous.fileUrl)).rawPayload).toEqual(previousBytes);
    });
  });

  it('answers 404 when a resume row exists but its bytes are not stored', async () => {
    const resume: Resume = ResumeSchema.parse((await uploadResume(bob, pdfBytes('lost'))).json());
    await t.database.db.delete(resumeFiles).where(eq(resumeFiles.resumeId, resume.id));
    const res = await bob.get(resume.fileUrl);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Resume not found.' });
  });

  it('allows 20 uploads an hour per user and answers the 21st with 429', async () => {
    const busy = await t.signIn('Busy');
    for (let n = 1; n <= 20; n++) {
      expect((await uploadResume(busy, pdfBytes(`upload ${n}`))).statusCode, `upload ${n}`).toBe(201);
    }
    const kept = await active(busy);
    const res = await uploadResume(busy, pdfBytes('one too many'));
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({
      error: 'You have uploaded 20 resumes in the last hour. Please try again later.',
    });
    expect(await active(busy)).toEqual(kept);
    // The budget is the user's own: someone else uploads as usual.
    expect((await uploadResume(await t.signIn('Calm'), pdfBytes())).statusCode).toBe(201);
  });
});
