import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_URL_INVALID_MESSAGE, JobPreviewSchema, type JobPreview } from '../../../shared/jobs.js';
import { createTestApp, type SignedIn, testDatabases, type TestApp } from '../../testing/test-app.js';

/** One local server plays every ATS API and every careers page; nothing here reaches the internet. */
const hits = new Map<string, number>();
const JSON_TYPE = { 'content-type': 'application/json' };
const HTML_TYPE = { 'content-type': 'text/html; charset=utf-8' };

const page = (head: string) => `<!doctype html><html><head>${head}</head><body>Job</body></html>`;
const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

const ROUTES: Record<string, [number, Record<string, string>, string]> = {
  '/v1/boards/acme/jobs/123': [
    200,
    JSON_TYPE,
    JSON.stringify({ id: 123, title: 'Staff Engineer', company_name: 'Acme', location: { name: 'Berlin' } }),
  ],
  '/v1/boards/acme/jobs/404': [404, JSON_TYPE, '{"status":404,"error":"Job not found"}'],
  '/v1/boards/acme/jobs/503': [503, JSON_TYPE, '{}'],
  '/v1/boards/acme/jobs/403': [403, JSON_TYPE, '{}'],
  '/v1/boards/acme/jobs/777': [200, JSON_TYPE, 'not json'],
  '/v0/postings/leverco/5f1c2d3e-aaaa-bbbb-cccc-123456789abc': [
    200,
    JSON_TYPE,
    JSON.stringify({ text: 'Product Designer', categories: { location: 'Remote, EU', team: 'Design' } }),
  ],
  '/v0/postings/leverco/gone-posting': [404, JSON_TYPE, '{"ok":false}'],
  '/posting-api/job-board/ashco': [
    200,
    JSON_TYPE,
    JSON.stringify({
      apiVersion: '1',
      jobs: [
        {
          id: '0b9e6a1c-1111-2222-3333-444455556666',
          title: 'Product Manager',
          location: 'Houston, TX',
          isListed: true,
          jobUrl: 'https://jobs.ashbyhq.com/ashco/0b9e6a1c-1111-2222-3333-444455556666',
        },
      ],
    }),
  ],
  '/api/v1/widget/accounts/workco': [
    200,
    JSON_TYPE,
    JSON.stringify({
      name: 'WorkCo',
      description: null,
      jobs: [
        {
          title: 'Data Analyst',
          shortcode: 'AB12CD34EF',
          city: 'Athens',
          state: 'Attica',
          country: 'Greece',
        },
      ],
    }),
  ],
  '/pages/graph': [
    200,
    HTML_TYPE,
    page(
      ld({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'WebPage', name: 'Careers' },
          {
            '@type': 'JobPosting',
            title: 'Site Reliability Engineer',
            hiringOrganization: { '@type': 'Organization', name: 'Graph &amp; Co' },
            jobLocation: [
              {
                '@type': 'Place',
                address: { addressLocality: 'Lisbon', addressCountry: { name: 'Portugal' } },
              },
            ],
            validThrough: '2999-01-01',
          },
        ],
      }),
    ),
  ],
  '/pages/array': [
    200,
    HTML_TYPE,
    page(
      ld({ '@type': 'Organization', name: 'Noise' }) +
        ld([
          { '@type': 'BreadcrumbList' },
          {
            '@type': ['JobPosting'],
            title: 'Backend Developer',
            hiringOrganization: 'Arr Inc',
            jobLocationType: 'TELECOMMUTE',
          },
        ]),
    ),
  ],
  '/pages/expired': [
    200,
    HTML_TYPE,
    page(ld({ '@type': 'JobPosting', title: 'Old Role', validThrough: '2001-01-01T00:00:00Z' })),
  ],
  '/pages/og': [
    200,
    HTML_TYPE,
    page('<meta property="og:title" content="Senior Chef"><meta property="og:site_name" content="Bistro">'),
  ],
  '/pages/nothing': [200, HTML_TYPE, page('<title>Careers</title>')],
  '/pages/gone': [410, HTML_TYPE, 'gone'],
  '/pages/missing': [404, HTML_TYPE, 'missing'],
  '/pages/busy': [429, HTML_TYPE, 'slow down'],
  '/pages/broken': [500, HTML_TYPE, 'oops'],
  '/pages/image': [200, { 'content-type': 'image/png' }, 'PNG'],
};

let server: http.Server;
let base: string;

describe.each(testDatabases)('GET /api/jobs/preview (%s)', (kind) => {
  let t: TestApp;
  let seeker: SignedIn;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const path = new URL(req.url!, 'http://x').pathname;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      const [status, headers, body] = ROUTES[path] ?? [404, HTML_TYPE, 'no such page'];
      res.writeHead(status, headers).end(body);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    base = `http://${host}`;
    t = await createTestApp(
      kind,
      {},
      {
        JOB_FETCH_ALLOWED_HOSTS: host,
        GREENHOUSE_API_URL: base,
        LEVER_API_URL: base,
        ASHBY_API_URL: base,
        WORKABLE_API_URL: base,
      },
    );
    seeker = await t.signIn('Preview Seeker');
  });
  afterAll(async () => {
    await t.close();
    server.closeAllConnections();
    await new Promise((done) => server.close(done));
  });

  const preview = async (url: string, as: SignedIn = seeker): Promise<JobPreview> => {
    const res = await as.get(`/api/jobs/preview?url=${encodeURIComponent(url)}`);
    expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
    expect(res.headers['cache-control']).toBe('no-store');
    return JobPreviewSchema.strict().parse(res.json());
  };

  it('refuses visitors with 401, and an invalid URL with the sentence of docs/product.md, Messages', async () => {
    const visitor = await t.app.inject({
      method: 'GET',
      url: `/api/jobs/preview?url=${encodeURIComponent('https://boards.greenhouse.io/acme/jobs/123')}`,
    });
    expect(visitor.statusCode).toBe(401);
    for (const bad of [
      '',
      'not a url',
      'ftp://files.example.com/job',
      'javascript:alert(1)',
      'x'.repeat(3000),
    ]) {
      const res = await seeker.get(`/api/jobs/preview?url=${encodeURIComponent(bad)}`);
      expect({ bad, status: res.statusCode, error: res.json().error }).toEqual({
        bad,
        status: 400,
        error: JOB_URL_INVALID_MESSAGE,
      });
    }
  });

  it('reads Greenhouse, Lever, Ashby and Workable through their APIs', async () => {
    expect(await preview('https://boards.greenhouse.io/acme/jobs/123')).toEqual({
      url: 'https://boards.greenhouse.io/acme/jobs/123',
      title: 'Staff Engineer',
      companyName: 'Acme',
      location: 'Berlin',
      status: 'open',
      source: 'greenhouse',
    });
    expect(await preview('https://careers.acme.com/open-roles?gh_jid=123')).toMatchObject({
      title: 'Staff Engineer',
      source: 'greenhouse',
    });
    expect(await preview('https://jobs.lever.co/leverco/5f1c2d3e-aaaa-bbbb-cccc-123456789abc')).toMatchObject(
      {
        title: 'Product Designer',
        companyName: null,
        location: 'Remote, EU',
        status: 'open',
        source: 'lever',
      },
    );
    expect(
      await preview('https://jobs.ashbyhq.com/ashco/0b9e6a1c-1111-2222-3333-444455556666'),
    ).toMatchObject({
      title: 'Product Manager',
      location: 'Houston, TX',
      status: 'open',
      source: 'ashby',
    });
    expect(await preview('https://apply.workable.com/workco/j/AB12CD34EF/')).toMatchObject({
      title: 'Data Analyst',
      companyName: 'WorkCo',
      location: 'Athens, Attica, Greece',
      status: 'open',
      source: 'workable',
    });
  });

  it('reads a JSON-LD JobPosting inside @graph and arrays, else the Open Graph title', async () => {
    expect(await preview(`${base}/pages/graph`)).toMatchObject({
      title: 'Site Reliability Engineer',
      companyName: 'Graph &amp; Co',
      location: 'Lisbon, Portugal',
      status: 'open',
      source: 'json-ld',
    });
    expect(await preview(`${base}/pages/array`)).toMatchObject({
      title: 'Backend Developer',
      companyName: 'Arr Inc',
      location: 'Remote',
      source: 'json-ld',
    });
    expect(await preview(`${base}/pages/og`)).toMatchObject({
      title: 'Senior Chef',
      companyName: 'Bistro',
      status: 'open',
      source: 'open-graph',
    });
  });

  it('says closed on 404, 410, a past validThrough, or a posting gone from its board', async () => {
    for (const url of [
      'https://boards.greenhouse.io/acme/jobs/404',
      'https://jobs.lever.co/leverco/gone-posting',
      'https://jobs.ashbyhq.com/ashco/99999999-0000-0000-0000-000000000000',
      'https://apply.workable.com/workco/j/NOTTHERE1/',
      `${base}/pages/gone`,
      `${base}/pages/missing`,
      `${base}/pages/expired`,
    ]) {
      expect({ url, status: (await preview(url)).status }).toEqual({ url, status: 'closed' });
    }
  });

  it('says unknown, never closed, for every other failure', async () => {
    for (const url of [
      'https://boards.greenhouse.io/acme/jobs/503',
      'https://boards.greenhouse.io/acme/jobs/403',
      'https://boards.greenhouse.io/acme/jobs/777',
      `${base}/pages/busy`,
      `${base}/pages/broken`,
      `${base}/pages/image`,
      `${base}/pages/nothing`,
      // Refused by the guard: a private address, and (tests reach only allowed hosts) any other host.
      'http://10.0.0.1/jobs/1',
      'http://127.0.0.1/jobs/1',
      'https://careers.example.com/jobs/1',
    ]) {
      expect({ url, preview: await preview(url) }).toEqual({
        url,
        preview: { url, title: null, companyName: null, location: null, status: 'unknown', source: null },
      });
    }
  });

  it('answers a repeated URL from the cache, by its normalised form', async () => {
    const first = await preview(
      'https://jobs.ashbyhq.com/ashco/0b9e6a1c-1111-2222-3333-444455556666?utm_source=x',
    );
    const before = hits.get('/posting-api/job-board/ashco') ?? 0;
    const again = await preview('https://jobs.ashbyhq.com/ashco/0b9e6a1c-1111-2222-3333-444455556666#apply');
    expect(hits.get('/posting-api/job-board/ashco')).toBe(before);
    expect(again.title).toBe(first.title);
  });

  it('allows 60 previews a minute per user', async () => {
    const busy = await t.signIn('Busy Previewer');
    const url = `/api/jobs/preview?url=${encodeURIComponent(`${base}/pages/og`)}`;
    for (let i = 0; i < 60; i++) expect((await busy.get(url)).statusCode).toBe(200);
    const refused = await busy.get(url);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Another user's budget is their own.
    expect((await seeker.get(url)).statusCode).toBe(200);
  });
});
