import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ReferralRequestListSchema } from '../../shared/referrals.js';
import { loadConfig } from '../config.js';
import { pdfBytes, uploadResume } from '../testing/profile-fixtures.js';
import { jobUrl, requestBody, signInReferrer } from '../testing/referral-fixtures.js';
import { Browser, PUBLIC_URL, createTestApp, testDatabases, type TestApp } from '../testing/test-app.js';

/**
 * Every limit of the app answers 429 with Retry-After (whole seconds, when to try again) and a sentence.
 * And the polling of docs/product.md, Limits: three tabs of one signed-in user for ten minutes, never meets any of them.
 */

const serverRoot = path.resolve(import.meta.dirname, '..');

/** Every source file of the server, tests aside, with its text. */
function serverSources(): { file: string; text: string }[] {
  const files = fs.readdirSync(serverRoot, { recursive: true, encoding: 'utf8' });
  return files
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts'))
    .filter((f) => !f.startsWith('testing'))
    .map((f) => ({
      file: f.split(path.sep).join('/'),
      text: fs.readFileSync(path.join(serverRoot, f), 'utf8'),
    }));
}

/**
 * The limits this file checks. A new @fastify/rate-limit registration, or a new place that answers 429,
 * must get a row here (and a case below), or the inventory test fails.
 */
const PLUGIN_LIMITS = [
  'activity',
  'auth-status',
  'directory',
  'job-preview',
  // Posting openings spends JOB_PREVIEW_RATE_LIMIT too; its case needs a willing referrer and a posting, so
  // it is in features/openings/openings.test.ts ('answers 429 with a sentence past JOB_PREVIEW_RATE_LIMIT…').
  'opening-post',
  'profile',
  'referral-messages',
  'reports',
  'resume-upload',
  'sign-in',
];
/** Files that build a 429 themselves: each is a row below (the two profile ones are plugin limits too). */
const HAND_MADE_429 = [
  'features/auth/limits.ts',
  'features/companies/routes.ts',
  'features/profile/resume/resume-routes.ts',
  'features/profile/user/user-routes.ts',
  'features/referrals/requests/daily-limit.ts',
  // The mailed codes of work-email verification (below) and of a personal address (employer-privacy.test.ts).
  'lib/mailed-codes.ts',
];

function expectLimited(res: LightMyRequestResponse, label: string, sentence?: string | RegExp): number {
  expect(res.statusCode, `${label}: ${res.body}`).toBe(429);
  const retryAfter = String(res.headers['retry-after']);
  expect(retryAfter, `${label}: Retry-After`).toMatch(/^\d+$/);
  expect(Number(retryAfter), `${label}: Retry-After`).toBeGreaterThan(0);
  const body = res.json();
  expect(body.error, label).toMatch(/^[A-Z].{10,}[.!?]$/);
  if (sentence !== undefined) expect(body.error, label).toMatch(sentence);
  return Number(retryAfter);
}

describe('the inventory of limits', () => {
  it('lists every rate-limit registration and every hand-made 429 in the server', () => {
    const sources = serverSources();
    const named = new Set<string>();
    for (const { text } of sources) {
      // The spellings that name a limit: the store's options, the per-user helper, auth's perMinute.
      const calls = /(?:rateLimitOptions|perUserPerMinute)\(\s*\w+,\s*'([^']+)'|\bperMinute\(\s*'([^']+)'/g;
      for (const m of text.matchAll(calls)) named.add((m[1] ?? m[2])!);
    }
    expect([...named].sort()).toEqual(PLUGIN_LIMITS);
    // @fastify/rate-limit registered anywhere else would bypass the shared store and this file.
    const registering = sources
      .filter(({ text }) => /from '@fastify\/rate-limit'/.test(text))
      .filter(({ text }) => !/(rateLimitOptions|perUserPerMinute)\(/.test(text))
      .map(({ file }) => file);
    expect(registering).toEqual([]);
    const handMade = sources
      .filter(({ text }) => /AppError\(429|tooManyRequests\(/.test(text))
      .map(({ file }) => file)
      .filter((file) => file !== 'lib/errors.ts')
      .sort();
    expect(handMade).toEqual(HAND_MADE_429);
  });
});

describe.each(testDatabases)('each limit answers 429 with Retry-After and a sentence (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { referralSweep: false },
      {
        RESUME_UPLOADS_PER_HOUR: '2',
        COMPANY_CHANGE_RATE_LIMIT: '2',
        REQUESTS_PER_DAY: '1',
        // Every per-client limit is configurable (a crowd's bench raises them all): each row below sets its own.
        ACTIVITY_RATE_LIMIT: '5',
        DIRECTORY_RATE_LIMIT: '8',
        DIRECTORY_VISITOR_RATE_LIMIT: '6',
        JOB_PREVIEW_RATE_LIMIT: '4',
        MESSAGE_RATE_LIMIT: '3',
        REPORT_RATE_LIMIT: '2',
      },
    );
  });
  afterAll(() => t.close());

  it('sign-in: AUTH_RATE_LIMIT a minute per client over starting a sign-in, the callback and the identity provider', async () => {
    const limited = await createTestApp(kind, {}, { AUTH_RATE_LIMIT: '3' }, t);
    try {
      const spends = [
        '/auth/google',
        '/auth/google/callback?code=x&state=y',
        '/dev-idp/.well-known/openid-configuration',
      ];
      for (const url of spends) {
        expect((await limited.app.inject({ method: 'GET', url })).statusCode, url).toBeLessThan(400);
      }
      for (const url of [...spends, '/dev-idp/interaction/x/login']) {
        const method = url.endsWith('/login') ? 'POST' : 'GET';
        const retry = expectLimited(await limited.app.inject({ method, url }), url);
        expect(retry).toBeLessThanOrEqual(60);
      }
      // Another client is not slowed.
      const other = await limited.app.inject({
        method: 'GET',
        url: '/auth/google',
        remoteAddress: '203.0.113.7',
      });
      expect(other.statusCode).toBe(302);
    } finally {
      await limited.close();
    }
  });

  describe('the sign-in surface', () => {
    /** A second instance on the same database, with its own (in-memory) counts at this sign-in limit. */
    async function limitedTo(authRateLimit: number) {
      const limited = await createTestApp(
        kind,
        { referralSweep: false },
        { AUTH_RATE_LIMIT: String(authRateLimit) },
        t,
      );
      const get = (url: string, cookie = '') =>
        limited.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
      const post = (url: string, cookie: string) =>
        limited.app.inject({ method: 'POST', url, headers: { cookie, origin: PUBLIC_URL } });
      return { limited, get, post };
    }

    it('checks the session 100 times from one address, while starting a sign-in stays limited', async () => {
      const shipped = loadConfig({ NODE_ENV: 'test', PUBLIC_URL }).authRateLimit;
      const { limited, get } = await limitedTo(shipped);
      try {
        for (let i = 0; i < 100; i++) {
          const res = await get('/auth/status');
          expect(res.statusCode, `status check ${i + 1}`).toBe(200);
        }
        for (let i = 0; i < shipped; i++) expect((await get('/auth/google')).statusCode).toBe(302);
        expectLimited(await get('/auth/google'), 'sign-in start');
        // A visitor on /basic-dashboard from that address still learns they are signed out, not an error.
        const visitor = await get('/auth/status');
        expect(visitor.statusCode).toBe(200);
        expect(visitor.json()).toEqual({ isAuthenticated: false, user: null, isAdmin: false });
      } finally {
        await limited.close();
      }
    });

    it('gives the session check a budget of its own, ten times the sign-in limit', async () => {
      const { limited, get } = await limitedTo(2);
      try {
        for (let i = 0; i < 20; i++) expect((await get('/auth/status')).statusCode).toBe(200);
        expectLimited(await get('/auth/status'), 'status checks');
      } finally {
        await limited.close();
      }
    });

    it('counts a live session as itself, not as its address; a made-up one counts as the address', async () => {
      const who = await t.signIn('Behind The Office NAT');
      const cookie = who.browser.cookieHeader();
      const { limited, get } = await limitedTo(2);
      try {
        for (let i = 0; i < 2; i++) expect((await get('/auth/google')).statusCode).toBe(302);
        for (let i = 0; i < 20; i++) expect((await get('/auth/status')).statusCode).toBe(200);
        expectLimited(await get('/auth/google'), 'the address');
        expectLimited(await get('/auth/status'), 'the address');
        expectLimited(await get('/auth/google', 'sid=made-up-token'), 'a made-up session');
        // Same address, but a session of its own: its own budgets.
        expect((await get('/auth/google', cookie)).statusCode).toBe(302);
        const status = await get('/auth/status', cookie);
        expect(status.statusCode).toBe(200);
        expect(status.json().user.id).toBe(who.user.id);
      } finally {
        await limited.close();
      }
    });

    it('signs out when every budget is spent, and the session ends', async () => {
      const who = await t.signIn('Leaving In A Hurry');
      const phone = new Browser(t.app);
      await phone.signIn(who.user.email, who.user.fullName);
      const { limited, get, post } = await limitedTo(1);
      try {
        for (const cookie of ['', who.browser.cookieHeader(), phone.cookieHeader()]) {
          await get('/auth/google', cookie);
          expectLimited(await get('/auth/google', cookie), 'sign-in start');
          for (let i = 0; i < 10; i++) await get('/auth/status', cookie);
          expectLimited(await get('/auth/status', cookie), 'status check');
        }
        const out = await post('/auth/logout', phone.cookieHeader());
        expect(out.statusCode).toBe(200);
        expect(out.json()).toEqual({ success: true });
        expect((await get('/api/notifications/recent', phone.cookieHeader())).statusCode).toBe(401);
        const everywhere = await post('/auth/logout-all', who.browser.cookieHeader());
        expect(everywhere.statusCode).toBe(200);
        expect((await get('/api/notifications/recent', who.browser.cookieHeader())).statusCode).toBe(401);
        // Neither spent anything either: they stay open however often they are called.
        for (let i = 0; i < 5; i++) expect((await post('/auth/logout', '')).statusCode).toBe(200);
      } finally {
        await limited.close();
      }
    });
  });

  it('activity: ACTIVITY_RATE_LIMIT events a minute per user', async () => {
    const who = await t.signIn('Busy Clicker');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => who.post('/api/activity', { category: 'profile', action: 'view' })),
    );
    expect(answers.filter((a) => a.statusCode === 204)).toHaveLength(5);
    const refused = answers.find((a) => a.statusCode !== 204)!;
    expect(expectLimited(refused, 'activity')).toBeLessThanOrEqual(60);
  });

  it('the company directory: DIRECTORY_VISITOR_RATE_LIMIT pages a minute per visiting address, DIRECTORY_RATE_LIMIT per signed-in user', async () => {
    const visit = (address: string) =>
      t.app.inject({ url: '/api/companies/directory?limit=1', remoteAddress: address });
    // One after another, as a visitor pages: @fastify/rate-limit's in-memory store hands every concurrent
    // check of one key the same counter object, so a burst would read the burst's final count.
    const answers = [];
    for (let i = 0; i < 7; i++) answers.push(await visit('203.0.113.7'));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(6);
    const refused = answers.find((a) => a.statusCode !== 200)!;
    expect(expectLimited(refused, 'directory', /sign in to keep browsing/)).toBeLessThanOrEqual(60);
    // Another address has its own budget; a signed-in reader from the spent address has one of their own.
    expect((await visit('203.0.113.8')).statusCode).toBe(200);
    const reader = await t.signIn('Directory Reader');
    const read = () =>
      reader.browser.request({
        method: 'GET',
        url: '/api/companies/directory?limit=1',
        remoteAddress: '203.0.113.7',
      });
    for (let i = 0; i < 8; i++) expect((await read()).statusCode).toBe(200);
    expect(
      expectLimited(await read(), 'directory (signed in)', /before searching again/),
    ).toBeLessThanOrEqual(60);
  });

  it('job previews: JOB_PREVIEW_RATE_LIMIT a minute per user', async () => {
    const who = await t.signIn('Busy Paster');
    const url = `/api/jobs/preview?url=${encodeURIComponent('https://boards.greenhouse.io/acme/jobs/1')}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => who.get(url)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(4);
    const refused = answers.find((a) => a.statusCode !== 200)!;
    expect(expectLimited(refused, 'job preview')).toBeLessThanOrEqual(60);
  });

  it('thread messages: MESSAGE_RATE_LIMIT a minute per user; reading the thread is not limited', async () => {
    const company = `Chatter Works ${randomUUID().slice(0, 8)}`;
    const referrer = await signInReferrer(t, 'Chatty Referrer', company);
    const seeker = await t.signIn('Chatty Seeker');
    const asked = await seeker.post(
      '/api/referral-requests',
      requestBody({ companyId: null, detectedCompanyName: company, jobUrl: jobUrl('jobs.chatter.example') }),
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const list = await referrer.get('/api/referral-requests?role=referrer');
    const referralId = ReferralRequestListSchema.parse(list.json())[0]!.referral!.id;
    const thread = `/api/referrals/${referralId}/messages`;
    for (let i = 0; i < 3; i++)
      expect((await seeker.post(thread, { body: `Hello ${i}.` })).statusCode).toBe(201);
    for (let i = 0; i < 5; i++) expect((await seeker.get(thread)).statusCode).toBe(200);
    expect(expectLimited(await seeker.post(thread, { body: 'One more.' }), 'messages')).toBeLessThanOrEqual(
      60,
    );
    // The budget is the writer's: the referrer still answers.
    expect((await referrer.post(thread, { body: 'Thanks, reading now.' })).statusCode).toBe(201);
  });

  it('reports: REPORT_RATE_LIMIT a minute per user', async () => {
    const who = await t.signIn('Quick Reporter');
    const subjects = [
      await t.signIn('Subject One'),
      await t.signIn('Subject Two'),
      await t.signIn('Subject Three'),
    ];
    const report = (subject: (typeof subjects)[number]) =>
      who.post('/api/reports', { subjectUserId: subject.user.id, reason: 'spam', note: '' });
    // Without a shared request a report is refused (404), but still spends the budget: limits count asks.
    const first = await report(subjects[0]!);
    const second = await report(subjects[1]!);
    expect([first.statusCode, second.statusCode]).not.toContain(429);
    expect(expectLimited(await report(subjects[2]!), 'reports')).toBeLessThanOrEqual(60);
  });

  it('resume uploads: RESUME_UPLOADS_PER_HOUR per user', async () => {
    const who = await t.signIn('Many Resumes');
    for (let i = 0; i < 2; i++) expect((await uploadResume(who, pdfBytes(`r${i}`))).statusCode).toBe(201);
    const retry = expectLimited(
      await uploadResume(who, pdfBytes('third')),
      'resume upload',
      'You have uploaded 2 resumes in the last hour. Please try again later.',
    );
    expect(retry).toBeGreaterThan(3500);
    expect(retry).toBeLessThanOrEqual(3600);
  });

  it('company changes: COMPANY_CHANGE_RATE_LIMIT a minute per user, over both routes that change it', async () => {
    const who = await t.signIn('Company Hopper');
    const change = (name: string) =>
      who.put(`/api/users/${who.user.id}/current-company`, { companyName: name });
    expect((await change('Hop One Ltd')).statusCode).toBe(200);
    expect((await who.put(`/api/users/${who.user.id}/not-working`, { notWorking: true })).statusCode).toBe(
      200,
    );
    const retry = expectLimited(await change('Hop Two Ltd'), 'company change');
    expect(retry).toBeLessThanOrEqual(60);
  });

  it('referral requests: REQUESTS_PER_DAY per seeker', async () => {
    const who = await t.signIn('Eager Seeker');
    const send = () =>
      who.post('/api/referral-requests', requestBody({ companyId: 21, jobUrl: jobUrl('jobs.example') }));
    expect((await send()).statusCode).toBe(201);
    const retry = expectLimited(await send(), 'daily requests', /at most 1 referral requests? a day/);
    expect(retry).toBeGreaterThan(24 * 3600 - 120);
  });

  describe('work-email verification', () => {
    let seq = 0;
    const workEmail = () => `limit${++seq}-${Date.now()}@mail.google.com`;

    it('codes: 3 an hour per referrer', async () => {
      const ref = await signInReferrer(t, 'Code Collector', 'Google');
      for (let i = 0; i < 3; i++) {
        expect((await ref.post('/api/referrer/verification', { workEmail: workEmail() })).statusCode).toBe(
          200,
        );
      }
      const retry = expectLimited(
        await ref.post('/api/referrer/verification', { workEmail: workEmail() }),
        'verification codes',
        /3 codes in the last hour/,
      );
      expect(retry).toBeLessThanOrEqual(3600);
    });

    it('tries: 5 wrong codes, then the code is spent; Retry-After says when a new one may be asked for', async () => {
      const ref = await signInReferrer(t, 'Wrong Guesser', 'Google');
      expect((await ref.post('/api/referrer/verification', { workEmail: workEmail() })).statusCode).toBe(200);
      // One six-digit code in a million: '000000' and '111111' cannot both be it.
      const answers: LightMyRequestResponse[] = [];
      for (const code of ['000000', '111111', '000000', '111111', '000000', '111111']) {
        answers.push(await ref.post('/api/referrer/verification/confirm', { code }));
      }
      const limited = answers.filter((a) => a.statusCode === 429);
      expect(limited.length).toBeGreaterThanOrEqual(1);
      for (const res of limited) {
        // Two codes of this hour's three are left: a new one may be asked for at once.
        expect(expectLimited(res, 'verification tries', /ask for a new (one|code)/)).toBe(1);
      }
    });

    it('tries, when the hour’s codes are spent too: Retry-After is the wait for the next code', async () => {
      const ref = await signInReferrer(t, 'Out Of Codes', 'Google');
      for (let i = 0; i < 3; i++) {
        expect((await ref.post('/api/referrer/verification', { workEmail: workEmail() })).statusCode).toBe(
          200,
        );
      }
      let last: LightMyRequestResponse | undefined;
      for (const code of ['000000', '111111', '000000', '111111', '000000', '111111']) {
        last = await ref.post('/api/referrer/verification/confirm', { code });
      }
      const retry = expectLimited(last!, 'verification tries', /ask for a new one/);
      expect(retry).toBeGreaterThan(3000);
      expect(retry).toBeLessThanOrEqual(3600);
    });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('the company-change budget across instances sharing Redis', () => {
  it('counts both routes on both instances as one budget', async () => {
    const env = {
      REDIS_URL: redisUrl!,
      REDIS_KEY_PREFIX: `referbridge-test:${randomUUID()}:`,
      COMPANY_CHANGE_RATE_LIMIT: '2',
    };
    const a = await createTestApp('pglite', { referralSweep: false }, env);
    const b = await createTestApp('pglite', { referralSweep: false }, env, a);
    try {
      const who = await a.signIn('Two Instances');
      const onB = (url: string, body: unknown) =>
        b.app.inject({
          method: 'PUT',
          url,
          headers: {
            cookie: who.browser.cookieHeader(),
            origin: PUBLIC_URL,
            'content-type': 'application/json',
          },
          payload: JSON.stringify(body),
        });
      expect(
        (await who.put(`/api/users/${who.user.id}/current-company`, { companyName: 'Redis One' })).statusCode,
      ).toBe(200);
      expect((await onB(`/api/users/${who.user.id}/not-working`, { notWorking: true })).statusCode).toBe(200);
      expectLimited(
        await onB(`/api/users/${who.user.id}/current-company`, { companyName: 'Redis Two' }),
        'company change on the other instance',
      );
    } finally {
      await b.close();
      await a.close();
    }
  });
});

/** One tab of the web app, by docs/product.md, Limits and src/web: what it asks for, and how often. */
interface Poll {
  url: string;
  everyMs: number;
}

/** src/web/features/notifications/api/notification-keys.ts and use-notification-stream.ts, src/web/lib/auth.ts. */
const TAB_POLLS: Poll[] = [
  { url: '/api/notifications/unread-count', everyMs: 60_000 },
  { url: '/api/notifications/recent', everyMs: 60_000 },
  // The full list polls on the notifications page only; every tab is assumed to be there.
  { url: '/api/notifications?limit=20', everyMs: 120_000 },
  // Cached five minutes: refetched at most that often (on a screen change once stale).
  { url: '/auth/status', everyMs: 5 * 60_000 },
  // The live stream, reopened 30 s after each drop: as if a proxy cut it every time.
  { url: '/api/notifications/stream', everyMs: 30_000 },
];

const MINUTES = 10;
const TAB_OFFSETS_MS = [0, 11_000, 23_000];

describe.each(testDatabases)('three tabs polling at the rates of docs/product.md, Limits (%s)', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    // The limits as shipped: the test app's usual sign-in allowance is put back to the default.
    const shipped = loadConfig({ NODE_ENV: 'test', PUBLIC_URL });
    t = await createTestApp(
      kind,
      { referralSweep: false },
      { AUTH_RATE_LIMIT: String(shipped.authRateLimit) },
    );
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(() => t.close());

  /** One GET from the signed-in browser; a stream is opened, answered and closed at once. */
  async function poll(browser: Browser, url: string): Promise<number> {
    if (url.endsWith('/stream')) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: browser.cookieHeader(), accept: 'text/event-stream' },
        payloadAsStream: true,
      });
      res.stream().destroy();
      return res.statusCode;
    }
    return (await browser.request({ method: 'GET', url })).statusCode;
  }

  it('never sees a 429 when a whole window’s worst case arrives at once', async () => {
    // The limits count in one-minute windows (the resume limit in hours, which polling never touches).
    // In any window a poll every p ms fires at most ceil(60 s / p) + 1 times, allowing for timer drift.
    const browser = (await t.signIn('Burst Tabs', `burst-${Date.now()}@example.com`)).browser;
    const requests: string[] = [];
    for (let tab = 0; tab < TAB_OFFSETS_MS.length; tab++) {
      for (const { url, everyMs } of TAB_POLLS) {
        const times = Math.ceil(60_000 / everyMs) + 1;
        for (let i = 0; i < times; i++) requests.push(url);
      }
    }
    const statuses = await Promise.all(requests.map((url) => poll(browser, url)));
    const refused = requests.filter((_, i) => statuses[i] !== 200);
    expect(refused).toEqual([]);
    expect(requests).toHaveLength(3 * (2 + 2 + 2 + 2 + 3));
  });

  it(`never sees a 429 in ${MINUTES} simulated minutes, sign-in included`, async () => {
    // Only Date is simulated: the limits count windows by Date.now(); the databases keep real timers.
    vi.useFakeTimers({ toFake: ['Date'] });
    // Past the window the test before used, so this one starts with every count at zero.
    const start = Date.now() + 120_000;
    vi.setSystemTime(start);
    const user = await t.signIn('Three Tabs');
    // After the popup closes, each open tab asks who is signed in.
    const events: { at: number; url: string }[] = [];
    for (const offset of TAB_OFFSETS_MS) {
      for (const { url, everyMs } of TAB_POLLS) {
        for (let at = offset; at < MINUTES * 60_000; at += everyMs) events.push({ at, url });
      }
    }
    events.sort((a, b) => a.at - b.at);
    const answers = new Map<string, number[]>();
    for (const { at, url } of events) {
      vi.setSystemTime(start + at);
      const status = await poll(user.browser, url);
      answers.set(url, [...(answers.get(url) ?? []), status]);
    }
    for (const [url, statuses] of answers) {
      expect(
        statuses.filter((s) => s !== 200),
        url,
      ).toEqual([]);
    }
    expect(events.length).toBeGreaterThan(3 * MINUTES * 4);
  });
});
