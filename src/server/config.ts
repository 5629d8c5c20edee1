import net from 'node:net';
import { z } from 'zod';
import { DEFAULT_REQUESTS_PER_DAY } from '../shared/request-limit.js';
import { LISTEN_HEARTBEAT_MS } from './db/listen.js';
import { KEPT_NAMES, type KeptSettings } from './kept/kept.js';
import { normalizeAllowedHost } from './lib/outbound-fetch.js';

const DURATION_UNITS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A duration such as `90s`, `30m`, `12h` or `5d`, in milliseconds (at least one second). */
export function parseDuration(value: string): number | undefined {
  const match = /^(\d{1,9})\s*([smhd])$/.exec(value.trim().toLowerCase());
  if (!match) return undefined;
  const ms = Number(match[1]) * DURATION_UNITS[match[2] as keyof typeof DURATION_UNITS];
  return ms >= 1000 ? ms : undefined;
}

const duration = z.string().transform((value, ctx): number => {
  const ms = parseDuration(value);
  if (ms === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a duration such as 90s, 30m, 12h or 5d ("${value}" is not one)`,
    });
    return z.NEVER;
  }
  return ms;
});

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/**
 * Who may say which client a request comes from (X-Forwarded-For): nobody by default, so a client cannot
 * pick its own address and dodge the rate limits. `true` trusts any sender (only when nothing but the proxy
 * can reach the app), a number trusts that many proxy hops, a list trusts those addresses or CIDR ranges.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): boolean | number | string[] => {
    if (value === 'true' || value === 'false') return value === 'true';
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((v) => v.trim());
    for (const entry of entries) {
      const [address, bits, ...rest] = entry.split('/');
      const version = net.isIP(address ?? '');
      const maxBits = version === 6 ? 128 : 32;
      const validBits = bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= maxBits);
      if (!version || !validBits || rest.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `must be true, false, a hop count, or a comma-separated list of addresses or CIDR ranges ("${entry}" is none of these)`,
        });
        return z.NEVER;
      }
    }
    return entries;
  });

/** `host:port,host:port`: hosts the job fetcher may reach although private (tests, intranets). */
const allowedHosts = z.string().transform((value, ctx): string[] => {
  const entries = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const normalized: string[] = [];
  for (const entry of entries) {
    const host = normalizeAllowedHost(entry);
    if (!host) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a comma-separated list of host:port such as jobs.intranet:8080 ("${entry}" is not one)`,
      });
      return z.NEVER;
    }
    normalized.push(host);
  }
  return normalized;
});

const apiOrigin = (fallback: string) =>
  z
    .url({ protocol: /^https?$/, error: `must be an http(s) URL such as ${fallback}` })
    .transform((v) => v.replace(/\/+$/, ''))
    .default(fallback);

const ConfigSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    /** PostgreSQL: how often each instance's listener NOTIFYs itself; two unheard in a row, and it is deaf. */
    LISTEN_HEARTBEAT: duration
      .refine(
        (ms) => ms <= DURATION_UNITS.m,
        'must be at most 1m: a deaf instance keeps what it should not until it notices',
      )
      .default(LISTEN_HEARTBEAT_MS),
    OIDC_ISSUER: z.url().optional(),
    OIDC_CLIENT_ID: z.string().min(1).optional(),
    OIDC_CLIENT_SECRET: z.string().min(1).optional(),
    ALLOW_DEV_IDP: booleanFlag.default(false),
    /** Issue 25: the admins, by the email they sign in with (comma-separated). */
    ADMIN_EMAILS: z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((email) => email.trim().toLowerCase())
          .filter((email) => email !== ''),
      )
      .pipe(z.array(z.email('must be a comma-separated list of email addresses')))
      .optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    REFERRER_CAPACITY: z.coerce.number().int().min(1).max(1000).default(10),
    /** New referral requests one seeker may send in any 24 hours. */
    REQUESTS_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_REQUESTS_PER_DAY),
    /** How long a referral may stay pending before it passes on (docs/product.md, A request's life). */
    REFERRAL_RESPONSE_TIME: duration.default(5 * DURATION_UNITS.d),
    /** How many times one request may pass from referrer to referrer. */
    REFERRAL_MAX_HANDOFFS: z.coerce.number().int().min(0).max(100).default(3),
    /** How long a referrer may undo a decline; the hand-off waits for it (docs/decisions/033-request-lifecycle.md). */
    DECLINE_UNDO_WINDOW: duration.default(2 * DURATION_UNITS.m),
    /**
     * How long a seeker has to resubmit after their referrer asked for changes; then the request ends
     * withdrawn and the slot is freed (docs/decisions/084-changes-requested.md).
     */
    CHANGES_WINDOW: duration.default(7 * DURATION_UNITS.d),
    /** When an accepted referral not yet submitted reminds its referrer, once (issue 24 item 7). */
    SUBMIT_REMINDER_AFTER: duration.default(2 * DURATION_UNITS.d),
    /** How long after a request closed its free text, thread and access are erased (docs/decisions/036-retention.md). */
    RETENTION_AFTER_CLOSE: duration.default(180 * DURATION_UNITS.d),
    /** How long a referrer's verification holds from when it was earned or renewed (docs/decisions/035-verification-lapse.md). */
    VERIFICATION_TTL: duration.default(365 * DURATION_UNITS.d),
    /** How often the reminder and hand-off sweep runs; the browser journeys shorten it. */
    REFERRAL_SWEEP_INTERVAL: duration.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
    RESUME_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(20),
    /** Current-company changes per user per minute; each may add a company every user sees. */
    COMPANY_CHANGE_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /**
     * The share of kept answers' hits (0 to 1) also read afresh and compared, a difference being an error
     * (kept/session-memo.ts): the tests' apps check every one, the crowd bench a sample under its load.
     */
    KEPT_ANSWERS_VERIFY: z.coerce.number().min(0).max(1).optional(),
    /** Kept answers turned off, by name, comma-separated: each of their reads then goes to the database. */
    KEPT_ANSWERS_OFF: z
      .string()
      .default('')
      .transform((names) =>
        names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(KEPT_NAMES, { error: `Name kept answers among: ${KEPT_NAMES.join(', ')}.` }))),
    /** Activity records (page views, clicks) per signed-in user per minute. */
    ACTIVITY_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    /**
     * Directory pages and searches per signed-in user per minute: each is a kept answer of its own, so one
     * user's flood of unique searches would otherwise evict everyone's.
     */
    DIRECTORY_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
    /** Directory pages and searches per visitor's address per minute. */
    DIRECTORY_VISITOR_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
    /** Thread messages written per user per minute. */
    MESSAGE_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    /** Job posting previews per user per minute: each may fetch a page from the posting's host. */
    JOB_PREVIEW_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
    /** Reports of users per user per minute. */
    REPORT_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    /** Live notification streams one user may hold on one instance; a new one past it ends their oldest. */
    STREAMS_PER_USER: z.coerce.number().int().min(1).max(100).default(6),
    /** Live notification streams one instance holds at most (about 10 KiB each); past it, 503. */
    STREAMS_MAX: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
    TRUST_PROXY: trustProxy.default(false),
    /** Shares the rate limits between instances; without it each process counts on its own. */
    REDIS_URL: z
      .url({
        protocol: /^rediss?$/,
        error: 'must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379',
      })
      .optional(),
    /** Lets several deployments (or test runs) share one Redis without sharing counts. */
    REDIS_KEY_PREFIX: z.string().min(1).default('referbridge:rate-limit:'),
    /** Prometheus metrics are served on this port only, never on the public one. */
    METRICS_PORT: z.coerce
      .number({ error: 'must be a port number from 1 to 65535' })
      .int('must be a port number from 1 to 65535')
      .min(1, 'must be a port number from 1 to 65535')
      .max(65535, 'must be a port number from 1 to 65535')
      .optional(),
    /** The site's domain as registered in Plausible; analytics stay off without it (docs/decisions/014-analytics-adapter.md). */
    ANALYTICS_PLAUSIBLE_DOMAIN: z
      .string()
      .trim()
      .toLowerCase()
      .regex(
        /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
        'must be a domain name such as referbridge.com',
      )
      .optional(),
    /** Where Plausible's events API lives: plausible.io, or a self-hosted instance (its origin only). */
    ANALYTICS_PLAUSIBLE_HOST: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://plausible.io' })
      .refine((v) => /^[^/]+\/\/[^/]+\/?$/.test(v), 'must be an origin without a path')
      .default('https://plausible.io'),
    /** Where mail is sent (smtp:// or smtps://, credentials in the URL); without it mail stays in the outbox. */
    SMTP_URL: z
      .url({
        protocol: /^smtps?$/,
        error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@host:587',
      })
      .optional(),
    /** The From of every mail: an address, optionally with a display name ('ReferBridge <no-reply@…>'). */
    MAIL_FROM: z
      .string()
      .trim()
      .regex(
        /^([^<>\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
        'must be an address such as no-reply@referbridge.app or ReferBridge <no-reply@referbridge.app>',
      )
      .default('ReferBridge <no-reply@referbridge.app>'),
    /** `off` stops every fetch of a job posting (every preview is then `unknown`); `allowed` reaches only JOB_FETCH_ALLOWED_HOSTS. */
    JOB_FETCH: z.enum(['on', 'off', 'allowed']).default('on'),
    JOB_FETCH_ALLOWED_HOSTS: allowedHosts.default([]),
    GREENHOUSE_API_URL: apiOrigin('https://boards-api.greenhouse.io'),
    LEVER_API_URL: apiOrigin('https://api.lever.co'),
    ASHBY_API_URL: apiOrigin('https://api.ashbyhq.com'),
    WORKABLE_API_URL: apiOrigin('https://apply.workable.com'),
    /** How often the liveness sweep re-reads each open request's posting (docs/decisions/032-job-postings.md). */
    JOB_CHECK_INTERVAL: duration.default(DURATION_UNITS.d),
  })
  .superRefine((env, ctx) => {
    const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET].filter(Boolean).length;
    if (oidc > 0 && oidc < 3) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({
        code: 'custom',
        path: ['METRICS_PORT'],
        message: 'must differ from PORT: metrics are never served on the public port',
      });
    }
    if (env.NODE_ENV === 'production') {
      if (!env.SESSION_SECRET) {
        ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
      }
      // The development sign-in lets anyone sign in as any address, an admin's included.
      if (env.ADMIN_EMAILS?.length && env.ALLOW_DEV_IDP) {
        ctx.addIssue({
          code: 'custom',
          path: ['ADMIN_EMAILS'],
          message:
            'cannot be set with ALLOW_DEV_IDP=true in production: the development sign-in lets anyone sign in as an admin',
        });
      }
      if (oidc === 0 && !env.ALLOW_DEV_IDP) {
        ctx.addIssue({
          code: 'custom',
          path: ['OIDC_ISSUER'],
          message: 'is required in production (or set ALLOW_DEV_IDP=true to use the development sign-in)',
        });
      }
    }
  })
  .transform((e) => ({
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    listenHeartbeatMs: e.LISTEN_HEARTBEAT,
    /** Undefined means: use the embedded development identity provider at /dev-idp. */
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
        : undefined,
    // Outside production a per-process secret is fine: restarting only signs out half-finished popups.
    sessionSecret: e.SESSION_SECRET ?? crypto.randomUUID() + crypto.randomUUID(),
    // Served over https (production, or a staging host with a real certificate): cookies never travel in
    // clear text and HSTS keeps the browser on https.
    secureCookies: e.NODE_ENV === 'production' || (e.PUBLIC_URL ?? '').startsWith('https:'),
    /** Lower-cased; empty means nobody is an admin. */
    adminEmails: e.ADMIN_EMAILS ?? [],
    referrerCapacity: e.REFERRER_CAPACITY,
    requestsPerDay: e.REQUESTS_PER_DAY,
    referralResponseMs: e.REFERRAL_RESPONSE_TIME,
    referralMaxHandoffs: e.REFERRAL_MAX_HANDOFFS,
    declineUndoMs: e.DECLINE_UNDO_WINDOW,
    changesWindowMs: e.CHANGES_WINDOW,
    submitReminderMs: e.SUBMIT_REMINDER_AFTER,
    retentionAfterCloseMs: e.RETENTION_AFTER_CLOSE,
    verificationTtlMs: e.VERIFICATION_TTL,
    // Unset: every minute, or a quarter of a short response time (half a short undo window), so a deadline
    // is kept within a quarter of it.
    referralSweepIntervalMs:
      e.REFERRAL_SWEEP_INTERVAL ??
      Math.max(
        DURATION_UNITS.s,
        Math.min(
          60 * DURATION_UNITS.s,
          Math.floor(e.REFERRAL_RESPONSE_TIME / 4),
          Math.floor(e.DECLINE_UNDO_WINDOW / 2),
          // A short CHANGES_WINDOW (the journeys') ends within a quarter of it.
          Math.floor(e.CHANGES_WINDOW / 4),
          // A verification's reminder window is half its TTL: a sweep falls inside it.
          Math.floor(e.VERIFICATION_TTL / 4),
        ),
      ),
    logLevel: e.LOG_LEVEL,
    authRateLimit: e.AUTH_RATE_LIMIT,
    resumeUploadsPerHour: e.RESUME_UPLOADS_PER_HOUR,
    companyChangeRateLimit: e.COMPANY_CHANGE_RATE_LIMIT,
    keptAnswers: {
      off: e.KEPT_ANSWERS_OFF,
      verify: e.KEPT_ANSWERS_VERIFY ?? (e.NODE_ENV === 'test' ? 1 : 0),
    } satisfies KeptSettings,
    activityRateLimit: e.ACTIVITY_RATE_LIMIT,
    directoryRateLimit: e.DIRECTORY_RATE_LIMIT,
    directoryVisitorRateLimit: e.DIRECTORY_VISITOR_RATE_LIMIT,
    messageRateLimit: e.MESSAGE_RATE_LIMIT,
    jobPreviewRateLimit: e.JOB_PREVIEW_RATE_LIMIT,
    reportRateLimit: e.REPORT_RATE_LIMIT,
    streamsPerUser: e.STREAMS_PER_USER,
    streamsMax: e.STREAMS_MAX,
    trustProxy: e.TRUST_PROXY,
    mail: {
      /** Undefined means: no SMTP server, mail is delivered to the outbox table (the dev outbox). */
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM,
      /** The /dev-mail outbox pages, mounted where the development sign-in may be. */
      devOutbox: e.NODE_ENV !== 'production' || e.ALLOW_DEV_IDP,
    },
    /** Undefined means rate limits are counted in this process only. */
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    /** Undefined means no metrics are collected or served. */
    metricsPort: e.METRICS_PORT,
    /** Reading job postings (docs/decisions/032-job-postings.md). */
    jobs: {
      fetch: e.JOB_FETCH,
      allowedHosts: e.JOB_FETCH_ALLOWED_HOSTS,
      greenhouseApiUrl: e.GREENHOUSE_API_URL,
      leverApiUrl: e.LEVER_API_URL,
      ashbyApiUrl: e.ASHBY_API_URL,
      workableApiUrl: e.WORKABLE_API_URL,
    },
    jobCheckIntervalMs: e.JOB_CHECK_INTERVAL,
    /** Undefined means analytics are off: nothing is sent and the CSP allows no analytics host. */
    analytics: e.ANALYTICS_PLAUSIBLE_DOMAIN
      ? {
          provider: 'plausible' as const,
          domain: e.ANALYTICS_PLAUSIBLE_DOMAIN,
          apiHost: new URL(e.ANALYTICS_PLAUSIBLE_HOST).origin,
        }
      : undefined,
  }));

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Parses the environment once at boot; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blanksRemoved = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ConfigSchema.safeParse(blanksRemoved);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  return parsed.data;
}
