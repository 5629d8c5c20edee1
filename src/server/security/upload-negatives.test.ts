import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESUME_MAX_BYTES } from '../../shared/profile.js';
import { changedTables, dbDigest } from '../testing/db-digest.js';
import { pdfBytes, uploadResume } from '../testing/profile-fixtures.js';
import { ORIGIN, createTestApp, testDatabases, type SignedIn, type TestApp } from '../testing/test-app.js';

/**
 * Hostile resume uploads. Each is refused with a 4xx sentence and changes no row (the previous resume stays
 * active), or, when it is a PDF by our rule (it starts with %PDF-), it is served back so that it can never
 * run script on our origin: application/pdf, nosniff, a sandboxed policy and a clean file name
 * (docs/decisions/026-inline-resume-sandbox.md).
 */

const UPLOAD = '/api/user/resume';
const NOT_PDF = { error: 'Only PDF files are accepted.' };

/** Starts as a PDF and carries an HTML page with a script: a browser that sniffs it would run the script. */
const polyglot = Buffer.from(
  '%PDF-1.4\n<html><body><script>fetch("/api/user/experiences").then(r=>r.text()).then(alert)</script>' +
    '<img src=x onerror=alert(1)></body></html>\n%%EOF\n',
);
const htmlPage = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');

/** A multipart body written by hand, for what FormData would never send (a CRLF in filename*, odd types). */
function rawUpload(who: SignedIn, partHead: string, data: Buffer) {
  const boundary = `----hostile${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\n${partHead}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return who.browser.request({
    method: 'POST',
    url: UPLOAD,
    headers: { ...ORIGIN, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

/** A policy that lets no script run and gives the document no origin of ours, whatever the bytes are. */
function expectInertDownload(res: LightMyRequestResponse, fileName: string): void {
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cache-control']).toBe('private, no-store');
  const csp = String(res.headers['content-security-policy'])
    .split(';')
    .map((d) => d.trim());
  expect(csp).toContain('sandbox');
  expect(csp).toContain("default-src 'none'");
  expect(csp.join(';')).not.toMatch(/allow-scripts|allow-same-origin|unsafe-/);
  const disposition = String(res.headers['content-disposition']);
  expect(disposition).toMatch(/^inline; filename="[^"\\\r\n]*\.pdf"; filename\*=UTF-8''[\x21-\x7e]*\.pdf$/);
  expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent(fileName)}`);
}

describe.each(testDatabases)('resume upload negatives (%s)', (kind) => {
  let t: TestApp;
  let owner: SignedIn;
  let previousId: number;

  beforeAll(async () => {
    // Enough uploads an hour for this file; the limit itself is tested in rate-limits.test.ts.
    t = await createTestApp(kind, {}, { RESUME_UPLOADS_PER_HOUR: '1000' });
    owner = await t.signIn('Upload Owner');
  });
  afterAll(() => t.close());

  /** A good resume is active before each refusal, so "nothing changed" includes "it stayed active". */
  async function withActiveResume(): Promise<void> {
    const res = await uploadResume(owner, pdfBytes('previous'), 'previous.pdf');
    expect(res.statusCode).toBe(201);
    previousId = res.json().id;
  }

  async function expectRefused(
    send: () => Promise<LightMyRequestResponse>,
    status: number,
    error: string | RegExp,
  ): Promise<void> {
    await withActiveResume();
    const before = await dbDigest(t.database.db);
    const res = await send();
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['error']);
    if (typeof error === 'string') expect(body.error).toBe(error);
    else expect(body.error).toMatch(error);
    expect(body.error).toMatch(/^[A-Z].*[.!?]$/);
    expect(changedTables(before, await dbDigest(t.database.db))).toEqual([]);
    const active = await owner.get('/api/user/resume/active');
    expect(active.json()).toMatchObject({ id: previousId, fileName: 'previous.pdf' });
  }

  it('serves a PDF that is also HTML as an inert PDF, byte for byte', async () => {
    const uploaded = await uploadResume(owner, polyglot, 'cv.pdf');
    expect(uploaded.statusCode).toBe(201);
    const res = await owner.get(`/api/resumes/${uploaded.json().id}/file`);
    expectInertDownload(res, 'cv.pdf');
    expect(res.rawPayload.equals(polyglot)).toBe(true);
  });

  it('serves the same polyglot named .html, or sent as text/html, as a PDF named .pdf', async () => {
    for (const [fileName, type] of [
      ['cv.html', 'application/pdf'],
      ['cv.pdf', 'text/html'],
      ['cv.svg', 'image/svg+xml'],
    ] as const) {
      const uploaded = await owner.upload(UPLOAD, [
        { name: 'resume', filename: fileName, contentType: type, data: polyglot },
      ]);
      expect(uploaded.statusCode, fileName).toBe(201);
      const stored = fileName.endsWith('.pdf') ? fileName : `${fileName}.pdf`;
      expect(uploaded.json().fileName).toBe(stored);
      expectInertDownload(await owner.get(`/api/resumes/${uploaded.json().id}/file`), stored);
    }
  });

  it('refuses an HTML file renamed .pdf with 415', async () => {
    await expectRefused(() => uploadResume(owner, htmlPage, 'resume.pdf'), 415, NOT_PDF.error);
  });

  it('refuses HTML that only carries %PDF- later on, or after a byte order mark or whitespace', async () => {
    for (const data of [
      Buffer.concat([htmlPage, Buffer.from('%PDF-1.4')]),
      Buffer.from('\ufeff%PDF-1.4 <script>alert(1)</script>'),
      Buffer.from(' %PDF-1.4 <script>alert(1)</script>'),
    ]) {
      await expectRefused(() => uploadResume(owner, data, 'resume.pdf'), 415, NOT_PDF.error);
    }
  });

  it('refuses an HTML file that the client calls application/pdf', async () => {
    await expectRefused(
      () =>
        rawUpload(
          owner,
          'Content-Disposition: form-data; name="resume"; filename="cv.pdf"\r\nContent-Type: application/pdf',
          htmlPage,
        ),
      415,
      NOT_PDF.error,
    );
  });

  it('refuses an upload whose request is not multipart (JSON, text, a plain form)', async () => {
    for (const [type, payload] of [
      ['application/json', JSON.stringify({ resume: polyglot.toString('base64') })],
      ['text/plain', polyglot.toString('latin1')],
      ['application/x-www-form-urlencoded', `resume=${encodeURIComponent(polyglot.toString('latin1'))}`],
      ['application/pdf', polyglot.toString('latin1')],
    ]) {
      await expectRefused(
        () =>
          owner.browser.request({
            method: 'POST',
            url: UPLOAD,
            headers: { ...ORIGIN, 'content-type': type! },
            payload,
          }),
        type === 'application/json' ? 400 : 415,
        /./,
      );
    }
  });

  it('refuses a file one byte over 5 MB with 413', async () => {
    await expectRefused(
      () => uploadResume(owner, pdfBytes('big', RESUME_MAX_BYTES + 1), 'big.pdf'),
      413,
      'The file is larger than 5 MB.',
    );
  });

  it('refuses an empty file, named or not', async () => {
    await expectRefused(() => uploadResume(owner, Buffer.alloc(0), 'empty.pdf'), 415, NOT_PDF.error);
    await expectRefused(
      () =>
        owner.upload(UPLOAD, [{ name: 'resume', filename: '', contentType: 'application/pdf', data: '' }]),
      400,
      /^Choose a PDF file to upload/,
    );
  });

  it('keeps only the last segment of a path-like name, and never a path', async () => {
    for (const [sent, kept] of [
      ['../../../etc/passwd.pdf', 'passwd.pdf'],
      ['..\\..\\Windows\\win.ini', 'win.ini.pdf'],
      ['/var/lib/referbridge/../../../root/.ssh/id_rsa.pdf', 'id_rsa.pdf'],
      ['..', 'resume.pdf'],
      ['../', 'resume.pdf'],
    ]) {
      const uploaded = await uploadResume(owner, pdfBytes('path'), sent);
      expect(uploaded.statusCode, sent).toBe(201);
      expect(uploaded.json().fileName, sent).toBe(kept);
      const res = await owner.get(`/api/resumes/${uploaded.json().id}/file`);
      expectInertDownload(res, kept!);
      expect(String(res.headers['content-disposition'])).not.toMatch(/\.\.|[/\\]/);
    }
  });

  it('refuses a name carrying CR or LF (the multipart parser drops the part) with 400', async () => {
    for (const evil of ['cv\r\nSet-Cookie: sid=attacker.pdf', 'cv\nX-Injected: 1.pdf', 'cv\r.pdf']) {
      await expectRefused(
        () =>
          rawUpload(
            owner,
            `Content-Disposition: form-data; name="resume"; filename*=UTF-8''${encodeURIComponent(evil)}\r\nContent-Type: application/pdf`,
            pdfBytes('crlf'),
          ),
        400,
        /^Choose a PDF file to upload/,
      );
    }
  });

  it('drops other control characters from the name, and the header stays one clean line', async () => {
    const evil = 'cv\u0000\u001b[31m\tX-Injected: 1\u0085\u2028.pdf';
    const uploaded = await rawUpload(
      owner,
      `Content-Disposition: form-data; name="resume"; filename*=UTF-8''${encodeURIComponent(evil)}\r\nContent-Type: application/pdf`,
      pdfBytes('controls'),
    );
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { fileName, id } = uploaded.json();
    expect(fileName).toBe('cv[31mX-Injected: 1.pdf');
    const res = await owner.get(`/api/resumes/${id}/file`);
    expectInertDownload(res, fileName);
    expect(res.headers['x-injected']).toBeUndefined();
    expect(String(res.headers['content-disposition'])).toMatch(/^[\x20-\x7e]+$/);
  });
});
