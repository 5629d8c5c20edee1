import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CreateReferralRequestResultSchema,
  ReferralRequestListSchema,
} from '../../../../shared/referrals.js';
import { pdfBytes, uploadResume } from '../../../testing/profile-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';
import { requestBody, signInReferrer } from '../../../testing/referral-fixtures.js';

describe.each(testDatabases)('referral request lists (%s)', (kind) => {
  let t: TestApp;
  let referrer: SignedIn;
  let seeker: SignedIn;
  const ids: number[] = [];
  beforeAll(async () => {
    t = await createTestApp(kind);
    referrer = await signInReferrer(t, 'lena lister', 'Adobe');
    seeker = await t.signIn('Lou Lists');
    for (let i = 0; i < 5; i++) {
      const res = await seeker.post(
        '/api/referral-requests',
        requestBody({ companyId: 9, position: `Role ${i}` }),
      );
      ids.push(CreateReferralRequestResultSchema.parse(res.json()).id);
    }
    // One unassigned request elsewhere, and another seeker's request the referrer does not hold.
    await seeker.post('/api/referral-requests', requestBody({ companyId: 10 }));
    await (await t.signIn('Other Seeker')).post('/api/referral-requests', requestBody({ companyId: 11 }));
  });
  afterAll(async () => {
    await t.close();
  });

  const list = async (who: SignedIn, query = '') => {
    const res = await who.get(`/api/referral-requests${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return ReferralRequestListSchema.parse(res.json());
  };

  it("answers the seeker's own requests, newest first, with company, referral and resume link", async () => {
    const mine = await list(seeker);
    expect(mine).toHaveLength(6);
    expect(mine.every((r) => r.jobSeekerId === seeker.user.id)).toBe(true);
    expect(mine.map((r) => r.id)).toEqual([...mine.map((r) => r.id)].sort((a, b) => b - a));
    expect(mine[0]!.referral).toBeNull();
    expect(mine[1]).toMatchObject({
      company: { id: 9, name: 'Adobe', isPartner: false },
      referral: { referrerId: expect.any(Number), referrerFirstName: 'Lena', status: 'pending' },
      resumeLink: null,
    });
    // The first name is all a seeker learns: not the referrer's id, nor anything else about them.
    expect(JSON.stringify(mine)).not.toContain(referrer.user.email);
    const upload = await uploadResume(seeker, pdfBytes('lists'));
    expect(upload.statusCode).toBe(201);
    const resumeId = (upload.json() as { id: number }).id;
    expect((await list(seeker))[0]!.resumeLink).toBe(`/api/resumes/${resumeId}/file`);
  });

  it('answers a referrer only the requests assigned to them', async () => {
    const held = await list(referrer, '?role=referrer');
    expect(held.map((r) => r.id)).toEqual([...ids].reverse());
    expect(held[0]).toMatchObject({
      jobSeeker: { id: seeker.user.id, fullName: 'Lou Lists', profilePicture: null },
      referral: { referrerId: referrer.user.id },
    });
    expect(await list(referrer)).toEqual([]);
    expect(await list(await t.signIn('Nobody'), '?role=referrer')).toEqual([]);
  });

  it('pages with limit and before on both lists', async () => {
    const newest = [...ids].reverse();
    const page1 = await list(referrer, '?role=referrer&limit=2');
    expect(page1.map((r) => r.id)).toEqual(newest.slice(0, 2));
    const page2 = await list(referrer, `?role=referrer&limit=2&before=${page1[1]!.id}`);
    expect(page2.map((r) => r.id)).toEqual(newest.slice(2, 4));
    const own = await list(seeker, `?limit=3&before=${ids[3]}`);
    expect(own.map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
  });

  it('refuses a bad query with 400', async () => {
    for (const query of ['?limit=0', '?limit=101', '?limit=abc', '?before=-1', '?role=admin']) {
      const res = await seeker.get(`/api/referral-requests${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(typeof res.json().error).toBe('string');
    }
  });

  it('documents every referral route under the referrals tag', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const Doc = z.object({
      paths: z.record(z.string(), z.record(z.string(), z.object({ tags: z.array(z.string()).optional() }))),
    });
    const { paths } = Doc.parse(res.json());
    const routes: [string, string][] = [
      ['/api/referral-requests', 'post'],
      ['/api/referral-requests', 'get'],
      ['/api/referrals/{referralId}/status', 'put'],
      ['/api/users/{id}/willingness-to-give-referrals', 'put'],
    ];
    for (const [path, method] of routes) expect(paths[path]?.[method]?.tags, path).toEqual(['referrals']);
  });
});
