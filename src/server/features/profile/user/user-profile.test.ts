import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AuthStatusSchema, UserSchema } from '../../../../shared/auth.js';
import { CompanySummarySchema } from '../../../../shared/companies.js';
import {
  ORIGIN,
  createTestApp,
  testDatabases,
  type SignedIn,
  type TestApp,
} from '../../../testing/test-app.js';
import { pdfBytes, uploadResume } from '../../../testing/profile-fixtures.js';

describe.each(testDatabases)('profile views and settings (%s)', (kind) => {
  let t: TestApp;
  let alice: SignedIn;
  let bob: SignedIn;
  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = await t.signIn('Alice Example');
    bob = await t.signIn('Bob Example');
  });
  afterAll(async () => {
    await t.close();
  });

  describe('read-only views of /api/users/{id}', () => {
    it('shows the user themself their profile', async () => {
      const { user } = alice;
      await alice.post('/api/user/experiences', {
        companyName: 'Acme',
        jobTitle: 'Dev',
        startDate: '2021-01-01',
      });
      await alice.post('/api/user/education', {
        instituteName: 'Uni',
        degree: 'BA',
        major: 'History',
      });
      await alice.post('/api/user/skills', { skill: 'Writing' });

      const me = await alice.get(`/api/users/${user.id}`);
      expect(me.statusCode).toBe(200);
      expect(UserSchema.parse(me.json())).toEqual(user);
      expect((await alice.get(`/api/users/${user.id}/experiences`)).json()).toEqual(
        (await alice.get('/api/user/experiences')).json(),
      );
      expect((await alice.get(`/api/users/${user.id}/education`)).json()).toEqual(
        (await alice.get('/api/user/education')).json(),
      );
      expect((await alice.get(`/api/users/${user.id}/skills`)).json()).toEqual(
        (await alice.get('/api/user/skills')).json(),
      );
      const noResume = await alice.get(`/api/users/${user.id}/resume/active`);
      expect(noResume.statusCode).toBe(200);
      expect(noResume.json()).toBeNull();
    });

    it('answers another user, and an unknown user, with the same 404', async () => {
      for (const suffix of ['', '/experiences', '/education', '/skills', '/resume/active']) {
        for (const id of [alice.user.id, 987654]) {
          const res = await bob.get(`/api/users/${id}${suffix}`);
          expect(res.statusCode, `${id}${suffix}`).toBe(404);
          expect(res.json()).toEqual({ error: 'Profile not found.' });
        }
      }
    });

    it('refuses visitors with 401 and malformed ids with 400', async () => {
      for (const suffix of ['', '/experiences', '/education', '/skills', '/resume/active']) {
        expect(
          (await t.app.inject({ method: 'GET', url: `/api/users/${alice.user.id}${suffix}` })).statusCode,
        ).toBe(401);
        // Digits only: another spelling of alice's own id is still not an id.
        for (const id of [
          'abc',
          `0x${alice.user.id.toString(16)}`,
          `${alice.user.id}.0`,
          `%20${alice.user.id}`,
          '1e3',
        ]) {
          const bad = await alice.get(`/api/users/${id}${suffix}`);
          expect(bad.statusCode, id).toBe(400);
          expect(bad.json()).toMatchObject({ error: 'There is no such user.' });
        }
      }
    });
  });

  describe('PUT /api/users/{id}/profile-status', () => {
    it('refuses to mark an incomplete profile complete, then accepts once all four parts exist', async () => {
      const carol = await t.signIn('Carol');
      const { user } = carol;
      const url = `/api/users/${user.id}/profile-status`;

      const early = await carol.put(url, { isCompleted: true });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toEqual({
        error:
          'Your profile is 0% complete. Add a work experience, an education entry, at least two skills and a resume before marking it complete.',
      });

      await carol.post('/api/user/experiences', {
        companyName: 'Acme',
        jobTitle: 'Dev',
        startDate: '2021-01-01',
      });
      await carol.post('/api/user/education', {
        instituteName: 'Uni',
        degree: 'BA',
        major: 'History',
      });
      await carol.post('/api/user/skills', { skill: 'Writing' });
      const oneSkill = await carol.put(url, { isCompleted: true });
      expect(oneSkill.statusCode).toBe(409);
      expect(oneSkill.json().error).toBe(
        'Your profile is 50% complete. Add at least two skills and a resume before marking it complete.',
      );

      await carol.post('/api/user/skills', { skill: 'Editing' });
      expect((await uploadResume(carol, pdfBytes())).statusCode).toBe(201);
      const done = await carol.put(url, { isCompleted: true });
      expect(done.statusCode).toBe(200);
      expect(UserSchema.parse(done.json())).toEqual({ ...user, profileCompleted: true });
      const status = AuthStatusSchema.parse((await carol.get('/auth/status')).json());
      expect(status.user?.profileCompleted).toBe(true);

      const undone = await carol.put(url, { isCompleted: false });
      expect(undone.statusCode).toBe(200);
      expect(undone.json()).toMatchObject({ id: user.id, profileCompleted: false });
    });

    it('always accepts false, even for an empty profile', async () => {
      const res = await bob.put(`/api/users/${bob.user.id}/profile-status`, {
        isCompleted: false,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ profileCompleted: false });
    });

    it("refuses to change another user's status, and bad input", async () => {
      const other = await bob.put(`/api/users/${alice.user.id}/profile-status`, {
        isCompleted: false,
      });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ error: 'You can only change your own profile.' });
      for (const payload of [{}, { isCompleted: 'yes' }, { isCompleted: 1 }]) {
        const res = await bob.put(`/api/users/${bob.user.id}/profile-status`, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe('isCompleted must be true or false');
      }
      const visitor = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${bob.user.id}/profile-status`,
        headers: ORIGIN,
        payload: { isCompleted: false },
      });
      expect(visitor.statusCode).toBe(401);
    });
  });

  describe('PUT /api/users/{id}/current-company', () => {
    it('saves the trimmed name and creates the company, which then appears in GET /api/companies', async () => {
      const dan = await t.signIn('Dan');
      const { user } = dan;
      const res = await dan.put(`/api/users/${user.id}/current-company`, {
        companyName: '  Zebra Widgets Ltd ',
      });
      expect(res.statusCode).toBe(200);
      expect(UserSchema.parse(res.json())).toEqual({ ...user, currentCompanyName: 'Zebra Widgets Ltd' });
      const status = AuthStatusSchema.parse((await dan.get('/auth/status')).json());
      expect(status.user?.currentCompanyName).toBe('Zebra Widgets Ltd');

      const companies = z.array(CompanySummarySchema).parse((await dan.get('/api/companies')).json());
      expect(companies.filter((c) => c.name === 'Zebra Widgets Ltd')).toHaveLength(1);

      // A known employer is found, not duplicated; the company Dan left, which nobody names, goes away.
      const before = companies.length;
      await dan.put(`/api/users/${user.id}/current-company`, { companyName: 'infosys' });
      const after = z.array(CompanySummarySchema).parse((await dan.get('/api/companies')).json());
      expect(after).toHaveLength(before - 1);
      expect(after.map((c) => c.name)).not.toContain('Zebra Widgets Ltd');
    });

    it('refuses a blank or over-long name, another user, and visitors', async () => {
      const url = `/api/users/${bob.user.id}/current-company`;
      for (const [payload, message] of [
        [{ companyName: '   ' }, 'Please select or enter a company name'],
        [{}, 'Please select or enter a company name'],
        [{ companyName: 12 }, 'Please select or enter a company name'],
        [{ companyName: 'c'.repeat(201) }, 'Company name must be at most 200 characters'],
      ] as const) {
        const res = await bob.put(url, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toBe(message);
      }
      const other = await bob.put(`/api/users/${alice.user.id}/current-company`, {
        companyName: 'Evil Corp',
      });
      expect(other.statusCode).toBe(403);
      expect(other.json()).toEqual({ error: 'You can only change your own profile.' });
      const aliceNow = UserSchema.parse((await alice.get(`/api/users/${alice.user.id}`)).json());
      expect(aliceNow.currentCompanyName).toBeNull();

      const visitor = await t.app.inject({
        method: 'PUT',
        url,
        headers: ORIGIN,
        payload: { companyName: 'Acme' },
      });
      expect(visitor.statusCode).toBe(401);
    });
  });

  it('documents every profile route in the OpenAPI description', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(z.object({ paths: z.record(z.string(), z.unknown()) }).parse(res.json()).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/user/experiences',
        '/api/user/experiences/{id}',
        '/api/user/education',
        '/api/user/education/{id}',
        '/api/user/skills',
        '/api/user/skills/{id}',
        '/api/user/resume',
        '/api/user/resume/active',
        '/api/users/{id}',
        '/api/users/{id}/experiences',
        '/api/users/{id}/education',
        '/api/users/{id}/skills',
        '/api/users/{id}/resume/active',
        '/api/users/{id}/profile-status',
        '/api/users/{id}/current-company',
        '/api/resumes/{id}/file',
        '/api/companies',
      ]),
    );
  });
});
