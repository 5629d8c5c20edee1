import { EMPLOYERS } from './employers.js';

/**
 * The host and path tables behind job-URL company detection (docs/product.md, Job postings), and the small name helpers
 * they need. Kept apart from the rules in job-url.ts so that adding a host is a one-line change here.
 */

/** True when host is domain itself or one of its subdomains (never a look-alike such as notstripe.com). */
export function isHostOf(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

/** The built-in employer whose web domain this host is on, so careers.bankofamerica.com names Bank of America. */
export function employerNameForHost(host: string): string | undefined {
  return EMPLOYERS.find((e) => isHostOf(host, e.domain))?.name;
}

const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'ac', 'gov', 'edu', 'ne', 'or', 'go']);

/**
 * The label a company registers: notion in www.notion.so, example in jobs.example.co.uk. Without a public
 * suffix list, a country code under a generic second level (co.uk, com.au, co.jp) counts as one suffix.
 */
export function registrableLabel(host: string): string {
  const labels = host.split('.');
  const tld = labels.at(-1) ?? '';
  const second = labels.at(-2) ?? '';
  const suffixLength = labels.length > 2 && tld.length === 2 && SECOND_LEVEL.has(second) ? 2 : 1;
  return labels.at(-1 - suffixLength) ?? '';
}

/**
 * Job-application services: their domain names the service, not the employer. The employer may still be
 * in the subdomain (nvidia.wd5.myworkdayjobs.com, acme.bamboohr.com) or the first path segment
 * (jobs.lever.co-style: jobs.ashbyhq.com/acme, apply.workable.com/acme).
 */
export const APPLICATION_SERVICES: readonly string[] = [
  'myworkdayjobs.com',
  'myworkdaysite.com',
  'icims.com',
  'smartrecruiters.com',
  'jobvite.com',
  'taleo.net',
  'ashbyhq.com',
  'workable.com',
  'bamboohr.com',
  'recruitee.com',
  'breezy.hr',
  'applytojob.com',
  'teamtailor.com',
  'personio.de',
  'personio.com',
  'pinpointhq.com',
  'successfactors.com',
  'successfactors.eu',
  'jazzhr.com',
  'rippling-ats.com',
  'ultipro.com',
];

/** Job boards and link shorteners whose links do not say which employer is hiring. */
export const HOSTS_WITHOUT_COMPANY: readonly string[] = [
  'ziprecruiter.com',
  'monster.com',
  'simplyhired.com',
  'dice.com',
  'careerbuilder.com',
  'naukri.com',
  'wellfound.com',
  'angel.co',
  'builtin.com',
  'otta.com',
  'welcometothejungle.com',
  'bit.ly',
  't.co',
  'tinyurl.com',
  'lnkd.in',
];

/** A path segment that opens a careers section: /careers, /jobs, /career, /job. */
const CAREER_SEGMENT = /^(careers?|jobs?)$/i;

/** A language or locale path segment: en, de, en-us, pt_BR. */
const LOCALE = /^[a-z]{2}([-_][a-z]{2})?$/i;

/** Sections of a site that are not job postings ('a blog or help page', docs/product.md, Job postings), by path or subdomain. */
const NON_JOB_SECTIONS = new Set([
  'blog',
  'blogs',
  'help',
  'support',
  'news',
  'newsroom',
  'about',
  'press',
  'investors',
  'investor-relations',
  'legal',
  'privacy',
  'terms',
  'docs',
  'documentation',
  'community',
  'events',
  'contact',
  'faq',
  'pricing',
  'products',
  'stories',
]);

export function isNonJobPage(host: string, segments: readonly string[]): boolean {
  // Some careers sites live under such a section (google.com/about/careers/…): a careers segment wins.
  if (segments.some((s) => CAREER_SEGMENT.test(s))) return false;
  // Locale prefixes come first on many sites (/en-us/about), so the section is the first other segment.
  const first = segments.find((s) => !LOCALE.test(s))?.toLowerCase();
  return (
    (first !== undefined && NON_JOB_SECTIONS.has(first)) || NON_JOB_SECTIONS.has(host.split('.')[0] ?? '')
  );
}

/** docs/product.md, Job postings: 'careers.' or 'jobs.' hosts, '.jobs' hosts, and paths with /careers or /jobs. */
export function isCareerPage(host: string, segments: readonly string[]): boolean {
  return (
    /^(careers?|jobs?)\./.test(host) ||
    host.endsWith('.jobs') ||
    segments.some((s) => /^(careers?|jobs?)([-_.]|$)/i.test(s))
  );
}

/** Path segments that a careers site's landing, search or listing pages use; none of them names a posting. */
const LISTING_WORDS = new Set([
  'careers',
  'career',
  'jobs',
  'job',
  'search',
  'results',
  'openings',
  'open-positions',
  'open-roles',
  'positions',
  'roles',
  'opportunities',
  'all',
  'index',
  'index.html',
  'teams',
  'locations',
  'join-us',
  'joinus',
  'home',
  'applications',
  'listing',
  'listings',
  'us',
  'global',
  'university',
  'students',
]);

/** Query keys that point at one posting on a careers page (Greenhouse embeds, common job boards). */
const POSTING_QUERY_KEYS = [
  'gh_jid',
  'jobid',
  'job_id',
  'jid',
  'id',
  'req',
  'reqid',
  'requisitionid',
  'posting',
];

/** A careers-page URL that names one posting, rather than the landing, search or listing page. */
export function isSpecificPosting(segments: readonly string[], params: URLSearchParams): boolean {
  // What precedes the careers section is the site's own structure (google.com/about/careers/…).
  const section = segments.findLastIndex((s) => CAREER_SEGMENT.test(s));
  const rest = segments
    .slice(section + 1)
    .filter((s) => !LISTING_WORDS.has(s.toLowerCase()) && !LOCALE.test(s));
  if (rest.length > 0) return true;
  return [...params.keys()].some((key) => POSTING_QUERY_KEYS.includes(key.toLowerCase()));
}

/** Words that stand where an employer's name would, on application services and in their subdomains. */
const NOT_A_NAME = new Set([
  ...LISTING_WORDS,
  'www',
  'apply',
  'app',
  'embed',
  'api',
  'portal',
  'external',
  'recruiting',
  'candidate',
  'candidates',
  'careersection',
  'login',
  'hcmui',
  'en',
  'j',
  'o',
  'p',
]);

/**
 * The token as an employer name, or undefined when it cannot be one: a generic word, a number, an id
 * (uuid or long hex), a Workday data-centre label (wd5) or anything with characters no name has.
 */
export function usableName(token: string | undefined): string | undefined {
  if (token === undefined) return undefined;
  const cleaned = token.replace(/^(us|uk|global)?careers?-|-careers?$/i, '');
  if (cleaned.length < 2 || cleaned.length > 60 || NOT_A_NAME.has(cleaned.toLowerCase())) return undefined;
  if (!/^[\p{L}\p{N}][\p{L}\p{N}&'._+ -]*$/u.test(cleaned) || !/\p{L}/u.test(cleaned)) return undefined;
  // Locale segments (en-US, de_DE) lead many application paths; they are never the employer.
  if (/^[a-z]{2}[-_][a-z]{2}$/i.test(cleaned)) return undefined;
  if (/^wd\d+$/i.test(cleaned) || /^[0-9a-f-]{16,}$/i.test(cleaned)) return undefined;
  return cleaned;
}
