import { z } from 'zod';
import { JOB_URL_MAX, REFERRAL_FORM_TEXTS } from './referral-texts.js';

/** Only web addresses: `javascript:`, `data:`, `file:` and the like are never stored or shown as links. */
export const JobUrlSchema = z
  .string({ error: REFERRAL_FORM_TEXTS.jobUrlRequired })
  .trim()
  .min(1, { error: REFERRAL_FORM_TEXTS.jobUrlRequired, abort: true })
  .max(JOB_URL_MAX, `The job URL must be at most ${JOB_URL_MAX} characters`)
  .refine((v) => isWebUrl(v), REFERRAL_FORM_TEXTS.jobUrlInvalid);

export function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/**
 * The key that makes two spellings of one posting a duplicate: `http:` and `https:` are one (the key says
 * https), host lower-cased, default port, fragment, tracking parameters (utm_*, trk, refId, ref, src,
 * source, gh_src) and a trailing slash dropped, the remaining parameters sorted.
 */
export function normalizeJobUrl(value: string): string {
  const url = new URL(value.trim());
  url.hash = '';
  const kept = [...url.searchParams.entries()]
    .filter(([key]) => !TRACKING_PARAM.test(key))
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : av > bv ? 1 : 0) : a < b ? -1 : 1));
  url.search = new URLSearchParams(kept).toString();
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') : '';
  const host = url.host.toLowerCase().replace(/^www\./, '');
  return `https://${host}${path}${url.search}`;
}
const TRACKING_PARAM = /^(utm_.*|trk|trackingid|refid|ref|src|source|gh_src|lever-source.*)$/i;
