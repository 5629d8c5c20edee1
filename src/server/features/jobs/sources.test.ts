import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { atsTarget, type AtsApis } from './sources.js';

const APIS: AtsApis = {
  greenhouseApiUrl: 'https://boards-api.greenhouse.io',
  leverApiUrl: 'https://api.lever.co',
  ashbyApiUrl: 'https://api.ashbyhq.com',
  workableApiUrl: 'https://apply.workable.com',
};

/** Where each ATS's API answers, as built from a posting's URL: its fixed parts and its variable ones. */
const SHAPES = [
  /^\/v1\/boards\/([^/]+)\/jobs\/(\d+)$/,
  /^\/v0\/postings\/([^/]+)\/([^/]+)$/,
  /^\/posting-api\/job-board\/([^/]+)$/,
  /^\/api\/v1\/widget\/accounts\/([^/]+)$/,
];
const SEGMENT = /^[A-Za-z0-9](?:[A-Za-z0-9_-]|\.(?!\.)){0,99}$/;

/** The API URL a posting's URL leads to, or undefined when it leads nowhere. */
function apiUrlOf(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  return atsTarget(parsed, APIS)?.apiUrl;
}

/**
 * An API URL stays inside its API's one path: its text is exactly the path URL parsing leaves (nothing a
 * client or a server would resolve as '..' or decode into a slash), with the shape of that API's path and
 * every variable part a plain name.
 */
function staysInside(apiUrl: string): boolean {
  const parsed = new URL(apiUrl);
  if (parsed.origin + parsed.pathname !== apiUrl) return false;
  const shape = SHAPES.map((s) => s.exec(parsed.pathname)).find(Boolean);
  return shape !== undefined && shape !== null && shape.slice(1).every((part) => SEGMENT.test(part!));
}

describe('ATS API URLs from a posting URL (issue 46 item 4)', () => {
  it('reads the ordinary postings of each ATS', () => {
    expect(apiUrlOf('https://boards.greenhouse.io/acme/jobs/123')).toBe(
      'https://boards-api.greenhouse.io/v1/boards/acme/jobs/123',
    );
    expect(apiUrlOf('https://boards.greenhouse.io/embed/job_app?for=acme&token=123')).toBe(
      'https://boards-api.greenhouse.io/v1/boards/acme/jobs/123',
    );
    expect(apiUrlOf('https://careers.acme.com/open?gh_jid=42')).toBe(
      'https://boards-api.greenhouse.io/v1/boards/acme/jobs/42',
    );
    expect(apiUrlOf('https://jobs.lever.co/acme-corp/1f2e3d4c-aaaa-bbbb-cccc-123456789abc')).toBe(
      'https://api.lever.co/v0/postings/acme-corp/1f2e3d4c-aaaa-bbbb-cccc-123456789abc',
    );
    expect(apiUrlOf('https://jobs.ashbyhq.com/ramp/0a1b2c3d-0000-1111-2222-333344445555')).toBe(
      'https://api.ashbyhq.com/posting-api/job-board/ramp',
    );
    expect(apiUrlOf('https://apply.workable.com/acme/j/ABC123DEF/')).toBe(
      'https://apply.workable.com/api/v1/widget/accounts/acme',
    );
  });

  it('refuses every hostile board, site, account and id: dots, encoded dots and slashes, empty parts', () => {
    const hostile = [
      'https://boards.greenhouse.io/embed/job_app?for=..&token=1',
      'https://boards.greenhouse.io/embed/job_app?for=.&token=1',
      'https://boards.greenhouse.io/embed/job_app?for=%2e%2e&token=1',
      'https://boards.greenhouse.io/embed/job_app?for=%2E%2E&token=1',
      'https://boards.greenhouse.io/embed/job_app?for=a%2f..&token=1',
      'https://boards.greenhouse.io/embed/job_app?for=a/../b&token=1',
      'https://boards.greenhouse.io/embed/job_app?for=a..b&token=1',
      'https://boards.greenhouse.io/embed/job_app?for=&token=1',
      'https://boards.greenhouse.io/embed/job_app?for=%00&token=1',
      'https://boards.greenhouse.io/embed/job_app?for=acme%3Fx%3D1&token=1',
      'https://boards.greenhouse.io/embed/job_app?for=acme%23x&token=1',
      'https://careers.acme.com/open?gh_jid=42&for=..',
      'https://careers.acme.com/open?gh_jid=42&for=.hidden',
      'https://careers.acme.com/open?gh_jid=42&for=%2e%2e%2fv1',
      'https://boards.greenhouse.io/../jobs/1',
      'https://boards.greenhouse.io/%2e%2e/jobs/1',
      'https://boards.greenhouse.io/a%2f..%2f/jobs/1',
      'https://boards.greenhouse.io/.acme/jobs/1',
      'https://jobs.lever.co/../1f2e3d4c',
      'https://jobs.lever.co/acme/..',
      'https://jobs.lever.co/acme/%2e%2e',
      'https://jobs.lever.co/acme%2f..%2fx/abc',
      'https://jobs.lever.co/acme/.abc',
      'https://jobs.ashbyhq.com/../abc',
      'https://jobs.ashbyhq.com/%2E%2E/abc',
      'https://jobs.ashbyhq.com/a..b/abc',
      'https://apply.workable.com/../j/ABC/',
      'https://apply.workable.com/%2e%2e/j/ABC/',
      'https://apply.workable.com/acme..x/j/ABC/',
    ];
    for (const url of hostile) {
      const apiUrl = apiUrlOf(url);
      expect(apiUrl === undefined || staysInside(apiUrl), `${url} → ${apiUrl}`).toBe(true);
    }
    // None of these names a plain board: each leads nowhere.
    expect(hostile.map(apiUrlOf).filter(Boolean)).toEqual([]);
  });

  it('keeps any URL whatever its parts inside the API’s own path (property)', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '..',
        '.',
        '%2e',
        '%2E',
        '%2f',
        '%2F',
        '%5c',
        '/',
        '\\',
        '?',
        '#',
        '%00',
        '',
        'acme',
        '123',
        '-',
      ),
      fc.stringMatching(/^[\w.%/-]{0,12}$/),
    );
    const part = fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => p.join(''));
    const url = fc.oneof(
      fc.tuple(part, part).map(([b, id]) => `https://boards.greenhouse.io/${b}/jobs/${id}`),
      fc.tuple(part, part).map(([b, t]) => `https://boards.greenhouse.io/embed/job_app?for=${b}&token=${t}`),
      fc.tuple(part, fc.nat()).map(([b, id]) => `https://careers.acme.com/x?gh_jid=${id}&for=${b}`),
      fc.tuple(part, part).map(([s, id]) => `https://jobs.lever.co/${s}/${id}`),
      fc.tuple(part, part).map(([b, id]) => `https://jobs.ashbyhq.com/${b}/${id}`),
      fc.tuple(part, part).map(([a, c]) => `https://apply.workable.com/${a}/j/${c}/`),
    );
    fc.assert(
      fc.property(url, (u) => {
        const apiUrl = apiUrlOf(u);
        return apiUrl === undefined || staysInside(apiUrl);
      }),
      { numRuns: 2000 },
    );
  });
});
