import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ReferralRequest } from '../../../../shared/referrals.js';
import { companies, referralRequests, referralStatusChanges, referrals, users } from '../../../db/schema.js';
import { ask, companyWithReferrers, currentReferral } from '../../../testing/handoff-fixtures.js';
import { pdfBytes, uploadResume } from '../../../testing/profile-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';
import { createKeptAnswers } from '../../../lib/kept-answers.js';
import { createFirstPages } from './list-cache.js';
import { listClock, listRequestViews } from './list-repo.js';

/**
 * The lists' first pages kept by their stamp (list-cache.ts, list-stamp.ts): a kept page is answered only
 * while no row it was read from changed, whoever changed it. The changes here are made through the API or
 * straight in the database, never through the cache: it is told of none of them.
 */
describe.each(testDatabases)('first pages kept by their stamp (%s)', (kind) => {
  let t: TestApp;
  let clock = new Date();
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false, now: () => clock }, { DECLINE_UNDO_WINDOW: '3s' });
  });
  afterAll(async () => {
    await t.close();
  });

  const clockNow = () =>
    listClock({
      now: () => clock,
      responseMs: t.config.referralResponseMs,
      declineUndoMs: t.config.declineUndoMs,
    });

  /** A cache of the test's own, counting the pages it had to read and serialise. */
  function pageOf(role: 'seeker' | 'referrer', who: SignedIn, limit = 20) {
    const pages = createFirstPages(t.database.db, createKeptAnswers());
    let built = 0;
    const serialize = (cards: ReferralRequest[]) => {
      built += 1;
      return JSON.stringify(cards);
    };
    return {
      read: async () => (await pages.read(role, who.user.id, limit, clockNow(), serialize)).body,
      fresh: async () =>
        JSON.stringify(await listRequestViews(t.database.db, role, who.user.id, { limit }, clockNow())),
      built: () => built,
    };
  }
  type Page = ReturnType<typeof pageOf>;

  /**
   * A request whose posting has been read: the reading (jobs' readLater) writes the request's row after
   * the answer, which a kept page would rightly be read again for.
   */
  async function askAndRead(seeker: SignedIn, company: string) {
    const requestId = await ask(seeker, company);
    await vi.waitFor(async () => {
      const [row] = await t.database.db
        .select({ checkedAt: referralRequests.jobCheckedAt })
        .from(referralRequests)
        .where(eq(referralRequests.id, requestId));
      expect(row?.checkedAt).not.toBeNull();
    });
    return requestId;
  }

  async function world() {
    const { company, referrers } = await companyWithReferrers(t, 'Rhea Keeper');
    const [rhea] = referrers as [SignedIn];
    const seeker = await t.signIn('Sam Stamp');
    const requestId = await askAndRead(seeker, company);
    const referral = (await currentReferral(t, requestId))!;
    const [request] = await t.database.db
      .select({ companyId: referralRequests.companyId })
      .from(referralRequests)
      .where(eq(referralRequests.id, requestId));
    return { company, companyId: request!.companyId, rhea, seeker, requestId, referral };
  }

  /** Reads the page twice: the second read is answered from the kept text. */
  async function expectKept(page: Page) {
    const first = await page.read();
    const built = page.built();
    expect(await page.read()).toBe(first);
    expect(page.built()).toBe(built);
    expect(first).toBe(await page.fresh());
    return first;
  }

  it('answers the kept page while nothing changed, and reads it again after every kind of change', async () => {
    const { company, companyId, rhea, seeker, requestId, referral } = await world();
    const db = t.database.db;
    const pages = { referrer: pageOf('referrer', rhea), seeker: pageOf('seeker', seeker) };
    // Each change, and which pages show it.
    const changes: Array<[string, Array<keyof typeof pages>, () => Promise<unknown>]> = [
      [
        'the referrer accepts',
        ['referrer', 'seeker'],
        async () => {
          const res = await rhea.put(`/api/referrals/${referral.id}/status`, { status: 'accepted' });
          expect(res.statusCode).toBe(200);
        },
      ],
      [
        "the seeker's name",
        ['referrer'],
        () => db.update(users).set({ fullName: 'Samantha Stamp' }).where(eq(users.id, seeker.user.id)),
      ],
      [
        "the seeker's email",
        ['referrer'],
        () =>
          db
            .update(users)
            .set({ email: `sam.${Date.now()}@example.com` })
            .where(eq(users.id, seeker.user.id)),
      ],
      [
        "the seeker's picture",
        ['referrer'],
        () =>
          db.update(users).set({ profilePicture: '/pictures/sam.png' }).where(eq(users.id, seeker.user.id)),
      ],
      [
        "the referrer's name",
        ['referrer', 'seeker'],
        () => db.update(users).set({ fullName: 'Rhiannon Keeper' }).where(eq(users.id, rhea.user.id)),
      ],
      [
        "the company's name and partnership",
        ['referrer', 'seeker'],
        () =>
          db
            .update(companies)
            .set({ name: `${company} Inc`, isPartner: true })
            .where(eq(companies.id, companyId)),
      ],
      [
        'the seeker uploads a résumé',
        ['referrer', 'seeker'],
        async () => {
          expect((await uploadResume(seeker, pdfBytes('kept'))).statusCode).toBe(201);
        },
      ],
      [
        'the posting is read again',
        ['referrer', 'seeker'],
        () =>
          db
            .update(referralRequests)
            .set({ jobTitle: 'Staff Engineer' })
            .where(eq(referralRequests.id, requestId)),
      ],
      [
        "a step's note in the timeline",
        ['referrer', 'seeker'],
        () =>
          db
            .update(referralStatusChanges)
            .set({ note: 'Sent to the hiring manager' })
            .where(eq(referralStatusChanges.referralId, referral.id)),
      ],
      ['another request is assigned', ['referrer', 'seeker'], () => askAndRead(seeker, company)],
      [
        'a request is erased',
        ['referrer'],
        () => db.update(referralRequests).set({ erasedAt: clock }).where(eq(referralRequests.id, requestId)),
      ],
    ];
    let before = { referrer: await expectKept(pages.referrer), seeker: await expectKept(pages.seeker) };
    for (const [change, shownOn, make] of changes) {
      await make();
      for (const role of ['referrer', 'seeker'] as const) {
        const page = pages[role];
        const built = page.built();
        const now = await page.read();
        expect(now, `${change}: the ${role}'s page`).toBe(await page.fresh());
        if (shownOn.includes(role)) {
          expect(now, `${change} shows on the ${role}'s page`).not.toBe(before[role]);
          expect(page.built(), `${change}: the ${role}'s page read again`).toBe(built + 1);
        }
      }
      before = { referrer: await expectKept(pages.referrer), seeker: await expectKept(pages.seeker) };
    }
  });

  it('keeps a page through a row lock, and per user and page size', async () => {
    const { rhea, seeker, referral } = await world();
    const page = pageOf('referrer', rhea);
    const kept = await expectKept(page);
    // A lock writes nothing: the row keeps its version.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${referrals} where id = ${referral.id} for update`);
    });
    expect(await page.read()).toBe(kept);
    expect(page.built()).toBe(1);
    // The seeker's page and a smaller page are kept apart.
    const pages = createFirstPages(t.database.db, createKeptAnswers());
    const serialize = (cards: ReferralRequest[]) => JSON.stringify(cards);
    const read = async (role: 'seeker' | 'referrer', userId: number, limit: number) =>
      (await pages.read(role, userId, limit, clockNow(), serialize)).body;
    const mine = await read('seeker', seeker.user.id, 20);
    const hers = await read('referrer', rhea.user.id, 20);
    const none = await read('referrer', rhea.user.id, 0);
    expect(JSON.parse(mine)).toHaveLength(1);
    expect(JSON.parse(hers)).toHaveLength(1);
    expect(none).toBe('[]');
    expect(await read('referrer', rhea.user.id, 20)).toBe(hers);
  });

  it('reads the page again when a decline can no longer be undone, with no row changed', async () => {
    const { rhea, referral } = await world();
    const page = pageOf('referrer', rhea);
    const res = await rhea.put(`/api/referrals/${referral.id}/status`, { status: 'declined' });
    expect(res.statusCode).toBe(200);
    const inWindow = JSON.parse(await expectKept(page)) as ReferralRequest[];
    expect(inWindow[0]?.referral?.undoUntil).not.toBeNull();
    clock = new Date(clock.getTime() + 3_500);
    const after = JSON.parse(await page.read()) as ReferralRequest[];
    expect(page.built()).toBe(2);
    expect(after[0]?.referral).toMatchObject({ status: 'declined', undoUntil: null });
    expect(JSON.stringify(after)).toBe(await page.fresh());
  });

  it('in the tests’ apps, fails a kept page that differs from a fresh read', async () => {
    const { rhea } = await world();
    const pages = createFirstPages(t.database.db, createKeptAnswers({ verify: true }));
    const read = async (serialize: (cards: ReferralRequest[]) => string) =>
      (await pages.read('referrer', rhea.user.id, 20, clockNow(), serialize)).body;
    const kept = await read((cards) => JSON.stringify(cards));
    expect(await read((cards) => JSON.stringify(cards))).toBe(kept);
    // What a stamp that missed a change would answer: the kept text, unlike the page read now.
    await expect(
      read((cards) => JSON.stringify(cards.map((card) => ({ ...card, position: 'Changed' })))),
    ).rejects.toThrow('differs from one built afresh');
  });

  it('answers the route with the serialised page as JSON, first pages and later pages alike', async () => {
    const { company, rhea, seeker } = await world();
    await askAndRead(seeker, company);
    for (const path of [
      '/api/referral-requests?role=referrer',
      '/api/referral-requests?role=referrer&limit=1',
    ]) {
      const res = await rhea.get(path);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['cache-control']).toBe('no-store');
    }
    const [first] = (
      await rhea.get('/api/referral-requests?role=referrer&limit=1')
    ).json() as ReferralRequest[];
    const later = await rhea.get(`/api/referral-requests?role=referrer&before=${first!.id}`);
    expect(later.headers['content-type']).toBe('application/json; charset=utf-8');
    const older = later.json() as ReferralRequest[];
    expect(older).toHaveLength(1);
    expect(older[0]!.id).toBeLessThan(first!.id);
    // The kept text is what the route's serializer wrote: the same cards as a fresh read.
    const page = (await rhea.get('/api/referral-requests?role=referrer')).json() as unknown;
    const fresh = await listRequestViews(t.database.db, 'referrer', rhea.user.id, { limit: 20 }, clockNow());
    expect(page).toEqual(JSON.parse(JSON.stringify(fresh)));
  });

  it('sends a kept page compressed as the browser asks, compressed once, and a changed page anew', async () => {
    const { company, rhea, seeker, referral } = await world();
    await askAndRead(seeker, company);
    const path = '/api/referral-requests?role=referrer';
    const plain = await rhea.get(path);
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Past the 1 KiB under which nothing is compressed.
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const compressions = vi.spyOn(zlib, 'brotliCompressSync');
    try {
      const first = await rhea.get(path, { 'accept-encoding': 'gzip, deflate, br' });
      const again = await rhea.get(path, { 'accept-encoding': 'br' });
      for (const res of [first, again]) {
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
        expect(zlib.brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(plain.payload);
      }
      expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
      expect(compressions).toHaveBeenCalledTimes(1);

      const gzipped = await rhea.get(path, { 'accept-encoding': 'gzip' });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(plain.payload);
      const declines: Array<Record<string, string>> = [
        { 'accept-encoding': 'identity' },
        { 'accept-encoding': 'br', 'x-no-compression': '1' },
      ];
      for (const declined of declines) {
        const res = await rhea.get(path, declined);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.payload).toBe(plain.payload);
      }

      // A change: the new page, compressed anew.
      expect(
        (await rhea.put(`/api/referrals/${referral.id}/status`, { status: 'accepted' })).statusCode,
      ).toBe(200);
      const changed = await rhea.get(path, { 'accept-encoding': 'br' });
      const cards = JSON.parse(
        zlib.brotliDecompressSync(changed.rawPayload).toString('utf8'),
      ) as ReferralRequest[];
      expect(cards.find((card) => card.referral?.id === referral.id)?.referral?.status).toBe('accepted');
      expect(cards).toEqual((await rhea.get(path)).json());
      expect(compressions).toHaveBeenCalledTimes(2);
    } finally {
      compressions.mockRestore();
    }
  });
});
