/** Pure helpers for uploaded resume files: what counts as a PDF, the displayed name, the download header. */

const MAX_NAME_LENGTH = 200;
const FALLBACK_STEM = 'resume';

export function looksLikePdf(data: Buffer): boolean {
  return data.subarray(0, 5).toString('latin1') === '%PDF-';
}

/**
 * The name shown for an upload: only the last path segment of what the client sent (so
 * '../../etc/passwd.pdf' becomes 'passwd.pdf'), without control characters, ending in '.pdf', at most
 * 200 characters. It is only ever displayed; the file itself is stored under a random key.
 */
export function displayResumeFileName(clientName: string | undefined): string {
  // eslint-disable-next-line no-control-regex -- stripping control characters is the point
  const cleaned = (clientName ?? '').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
  const base = cleaned.split(/[\\/]/).pop()!.trim();
  let stem = /\.pdf$/i.test(base) ? base.slice(0, -4) : base;
  // A name of only dots and spaces ('..', '. .') says nothing; so does an empty one.
  if (/^[.\s]*$/.test(stem)) stem = FALLBACK_STEM;
  const room = MAX_NAME_LENGTH - '.pdf'.length;
  const chars = Array.from(stem);
  // Cut whole characters, never half of a surrogate pair.
  while (chars.join('').length > room) chars.pop();
  return `${chars.join('').trimEnd() || FALLBACK_STEM}.pdf`;
}

/** RFC 6266/8187: an ASCII fallback name plus the exact UTF-8 name for browsers that read filename*. */
export function inlineContentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
