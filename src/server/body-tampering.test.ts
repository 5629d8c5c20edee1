import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referrers, users } from './db/schema.js';
import { buildAuthzWorld, sendAs, type AuthzWorld, type Call } from './testing/authz-world.js';
import { dbText } from './testing/db-digest.js';
import { education, experience } from './testing/profile-fixtures.js';
import { createTestApp, testDatabases, type SignedIn } from './testing/test-app.js';

/**
 * A body says what to change, never who is changing it or what they are: ids, owners, roles, verification,
 * statuses and timestamps smuggled into a write are ignored or refused, and none of them is stored. JSON
 * that reaches for the prototype is refused before any handler sees it.
 */

const MARKER_ID = 987654321;
const MARKER_DATE = '1999-09-09T09:09:09.000Z';

/** Fields no client may set, with values that would show up if anything stored them. */
const SMUGGLED = {
  id: MARKER_ID,
  userId: MARKER_ID,
  user_id: MARKER_ID,
  jobSeekerId: MARKER_ID,
  referrerId: MARKER_ID,
  requestId: MARKER_ID,
  role: 'referrer',
  isVerified: true,
  is_verified: true,
  verificationMethod: 'work-email',
  isAdmin: true,
  status: 'successful',
  createdAt: MARKER_DATE,
  updatedAt: MARKER_DATE,
  email: `smuggled-${MARKER_ID}@example.com`,
};

/** Every write that takes a body, as the web app sends it, for the seeker (the world's owner). */
function writes(w: AuthzWorld): Call[] {
  const me = w.users.owner.user.id;
  return [
    { method: 'POST', url: '/api/user/experiences', body: experience },
    { method: 'PUT', url: `/api/user/experiences/${w.ids.experience}`, body: experience },
    { method: 'POST', url: '/api/user/education', body: education },
    { method: 'PUT', url: `/api/user/education/${w.ids.education}`, body: education },
    { method: 'POST', url: '/api/user/skills', body: { skill: 'Smuggling Detection' } },
    { method: 'PUT', url: `/api/users/${me}/profile-status`, body: { isCompleted: true } },
    { method: 'PUT', url: `/api/users/${me}/not-working`, body: { notWorking: false } },
    { method: 'PUT', url: `/api/users/${me}/current-company`, body: { companyName: 'Tamper Proof Inc' } },
    { method: 'PUT', url: `/api/users/${me}/willingness-to-give-referrals`, body: { isWilling: false } },
    { method: 'PUT', url: '/api/user/settings', body: { emailNotifications: true } },
    { method: 'POST', url: '/api/activity', body: { category: 'navigation', action: 'tamper' } },
    {
      method: 'POST',
      url: '/api/referral-requests',
      body: {
        jobUrl: 'https://jobs.lever.co/tamper-nowhere/1',
        position: 'Engineer',
        message: '',
        resumeLink: null,
        companyId: null,
        detectedCompanyName: 'Tamper Nowhere Ltd',
      },
    },
    { method: 'POST', url: '/api/referrer/verification', body: { workEmail: 'me@example.com' } },
    { method: 'POST', url: '/api/referrer/verification/confirm', body: { code: '123456' } },
    { method: 'DELETE', url: '/api/user', body: { confirmEmail: 'not-my-address@example.com' } },
  ];
}

describe.each(testDatabases)('smuggled fields in write bodies (%s)', (kind) => {
  let w: AuthzWorld;
  let seeker: SignedIn;

  beforeAll(async () => {
    w = await buildAuthzWorld(await createTestApp(kind));
    seeker = w.users.owner;
  });
  afterAll(() => w.t.close());

  it('ignores or refuses ids, owners, roles, verification, statuses and dates in every body', async () => {
    const answers: string[] = [];
    for (const call of writes(w)) {
      const res = await sendAs(seeker, { ...call, body: { ...(call.body as object), ...SMUGGLED } });
      answers.push(`${call.method} ${call.url} ${res.statusCode}`);
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBeLessThan(500);
    }
    // The referrer's own status change: the body may say where it goes, not whose it is.
    const referrer = w.users.assigned;
    const moved = await sendAs(referrer, {
      method: 'PUT',
      url: `/api/referrals/${w.ids.referral}/status`,
      body: { ...SMUGGLED, status: 'accepted' },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().referrerId).toBe(referrer.user.id);

    const stored = await dbText(w.t.database.db);
    expect(stored.includes(String(MARKER_ID)), answers.join('\n')).toBe(false);
    expect(stored.includes('1999-09-09')).toBe(false);
    expect(stored.includes(`smuggled-${MARKER_ID}`)).toBe(false);

    const [me] = await w.t.database.db.select().from(users).where(eq(users.id, seeker.user.id));
    expect(me?.role).toBe('job_seeker');
    expect(me?.email).toBe(w.ownerEmail);
    const referrerRows = await w.t.database.db
      .select()
      .from(referrers)
      .where(eq(referrers.userId, seeker.user.id));
    expect(referrerRows.every((row) => !row.isVerified)).toBe(true);
  });

  it.each([
    ['__proto__', '{"skill":"Proto","__proto__":{"polluted":"yes"}}'],
    ['constructor.prototype', '{"skill":"Ctor","constructor":{"prototype":{"polluted":"yes"}}}'],
    [
      'a nested __proto__',
      '{"category":"navigation","action":"x","details":{"__proto__":{"polluted":"yes"}}}',
    ],
  ])('refuses a body with %s with a sentence, and pollutes nothing', async (_label, payload) => {
    const url = payload.includes('category') ? '/api/activity' : '/api/user/skills';
    const before = await dbText(w.t.database.db);
    const res = await seeker.browser.request({
      method: 'POST',
      url,
      headers: { origin: w.t.config.publicUrl, 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatch(/^[A-Z].*\.$/);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await dbText(w.t.database.db)).toBe(before);
  });
});
