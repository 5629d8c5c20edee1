/**
 * The crowd's people, made the way real ones are: each signs in through the development provider over HTTP,
 * a tenth become referrers at ten companies, the seekers ask them for referrals, the referrers answer, and
 * both sides write in the threads. Nothing is seeded behind the app's back, so every row is one the app
 * made, with the notifications, timelines and counts that go with it.
 */
import { ReferralRequestListSchema } from '../../src/shared/referrals.js';
import { sessionCookieOverHttp } from '../dev-sign-in.js';

export interface Person {
  /** `name=value`, the session cookie the person's browser sends. */
  cookie: string;
  role: 'seeker' | 'referrer';
  /** The referrals whose thread this person may read. */
  threads: number[];
}

export interface Crowd {
  people: Person[];
  requests: number;
  threads: number;
}

export const COMPANIES = 10;
/** Requests each seeker sends (the crowd: 1,800 from 900 seekers). */
const REQUESTS_PER_SEEKER = 2;
/** Of a referrer's pending requests, how many they accept (the rest they decline): 900 threads of 1,000 slots. */
const ACCEPTED_PER_REFERRER = 9;
/** Calls in flight while the crowd is made. */
const CONCURRENCY = 8;

/** Runs `work` over `items`, `CONCURRENCY` at a time, in order of start. */
async function eachAtOnce<T>(
  items: readonly T[],
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

/** A tiny client for one person: JSON in and out, their cookie, our origin (writes must name it). */
function clientFor(origin: string, cookie: string) {
  return async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: {
        cookie,
        origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
}

export const companyName = (n: number) => `Crowd Company ${n + 1}`;

/** Makes `size` people (a tenth referrers) and their requests, answers and threads on the server at `origin`. */
export async function makeCrowd(origin: string, size: number): Promise<Crowd> {
  const referrers = Math.max(COMPANIES, Math.round(size / 10));
  const people: Person[] = Array.from({ length: size }, (_, i) => ({
    cookie: '',
    role: i < referrers ? 'referrer' : 'seeker',
    threads: [],
  }));
  const idOf = new Map<Person, number>();
  await eachAtOnce(people, async (person, i) => {
    person.cookie = await sessionCookieOverHttp(origin, `person${i}@crowd.example`, `Person ${i}`);
    const status = (await clientFor(origin, person.cookie)('GET', '/auth/status')) as {
      user: { id: number };
    };
    idOf.set(person, status.user.id);
  });

  const referrerPeople = people.filter((p) => p.role === 'referrer');
  await eachAtOnce(referrerPeople, async (person, i) => {
    const call = clientFor(origin, person.cookie);
    const id = idOf.get(person)!;
    await call('PUT', `/api/users/${id}/current-company`, { companyName: companyName(i % COMPANIES) });
    await call('PUT', `/api/users/${id}/willingness-to-give-referrals`, { isWilling: true });
  });

  const seekers = people.filter((p) => p.role === 'seeker');
  let requests = 0;
  await eachAtOnce(seekers, async (person, i) => {
    const call = clientFor(origin, person.cookie);
    for (let n = 0; n < REQUESTS_PER_SEEKER; n++) {
      await call('POST', '/api/referral-requests', {
        jobUrl: `https://careers.crowd.example/jobs/${i}-${n}`,
        position: `Engineer ${n + 1}`,
        message: 'I would love to be referred: my background fits the role well.',
        resumeLink: null,
        companyId: null,
        detectedCompanyName: companyName((i + n * 3) % COMPANIES),
      });
      requests += 1;
    }
  });

  // Each referrer answers what they hold; each accepted referral gets a thread of two messages.
  const seekerOf = new Map<number, Person>([...idOf].map(([person, id]) => [id, person]));
  let threads = 0;
  await eachAtOnce(referrerPeople, async (person) => {
    const call = clientFor(origin, person.cookie);
    const list = ReferralRequestListSchema.parse(await call('GET', '/api/referral-requests?role=referrer'));
    const pending = list.filter((r) => r.referral?.status === 'pending');
    for (const [n, request] of pending.entries()) {
      const referralId = request.referral!.id;
      if (n >= ACCEPTED_PER_REFERRER) {
        await call('PUT', `/api/referrals/${referralId}/status`, { status: 'declined' });
        continue;
      }
      await call('PUT', `/api/referrals/${referralId}/status`, { status: 'accepted' });
      const seeker = seekerOf.get(request.jobSeekerId);
      if (!seeker) throw new Error(`no seeker ${request.jobSeekerId} in the crowd`);
      const thread = `/api/referrals/${referralId}/messages`;
      await clientFor(origin, seeker.cookie)('POST', thread, { body: 'Thank you! Anything I should add?' });
      await call('POST', thread, { body: 'All good: I will submit it this week.' });
      person.threads.push(referralId);
      seeker.threads.push(referralId);
      threads += 1;
    }
  });
  return { people, requests, threads };
}
