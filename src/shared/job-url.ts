import { z } from 'zod';
import { FIXED_COMPANIES, PARTNER_COMPANY_ID, type CompanySummary } from './companies.js';
import {
  APPLICATION_SERVICES,
  HOSTS_WITHOUT_COMPANY,
  employerNameForHost,
  isCareerPage,
  isHostOf,
  isNonJobPage,
  isSpecificPosting,
  registrableLabel,
  usableName,
} from './job-url-hosts.js';
import { displayName, exactMatch, expandAlias, partialMatch } from './job-url-names.js';
import { JOB_URL_MAX, REFERRAL_REQUEST_ERRORS } from './referral-texts.js';

/**
 * Company detection from a job posting URL (docs/product.md, Job postings), shared by the request form, the demo's
 * validator and GET /api/companies/detect. Pure: the company list to match against is passed in.
 */
export const DetectionConfidenceSchema = z.enum(['high', 'medium', 'low']);
export type DetectionConfidence = z.infer<typeof DetectionConfidenceSchema>;

export const CompanyDetectionSchema = z.object({
  /** The list's own spelling when matched, else the name as read from the URL; null when none was found. */
  companyName: z.string().nullable(),
  companyId: z.number().int().nullable(),
  /** Null exactly when companyName is null. */
  confidence: DetectionConfidenceSchema.nullable(),
  /**
   * The extraction message (docs/product.md, Messages) when nothing usable was found, or a warning next to a found company
   * (a general careers page rather than a specific posting).
   */
  message: z.string().nullable(),
});
export type CompanyDetection = z.infer<typeof CompanyDetectionSchema>;

/** GET /api/companies/detect?url=…: any text up to the job URL limit; a missing url is the empty one. */
export const DetectCompanyQuerySchema = z.object({
  url: z
    .string({ error: 'The url parameter must be given once, as text.' })
    .max(JOB_URL_MAX, `The job URL must be at most ${JOB_URL_MAX} characters.`)
    .default(''),
});
export type DetectCompanyQuery = z.input<typeof DetectCompanyQuerySchema>;

/**
 * docs/product.md, Messages: the job URL messages. Two are quoted exactly there; for the others the product fixes only the
 * gist (and the quoted fragments 'Please enter the company name manually' and 'Please provide a specific
 * job posting URL', which stay verbatim inside these sentences).
 */
export const JOB_URL_MESSAGES = {
  invalidFormat: 'Invalid URL format. Please enter a valid job posting URL.',
  unparsable: 'Unable to parse this URL format.',
  linkedinFailed:
    "We couldn't read the company from this LinkedIn job URL. Please enter the company name manually.",
  glassdoorFailed:
    "We couldn't read the company from this Glassdoor URL. Please enter the company name manually.",
  leverFailed:
    "We couldn't read the company from this Lever job URL. Please enter the company name manually.",
  greenhouseFailed:
    "We couldn't read the company from this Greenhouse job URL. Please enter the company name manually.",
  indeed: "Indeed job links don't name the company. Please enter the company name manually.",
  generalCareersPage: (company: string) =>
    `This looks like a general careers page for ${company}. Please provide a specific job posting URL.`,
  notJobPage:
    'This looks like a blog, help or news page rather than a job posting. Please enter the URL of a specific job posting.',
  applicationService:
    "This link is on a job application service rather than a company site, and we couldn't tell which company it is for. Please enter the company name manually.",
  companyUnknown: REFERRAL_REQUEST_ERRORS.companyUnknown,
} as const;

/** docs/product.md, Limits: a valid URL has a dotted host longer than 3 characters. */
const MIN_HOST_LENGTH = 4;

const PARTNER_DOMAIN = FIXED_COMPANIES.find((c) => c.id === PARTNER_COMPANY_ID)?.domain ?? 'stripe.com';

interface JobUrl {
  host: string;
  segments: string[];
  params: URLSearchParams;
}

/** What the URL itself says, before the company list is consulted. */
type Extraction =
  | { found: false; message: string }
  | {
      found: true;
      /** Tried in order against the list for an exact match; the last is shown when none matches. */
      names: string[];
      confidence: DetectionConfidence;
      /** Only careers pages are flagged: a board's posting path always names a posting. */
      generalPage: boolean;
    };

export function detectCompany(url: string, companies: readonly CompanySummary[]): CompanyDetection {
  const parsed = parseJobUrl(url);
  if (typeof parsed === 'string') return failure(parsed);
  return resolve(extract(parsed), parsed.host, companies);
}

/** The partner company (id 4) is recognised by its host, subdomains included (docs/product.md, Limits). */
export function isPartnerJobUrl(url: string): boolean {
  const parsed = parseJobUrl(url);
  return typeof parsed !== 'string' && isHostOf(parsed.host, PARTNER_DOMAIN);
}

function failure(message: string): CompanyDetection {
  return { companyName: null, companyId: null, confidence: null, message };
}

function parseJobUrl(input: string): JobUrl | string {
  const text = input.trim();
  if (!URL.canParse(text)) return JOB_URL_MESSAGES.invalidFormat;
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return JOB_URL_MESSAGES.invalidFormat;
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  // A job posting lives on a named host: no IP addresses, no single-label (intranet) names.
  const isIp = /^[\d.]+$/.test(host) || host.startsWith('[');
  if (host.length < MIN_HOST_LENGTH || !host.includes('.') || isIp || host.split('.').some((l) => l === '')) {
    return JOB_URL_MESSAGES.unparsable;
  }
  const segments = url.pathname
    .split('/')
    .filter((s) => s !== '')
    .map(safeDecode);
  return { host, segments, params: url.searchParams };
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function company(name: string | undefined, confidence: DetectionConfidence, failed: string): Extraction {
  return name
    ? { found: true, names: [name], confidence, generalPage: false }
    : { found: false, message: failed };
}

function extract(u: JobUrl): Extraction {
  const { host, segments } = u;
  const label = registrableLabel(host);
  if (isHostOf(host, 'linkedin.com') && !host.startsWith('careers.')) return fromLinkedIn(segments);
  if (label === 'indeed') return { found: false, message: JOB_URL_MESSAGES.indeed };
  if (label === 'glassdoor') return fromGlassdoor(segments);
  if (isHostOf(host, 'lever.co')) return fromBoard(u, segments[0], JOB_URL_MESSAGES.leverFailed);
  if (isHostOf(host, 'greenhouse.io')) {
    // Embedded boards name the company in ?for= (boards.greenhouse.io/embed/job_app?for=acme&token=…).
    const slug = segments[0] === 'embed' ? (u.params.get('for') ?? undefined) : segments[0];
    return fromBoard(u, slug, JOB_URL_MESSAGES.greenhouseFailed);
  }
  const service = APPLICATION_SERVICES.find((d) => isHostOf(host, d));
  if (service) {
    const subdomain = host.slice(0, -service.length).split('.')[0];
    const name = usableName(subdomain) ?? usableName(segments[0]);
    return company(name, 'low', JOB_URL_MESSAGES.applicationService);
  }
  if (HOSTS_WITHOUT_COMPANY.some((d) => isHostOf(host, d))) {
    return { found: false, message: JOB_URL_MESSAGES.companyUnknown };
  }
  if (isNonJobPage(host, segments)) return { found: false, message: JOB_URL_MESSAGES.notJobPage };
  const name = employerNameForHost(host) ?? usableName(label);
  if (!name) return { found: false, message: JOB_URL_MESSAGES.companyUnknown };
  if (isCareerPage(host, segments)) {
    return {
      found: true,
      names: [name],
      confidence: 'medium',
      generalPage: !isSpecificPosting(segments, u.params),
    };
  }
  return { found: true, names: [name], confidence: 'low', generalPage: false };
}

/** /jobs/view/senior-software-engineer-at-google-3812345678: the company follows the last '-at-'. */
function fromLinkedIn(segments: readonly string[]): Extraction {
  const view = segments.findIndex((s, i) => s === 'view' && segments[i - 1] === 'jobs');
  const slug = view >= 0 ? segments[view + 1] : undefined;
  const at = slug?.toLowerCase().lastIndexOf('-at-') ?? -1;
  const name = slug && at >= 0 ? slug.slice(at + 4).replace(/(-\d+)+$/, '') : undefined;
  return company(usableName(name), 'high', JOB_URL_MESSAGES.linkedinFailed);
}

/**
 * Glassdoor slugs end in '-JV_…' (a posting) or '-SRCH_…' (a search) and mark the employer's characters
 * with KE{from},{to} (software-engineer-stripe-JV_IC1147401_KO0,17_KE18,24.htm). Without KE, the words
 * just before '-JV_' are the employer: every trailing run of them is tried against the list.
 */
function fromGlassdoor(segments: readonly string[]): Extraction {
  for (const segment of segments) {
    const slug = /^(.+?)-(JV|SRCH)_/i.exec(segment);
    if (!slug?.[1]) continue;
    const ke = /_KE(\d+),(\d+)/i.exec(segment);
    if (ke) {
      const employer = usableName(slug[1].slice(Number(ke[1]), Number(ke[2])));
      return company(employer, 'medium', JOB_URL_MESSAGES.glassdoorFailed);
    }
    if (slug[2]?.toUpperCase() !== 'JV') break;
    const words = slug[1].split('-').filter((w) => w !== '');
    const runs = new Set([4, 3, 2, 1].map((n) => words.slice(-n).join('-')));
    const names = [...runs].filter((n) => usableName(n));
    if (names.length > 0) return { found: true, names, confidence: 'medium', generalPage: false };
  }
  // Company pages: /Jobs/Stripe-Jobs-E671932.htm and /Overview/Working-at-Stripe-EI_IE671932.11,17.htm.
  const page = segments.map((s) => /^(?:Working-at-)?(.+?)-(?:Jobs-E|EI_IE)\d+/i.exec(s)?.[1]).find(Boolean);
  return company(usableName(page), 'medium', JOB_URL_MESSAGES.glassdoorFailed);
}

/** Lever and Greenhouse: /{company}/{posting}; the company's board alone is a general careers page. */
function fromBoard(u: JobUrl, slug: string | undefined, failed: string): Extraction {
  const name = usableName(slug);
  if (!name) return { found: false, message: failed };
  const postingPath = u.segments.slice(1).some((s) => s.toLowerCase() !== 'jobs');
  return {
    found: true,
    names: [name],
    confidence: 'high',
    generalPage: !postingPath && !u.params.has('gh_jid'),
  };
}

function resolve(found: Extraction, host: string, companies: readonly CompanySummary[]): CompanyDetection {
  if (!found.found) return failure(found.message);
  const names = found.names.map(expandAlias);
  const shown = names.at(-1) ?? '';
  const matched =
    (isHostOf(host, PARTNER_DOMAIN) ? companies.find((c) => c.id === PARTNER_COMPANY_ID) : undefined) ??
    names.map((n) => exactMatch(n, companies)).find(Boolean);
  const partial = matched ? undefined : partialMatch(shown, host, companies);
  const companyName = matched?.name ?? partial?.name ?? displayName(shown);
  return {
    companyName,
    companyId: matched?.id ?? partial?.id ?? null,
    // A partial match is a guess at which listed company was meant.
    confidence: partial ? 'low' : found.confidence,
    message: found.generalPage ? JOB_URL_MESSAGES.generalCareersPage(companyName) : null,
  };
}
