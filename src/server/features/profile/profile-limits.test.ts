import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuthStatusSchema } from '../../../shared/auth.js';
import { SkillSchema } from '../../../shared/profile.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';
import { education, experience, pdfBytes, uploadResume } from '../../testing/profile-fixtures.js';
import { PROFILE_LIMITS } from './service.js';

const countCodes = (codes: number[]) =>
  codes.reduce<Record<number, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});

describe.each(testDatabases)('profile caps and completion under concurrency (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it(`stores exactly ${PROFILE_LIMITS.skills} of 150 concurrent skill adds; the rest are 409`, async () => {
    const who = await t.signIn('Concurrent Skills');
    const res = await Promise.all(
      Array.from({ length: 150 }, (_, i) => who.post('/api/user/skills', { skill: `skill-${i}` })),
    );
    expect(countCodes(res.map((r) => r.statusCode))).toEqual({ 201: PROFILE_LIMITS.skills, 409: 50 });
    expect(res.find((r) => r.statusCode === 409)?.json()).toEqual({
      error: `You can add at most ${PROFILE_LIMITS.skills} skills.`,
    });
    const stored = z.array(SkillSchema).parse((await who.get('/api/user/skills')).json());
    expect(stored).toHaveLength(PROFILE_LIMITS.skills);
  });

  it(`stores exactly ${PROFILE_LIMITS.experiences} of 70 concurrent experience adds`, async () => {
    const who = await t.signIn('Concurrent Experiences');
    const res = await Promise.all(
      Array.from({ length: 70 }, (_, i) => who.post('/api/user/experiences', { ...experience, order: i })),
    );
    expect(countCodes(res.map((r) => r.statusCode))).toEqual({ 201: PROFILE_LIMITS.experiences, 409: 20 });
    expect((await who.get('/api/user/experiences')).json()).toHaveLength(PROFILE_LIMITS.experiences);
  });

  it(`stores exactly ${PROFILE_LIMITS.education} of 70 concurrent education adds`, async () => {
    const who = await t.signIn('Concurrent Education');
    const res = await Promise.all(
      Array.from({ length: 70 }, (_, i) => who.post('/api/user/education', { ...education, order: i })),
    );
    expect(countCodes(res.map((r) => r.statusCode))).toEqual({ 201: PROFILE_LIMITS.education, 409: 20 });
    expect((await who.get('/api/user/education')).json()).toHaveLength(PROFILE_LIMITS.education);
  });

  describe('profileCompleted follows the data', () => {
    const completeProfile = async (who: SignedIn) => {
      const exp = await who.post('/api/user/experiences', experience);
      const edu = await who.post('/api/user/education', education);
      const a = await who.post('/api/user/skills', { skill: 'Writing' });
      await who.post('/api/user/skills', { skill: 'Editing' });
      expect((await uploadResume(who, pdfBytes())).statusCode).toBe(201);
      const done = await who.put(`/api/users/${who.user.id}/profile-status`, { isCompleted: true });
      expect(done.statusCode).toBe(200);
      return { experienceId: exp.json().id, educationId: edu.json().id, skillId: a.json().id };
    };
    const completedFlag = async (who: SignedIn) =>
      AuthStatusSchema.parse((await who.get('/auth/status')).json()).user?.profileCompleted;

    for (const [item, url] of [
      ['skill', (ids: { skillId: number }) => `/api/user/skills/${ids.skillId}`],
      ['experience', (ids: { experienceId: number }) => `/api/user/experiences/${ids.experienceId}`],
      ['education entry', (ids: { educationId: number }) => `/api/user/education/${ids.educationId}`],
    ] as const) {
      it(`is cleared when deleting a ${item} drops the profile below 100%`, async () => {
        const who = await t.signIn(`Completed ${item}`);
        const ids = await completeProfile(who);
        expect(await completedFlag(who)).toBe(true);
        expect((await who.del(url(ids))).statusCode).toBe(200);
        expect(await completedFlag(who)).toBe(false);
      });
    }

    it('stays set when a delete leaves the profile at 100%', async () => {
      const who = await t.signIn('Still complete');
      await completeProfile(who);
      const extra = await who.post('/api/user/skills', { skill: 'Spare' });
      expect((await who.del(`/api/user/skills/${extra.json().id}`)).statusCode).toBe(200);
      expect(await completedFlag(who)).toBe(true);
    });
  });
});

describe.each(testDatabases)('dates out of range (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses startDate 0000-01-01 with 400 and a sentence', async () => {
    const who = await t.signIn('Ancient Worker');
    const res = await who.post('/api/user/experiences', { ...experience, startDate: '0000-01-01' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: 'Use a year from 1900 to 2100',
      fieldErrors: { startDate: ['Use a year from 1900 to 2100'] },
    });
    expect((await who.get('/api/user/experiences')).json()).toEqual([]);
  });
});
