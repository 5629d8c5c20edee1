import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SkillSchema } from '../../../shared/profile.js';
import { ORIGIN, createTestApp, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';
import { education, experience } from '../../testing/profile-fixtures.js';

describe.each(testDatabases)('own skills, item ids and guards (%s)', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await t.signIn('Alice');
    bob = await t.signIn('Bob');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('skills', () => {
    it('adds trimmed skills in order, refuses a duplicate in any case, and deletes', async () => {
      const browser = await t.signIn();
      const ts = await browser.post('/api/user/skills', { skill: '  TypeScript ' });
      expect(ts.statusCode).toBe(201);
      expect(ts.json()).toMatchObject({ skill: 'TypeScript', proficiency: null });
      await browser.post('/api/user/skills', { skill: 'SQL' });
      await browser.post('/api/user/skills', { skill: 'Go' });

      const dup = await browser.post('/api/user/skills', { skill: 'typescript' });
      expect(dup.statusCode).toBe(409);
      expect(dup.json()).toEqual({ error: 'You already have this skill.' });

      const list = z.array(SkillSchema).parse((await browser.get('/api/user/skills')).json());
      expect(list.map((s) => s.skill)).toEqual(['TypeScript', 'SQL', 'Go']);

      const deleted = await browser.del(`/api/user/skills/${list[1]!.id}`);
      expect(deleted.json()).toEqual({ success: true });
      expect(
        z
          .array(SkillSchema)
          .parse((await browser.get('/api/user/skills')).json())
          .map((s) => s.skill),
      ).toEqual(['TypeScript', 'Go']);
    });

    it('refuses a blank, over-long or non-text skill', async () => {
      for (const [payload, message] of [
        [{ skill: '   ' }, 'Skill is required'],
        [{ skill: 's'.repeat(51) }, 'Skill must be at most 50 characters'],
        [{ skill: 7 }, 'Skill is required'],
        [{}, 'Skill is required'],
      ] as const) {
        const res = await alice.post('/api/user/skills', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(message);
      }
    });

    it("answers 404 for another user's skill and keeps it", async () => {
      const skill = SkillSchema.parse((await alice.post('/api/user/skills', { skill: 'Rust' })).json());
      const del = await bob.del(`/api/user/skills/${skill.id}`);
      expect(del.statusCode).toBe(404);
      expect(del.json()).toEqual({ error: 'Skill not found.' });
      expect((await alice.get('/api/user/skills')).json()).toContainEqual(skill);
    });
  });

  it('answers 404 for unknown ids and 400 for ids that are not positive whole numbers', async () => {
    for (const url of [
      '/api/user/experiences/999999',
      '/api/user/education/999999',
      '/api/user/skills/999999',
    ]) {
      expect((await alice.del(url)).statusCode).toBe(404);
    }
    for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
      const res = await alice.del(`/api/user/experiences/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json()).toMatchObject({ error: 'There is no such item.' });
      expect((await alice.put(`/api/user/education/${id}`, education)).statusCode).toBe(400);
    }
  });

  it('refuses visitors on every route with 401', async () => {
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/user/experiences'],
      ['POST', '/api/user/experiences', experience],
      ['PUT', '/api/user/experiences/1', experience],
      ['DELETE', '/api/user/experiences/1'],
      ['GET', '/api/user/education'],
      ['POST', '/api/user/education', education],
      ['PUT', '/api/user/education/1', education],
      ['DELETE', '/api/user/education/1'],
      ['GET', '/api/user/skills'],
      ['POST', '/api/user/skills', { skill: 'Go' }],
      ['DELETE', '/api/user/skills/1'],
      // Even malformed input: who you are is checked first.
      ['POST', '/api/user/experiences', { companyName: '' }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await t.app.inject({
        method: method as 'GET',
        url,
        headers: { ...ORIGIN, 'content-type': 'application/json' },
        ...(payload ? { payload: JSON.stringify(payload) } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json()).toEqual({ error: 'Please sign in to continue.' });
    }
  });

  it('refuses writes from another origin and non-JSON bodies', async () => {
    const cross = await alice.browser.request({
      method: 'POST',
      url: '/api/user/skills',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: JSON.stringify({ skill: 'Evil' }),
    });
    expect(cross.statusCode).toBe(403);
    const text = await alice.browser.request({
      method: 'POST',
      url: '/api/user/skills',
      headers: { ...ORIGIN, 'content-type': 'text/plain' },
      payload: JSON.stringify({ skill: 'Plain' }),
    });
    expect(text.statusCode).toBe(415);
    const multipartElsewhere = await alice.browser.request({
      method: 'POST',
      url: '/api/user/skills',
      headers: { ...ORIGIN, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(multipartElsewhere.statusCode).toBe(415);
  });
});
