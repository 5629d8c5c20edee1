import { randomBytes } from 'node:crypto';
import type { SignedIn } from './test-app.js';

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

/** POST /api/user/resume as the web app sends it. */
export function uploadResume(
  who: Pick<SignedIn, 'upload'>,
  data: Buffer,
  filename = 'resume.pdf',
  field = 'resume',
) {
  return who.upload('/api/user/resume', [{ name: field, filename, contentType: 'application/pdf', data }]);
}
