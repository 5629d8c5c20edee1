import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { AuthStatusSchema, type User } from '../../../shared/auth.js';
import { Browser, ORIGIN, type TestApp } from '../../testing/test-app.js';

/** A valid experience body, as the web form sends it. */
export const experience = {
  companyName: 'Acme',
  jobTitle: 'Engineer',
  startDate: '2020-01-01',
  endDate: '2022-06-01',
  currentlyWorking: false,
  description: '* built things',
  order: 0,
};

/** A valid education body, as the web form sends it. */
export const education = {
  instituteName: 'State University',
  degree: 'BSc',
  major: 'Computer Science',
  startDate: '2014-09-01',
  endDate: '2018-06-01',
  description: '',
  order: 0,
};

let counter = 0;

/** A freshly signed-in browser and its user (a new account each call). */
export async function signedInUser(
  t: TestApp,
  name = 'Test User',
): Promise<{ browser: Browser; user: User }> {
  const browser = new Browser(t.app);
  counter += 1;
  await browser.signIn(`user${counter}-${randomBytes(3).toString('hex')}@example.com`, name);
  const status = AuthStatusSchema.parse(
    (await browser.request({ method: 'GET', url: '/auth/status' })).json(),
  );
  expect(status.user).not.toBeNull();
  return { browser, user: status.user! };
}

/** JSON write with the app's Origin, as the web app sends it. */
export function write(browser: Browser, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return browser.request({
    method,
    url,
    headers: { ...ORIGIN, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body built by hand, as a browser's FormData would send it. */
export function multipart(parts: FormPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----referbridge${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`];
    if (part.contentType) head.push(`Content-Type: ${part.contentType}`);
    chunks.push(Buffer.from(`${head.join('\r\n')}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A tiny but well-formed-looking PDF, padded to `size` bytes when asked. */
export function pdfBytes(label = 'resume', size?: number): Buffer {
  const body = Buffer.from(
    `%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
  if (!size || size <= body.length) return body;
  return Buffer.concat([body, Buffer.alloc(size - body.length, 0x20)]);
}

export function uploadResume(browser: Browser, data: Buffer, filename = 'resume.pdf', field = 'resume') {
  const form = multipart([{ name: field, filename, contentType: 'application/pdf', data }]);
  return browser.request({
    method: 'POST',
    url: '/api/user/resume',
    headers: { ...ORIGIN, ...form.headers },
    payload: form.payload,
  });
}
