import { Parser } from 'htmlparser2';

/** What a posting's own page says: its JSON-LD JobPosting, else its Open Graph title. */
export interface PageReading {
  source: 'json-ld' | 'open-graph';
  title: string | null;
  companyName: string | null;
  location: string | null;
  /** JSON-LD's validThrough, when it gives one that parses. */
  validThrough: Date | null;
}

interface Collected {
  ldJson: string[];
  meta: Map<string, string>;
}

function collect(html: string): Collected {
  const found: Collected = { ldJson: [], meta: new Map() };
  let inLdJson = false;
  let script = '';
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'script' && (attrs.type ?? '').trim().toLowerCase() === 'application/ld+json') {
          inLdJson = true;
          script = '';
        } else if (name === 'meta') {
          const key = (attrs.property ?? attrs.name ?? '').trim().toLowerCase();
          if (key.startsWith('og:') && attrs.content && !found.meta.has(key)) {
            found.meta.set(key, attrs.content.trim());
          }
        }
      },
      ontext(data) {
        if (inLdJson) script += data;
      },
      onclosetag(name) {
        if (name === 'script' && inLdJson) {
          inLdJson = false;
          found.ldJson.push(script);
        }
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return found;
}

type Json = unknown;

function isObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: Json): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (isObject(value)) return str(value.name);
  return null;
}

/** Every JobPosting in a JSON-LD document: top-level, in arrays, and inside `@graph`. */
function jobPostings(value: Json, depth = 0): Record<string, Json>[] {
  if (depth > 5) return [];
  if (Array.isArray(value)) return value.flatMap((v) => jobPostings(v, depth + 1));
  if (!isObject(value)) return [];
  const type = value['@type'];
  const types = Array.isArray(type) ? type : [type];
  const own = types.includes('JobPosting') ? [value] : [];
  return [...own, ...jobPostings(value['@graph'], depth + 1)];
}

function placeName(place: Json): string | null {
  if (typeof place === 'string') return place.trim() || null;
  if (!isObject(place)) return null;
  const address = place.address;
  if (typeof address === 'string') return address.trim() || null;
  if (isObject(address)) {
    const parts = [address.addressLocality, address.addressRegion, address.addressCountry]
      .map(str)
      .filter((p): p is string => p !== null);
    if (parts.length > 0) return parts.join(', ');
  }
  return str(place.name);
}

function location(posting: Record<string, Json>): string | null {
  const places = Array.isArray(posting.jobLocation) ? posting.jobLocation : [posting.jobLocation];
  const names = places.map(placeName).filter((p): p is string => p !== null);
  if (names.length > 0) return names.join('; ');
  return posting.jobLocationType === 'TELECOMMUTE' ? 'Remote' : null;
}

export function readPage(html: string): PageReading | undefined {
  const { ldJson, meta } = collect(html);
  for (const script of ldJson) {
    let parsed: Json;
    try {
      parsed = JSON.parse(script);
    } catch {
      continue;
    }
    const [posting] = jobPostings(parsed);
    if (!posting) continue;
    const validThrough = typeof posting.validThrough === 'string' ? new Date(posting.validThrough) : null;
    return {
      source: 'json-ld',
      title: str(posting.title),
      companyName: str(posting.hiringOrganization),
      location: location(posting),
      validThrough: validThrough && !Number.isNaN(validThrough.getTime()) ? validThrough : null,
    };
  }
  const title = meta.get('og:title');
  if (title) {
    return {
      source: 'open-graph',
      title,
      companyName: meta.get('og:site_name') ?? null,
      location: null,
      validThrough: null,
    };
  }
  return undefined;
}
