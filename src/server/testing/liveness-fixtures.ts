import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { CreateReferralRequestResultSchema } from '../../shared/referrals.js';
import { companyDirectory } from '../features/companies/companies.js';
import { createJobs } from '../features/jobs/jobs.js';
import { enqueueMail } from '../features/mail/outbox.js';
import { notify } from '../features/notifications/service.js';
import { runLivenessSweep } from '../features/referrals/liveness/liveness-sweep.js';
import type { ReferralDeps } from '../features/referrals/ports.js';
import { createReferrals } from '../features/referrals/referrals.js';
import { inMemoryLimits } from '../plugins/rate-limit-store.js';
import { requestBody } from './referral-fixtures.js';
import type { SignedIn, TestApp } from './test-app.js';

/**
 * Test-only helpers for the job liveness sweep (docs/decisions/032-job-postings.md): local servers on
 * loopback playing Greenhouse's job board API and careers pages, so no test reaches the internet.
 */
export interface PostingServers {
  /** `127.0.0.1:port` of each server, for JOB_FETCH_ALLOWED_HOSTS and page URLs. */
  hosts: string[];
  /** Env for createTestApp: every server allowed, the first one playing Greenhouse's API. */
  env: Record<string, string>;
  /** Sets the status a path answers (a Greenhouse posting is `/v1/boards/{board}/jobs/{id}`); 200 otherwise. */
  answer(path: string, status: number): void;
  hits(path: string): number;
  /** Every request since the last reset: which host, when it arrived, and how many were in flight then. */
  arrivals: { host: string; path: string; at: number }[];
  mostAtOnce(): number;
  reset(): void;
  close(): Promise<void>;
}

export async function startPostingServers(count = 1, delayMs = 0): Promise<PostingServers> {
  const statuses = new Map<string, number>();
  const hits = new Map<string, number>();
  let arrivals: PostingServers['arrivals'] = [];
  let inFlight = 0;
  let most = 0;
  const servers = Array.from({ length: count }, () =>
    http.createServer((req, res) => {
      const path = req.url ?? '/';
      const host = `127.0.0.1:${(req.socket.address() as AddressInfo).port}`;
      hits.set(path, (hits.get(path) ?? 0) + 1);
      arrivals.push({ host, path, at: Date.now() });
      inFlight += 1;
      most = Math.max(most, inFlight);
      const status = statuses.get(path) ?? 200;
      const api = path.startsWith('/v1/boards/');
      setTimeout(() => {
        inFlight -= 1;
        if (status !== 200) return res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
        if (api) {
          return res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ title: `Posting ${path}`, location: { name: 'Berlin' } }));
        }
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<html><head><meta property="og:title" content="Page ${path}"></head></html>`);
      }, delayMs);
    }),
  );
  await Promise.all(servers.map((s) => new Promise<void>((done) => s.listen(0, '127.0.0.1', done))));
  const hosts = servers.map((s) => `127.0.0.1:${(s.address() as AddressInfo).port}`);
  return {
    hosts,
    env: { JOB_FETCH_ALLOWED_HOSTS: hosts.join(','), GREENHOUSE_API_URL: `http://${hosts[0]}` },
    answer: (path, status) => statuses.set(path, status),
    hits: (path) => hits.get(path) ?? 0,
    get arrivals() {
      return arrivals;
    },
    mostAtOnce: () => most,
    reset() {
      arrivals = [];
      most = inFlight;
    },
    async close() {
      for (const s of servers) s.closeAllConnections();
      await Promise.all(servers.map((s) => new Promise((done) => s.close(done))));
    },
  };
}

/** The referral services' dependencies with their own job reader, as one app instance builds them. */
export function livenessDepsOf(t: TestApp): ReferralDeps {
  const db = t.database.db;
  const jobs = createJobs(t.config, { rateLimits: inMemoryLimits, logger: t.app.log });
  return createReferrals(t.config, {
    db,
    companies: companyDirectory,
    jobs: jobs.postings,
    rateLimits: inMemoryLimits,
    notify,
    sendMail: enqueueMail,
    sweep: false,
    livenessSweep: false,
    logger: t.app.log,
  }).deps;
}

/** Runs the liveness sweep as of `ms` after the real now at the test's start. */
export function livenessSweeper(t: TestApp) {
  const start = Date.now();
  const deps = livenessDepsOf(t);
  return {
    deps,
    at: (ms: number) => new Date(start + ms),
    sweep: (ms: number, over: ReferralDeps = deps) =>
      runLivenessSweep(t.database.db, over, new Date(start + ms)),
  };
}

/** A seeker's request for this posting at the company; answers its id. */
export async function askFor(seeker: SignedIn, company: string, jobUrl: string): Promise<number> {
  const res = await seeker.post(
    '/api/referral-requests',
    requestBody({ jobUrl, companyId: null, detectedCompanyName: company }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return CreateReferralRequestResultSchema.parse(res.json()).id;
}

/** The Greenhouse URL a seeker pastes, and the API path the app reads for it. */
export function greenhousePosting(board: string, id: number) {
  return {
    url: `https://boards.greenhouse.io/${board}/jobs/${id}`,
    apiPath: `/v1/boards/${board}/jobs/${id}`,
  };
}
