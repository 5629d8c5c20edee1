import { LRUCache } from 'lru-cache';
import type { JobPreview } from '../../../shared/jobs.js';
import { normalizeJobUrl } from '../../../shared/job-url-rules.js';
import type { OutboundFetch, OutboundResult } from '../../lib/outbound-fetch.js';
import { readAts } from './ats.js';
import { readPage } from './page.js';
import { atsTarget, type AtsApis } from './sources.js';

const OPEN_OR_CLOSED_TTL_MS = 10 * 60_000;
const UNKNOWN_TTL_MS = 60_000;
const CACHE_ENTRIES = 5000;

type Reading = Omit<JobPreview, 'url'>;
/** A reading and when it was made. */
export type JobReading = Reading & { checkedAt: Date };

const UNKNOWN: Reading = { title: null, companyName: null, location: null, status: 'unknown', source: null };

/** 404 and 410 say the posting is gone; every other failure says nothing (unknown never closes). */
function gone(result: OutboundResult): boolean {
  return result.kind === 'response' && (result.status === 404 || result.status === 410);
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

export interface JobPreviewer {
  /** The posting behind `url`, from the cache when it was read lately. */
  preview(url: URL): Promise<JobPreview>;
  /** Always fetched fresh (a new request, the liveness sweep), then cached; never throws. */
  read(url: URL): Promise<JobReading>;
  /** What the cache holds for this URL, without the network. */
  cached(url: string): JobReading | undefined;
}

export function createJobPreviewer(deps: {
  fetch: OutboundFetch;
  apis: AtsApis;
  now?: () => Date;
}): JobPreviewer {
  // Each instance keeps its own: a preview costs one fetch per instance at worst, and nothing here must be
  // shared or survive a restart. Each reading is kept for the time its status earns (set below).
  const cache = new LRUCache<string, JobReading>({ max: CACHE_ENTRIES, ttl: OPEN_OR_CLOSED_TTL_MS });
  const now = deps.now ?? (() => new Date());

  async function readPageOf(url: URL): Promise<Reading> {
    const result = await deps.fetch(url.href);
    if (gone(result)) return { ...UNKNOWN, status: 'closed' };
    if (result.kind !== 'response' || result.status !== 200) return UNKNOWN;
    const page = readPage(result.body);
    if (!page) return UNKNOWN;
    const { validThrough, ...reading } = page;
    return { ...reading, status: validThrough && validThrough < now() ? 'closed' : 'open' };
  }

  async function readPosting(url: URL): Promise<Reading> {
    const target = atsTarget(url, deps.apis);
    if (!target) return readPageOf(url);
    const result = await deps.fetch(target.apiUrl, { accept: 'application/json' });
    if (gone(result)) {
      // A board guessed from a company's host proves nothing by its absence: read the page instead.
      if (target.source === 'greenhouse' && target.guessedBoard) return readPageOf(url);
      return { ...UNKNOWN, status: 'closed', source: target.source };
    }
    if (result.kind !== 'response' || result.status !== 200) return UNKNOWN;
    const reading = readAts(target, parseJson(result.body));
    if (!reading) return UNKNOWN;
    if (!reading.found) return { ...UNKNOWN, status: 'closed', source: target.source };
    const { found: _found, ...posting } = reading;
    return { ...posting, status: 'open', source: target.source };
  }

  async function read(url: URL): Promise<JobReading> {
    const reading = { ...(await readPosting(url).catch(() => UNKNOWN)), checkedAt: now() };
    const ttl = reading.status === 'unknown' ? UNKNOWN_TTL_MS : OPEN_OR_CLOSED_TTL_MS;
    cache.set(normalizeJobUrl(url.href), reading, { ttl });
    return reading;
  }

  return {
    read,
    async preview(url) {
      const { checkedAt: _checkedAt, ...reading } = cache.get(normalizeJobUrl(url.href)) ?? (await read(url));
      return { url: url.href, ...reading };
    },
    cached(url) {
      const parsed = parseJobUrl(url);
      return parsed && cache.get(normalizeJobUrl(parsed.href));
    },
  };
}

/** The host a reading of `url` asks first: its ATS's API, else the page's own (the sweep paces by it). */
export function firstHostOf(url: URL, apis: AtsApis): string {
  return new URL(atsTarget(url, apis)?.apiUrl ?? url.href).host;
}

/** A job URL the server may try to read: http(s) with a host, fragment dropped. Undefined otherwise. */
export function parseJobUrl(value: string): URL | undefined {
  try {
    const url = new URL(value.trim());
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return undefined;
    url.hash = '';
    return url;
  } catch {
    return undefined;
  }
}
