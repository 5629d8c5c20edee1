import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EducationSchema, ExperienceSchema } from '../../../shared/profile.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../testing/test-app.js';
import { education, experience } from '../../testing/profile-fixtures.js';

describe.each(testDatabases)('own profile items (%s)', (kind) => {
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

  describe('work experience', () => {
    it('adds, lists, changes and deletes an experience', async () => {
      const created = await alice.post('/api/user/experiences', experience);
      expect(created.statusCode).toBe(201);
      const item = ExperienceSchema.parse(created.json());
      expect(item).toMatchObject({ ...experience, description: '* built things' });

      const changed = await alice.put(`/api/user/experiences/${item.id}`, {
        ...experience,
        id: item.id,
        jobTitle: 'Senior Engineer',
        currentlyWorking: true,
      });
      expect(changed.statusCode).toBe(200);
      // A current job has no end date, whatever the form sent.
      expect(changed.json()).toMatchObject({
        id: item.id,
        jobTitle: 'Senior Engineer',
        currentlyWorking: true,
        endDate: null,
      });

      const list = z.array(ExperienceSchema).parse((await alice.get('/api/user/experiences')).json());
      expect(list.map((e) => e.id)).toContain(item.id);

      const deleted = await alice.del(`/api/user/experiences/${item.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ success: true });
      expect((await alice.get('/api/user/experiences')).json()).not.toContainEqual(
        expect.objectContaining({ id: item.id }),
      );
    });

    it('lists by order, then newest start date first', async () => {
      const browser = await t.signIn();
      for (const [startDate, order] of [
        ['2015-01-01', 0],
        ['2021-03-01', 0],
        ['2010-01-01', 1],
        ['2018-01-01', 0],
      ] as const) {
        await browser.post('/api/user/experiences', {
          ...experience,
          startDate,
          endDate: null,
          order,
        });
      }
      const list = z.array(ExperienceSchema).parse((await browser.get('/api/user/experiences')).json());
      expect(list.map((e) => e.startDate)).toEqual(['2021-03-01', '2018-01-01', '2015-01-01', '2010-01-01']);
    });

    it('refuses bad input with the sentences of docs/product.md, Validation and saves nothing', async () => {
      const browser = await t.signIn();
      const cases: [unknown, string][] = [
        [{ ...experience, companyName: '   ' }, 'Company name is required'],
        [{ ...experience, companyName: undefined }, 'Company name is required'],
        [{ ...experience, jobTitle: '' }, 'Job title is required'],
        [{ ...experience, startDate: '' }, 'Start date is required'],
        [{ ...experience, startDate: undefined }, 'Start date is required'],
        [{ ...experience, companyName: 42 }, 'Company name is required'],
        [{ ...experience, companyName: 'x'.repeat(201) }, 'Company name must be at most 200 characters'],
        [{ ...experience, description: 'x'.repeat(5001) }, 'Description must be at most 5000 characters'],
        [{ ...experience, startDate: '2020-13-01' }, 'Use a real calendar date'],
        [{ ...experience, startDate: 'last year' }, 'Use a date like 2024-01-01'],
        [{ ...experience, endDate: '2019-01-01' }, 'End date cannot be before the start date'],
      ];
      for (const [payload, message] of cases) {
        const res = await browser.post('/api/user/experiences', payload);
        expect(res.statusCode, message).toBe(400);
        expect(res.json().error).toBe(message);
      }
      for (const payload of [
        { ...experience, currentlyWorking: 'yes' },
        { ...experience, order: -1 },
        { ...experience, order: 1.5 },
      ]) {
        expect((await browser.post('/api/user/experiences', payload)).statusCode).toBe(400);
      }
      expect((await browser.get('/api/user/experiences')).json()).toEqual([]);
    });

    it("answers 404 for another user's experience and leaves it unchanged", async () => {
      const item = ExperienceSchema.parse((await alice.post('/api/user/experiences', experience)).json());
      const put = await bob.put(`/api/user/experiences/${item.id}`, {
        ...experience,
        jobTitle: 'Hacked',
      });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ error: 'Experience not found.' });
      const del = await bob.del(`/api/user/experiences/${item.id}`);
      expect(del.statusCode).toBe(404);
      expect(del.json()).toEqual({ error: 'Experience not found.' });
      const mine = z.array(ExperienceSchema).parse((await alice.get('/api/user/experiences')).json());
      expect(mine.find((e) => e.id === item.id)).toEqual(item);
      expect((await bob.get('/api/user/experiences')).json()).toEqual([]);
    });
  });

  describe('education', () => {
    it('adds, lists, changes and deletes an education entry', async () => {
      const created = await alice.post('/api/user/education', education);
      expect(created.statusCode).toBe(201);
      const item = EducationSchema.parse(created.json());
      // An empty description is stored as "none".
      expect(item).toMatchObject({ ...education, description: null, currentlyStudying: false });

      const changed = await alice.put(`/api/user/education/${item.id}`, {
        ...education,
        id: item.id,
        degree: 'MSc',
      });
      expect(changed.statusCode).toBe(200);
      expect(changed.json()).toMatchObject({ id: item.id, degree: 'MSc' });

      const deleted = await alice.del(`/api/user/education/${item.id}`);
      expect(deleted.json()).toEqual({ success: true });
      expect((await alice.get('/api/user/education')).json()).not.toContainEqual(
        expect.objectContaining({ id: item.id }),
      );
    });

    it('lists by order, then newest end date first with a missing end date counting as now', async () => {
      const browser = await t.signIn();
      for (const endDate of ['2012-06-01', null, '2019-06-01']) {
        await browser.post('/api/user/education', { ...education, startDate: null, endDate });
      }
      const list = z.array(EducationSchema).parse((await browser.get('/api/user/education')).json());
      expect(list.map((e) => e.endDate)).toEqual([null, '2019-06-01', '2012-06-01']);
    });

    it('refuses bad input with the sentences of docs/product.md, Validation', async () => {
      const cases: [unknown, string][] = [
        [{ ...education, instituteName: ' ' }, 'Institution name is required'],
        [{ ...education, degree: '' }, 'Degree is required'],
        [{ ...education, major: undefined }, 'Major is required'],
        [{ ...education, major: 'm'.repeat(201) }, 'Major must be at most 200 characters'],
        [{ ...education, endDate: '2010-01-01' }, 'End date cannot be before the start date'],
        [{ ...education, startDate: '2020-02-30' }, 'Use a real calendar date'],
      ];
      for (const [payload, message] of cases) {
        const res = await alice.post('/api/user/education', payload);
        expect(res.statusCode, message).toBe(400);
        expect(res.json().error).toBe(message);
      }
    });

    it("answers 404 for another user's education entry and leaves it unchanged", async () => {
      const item = EducationSchema.parse((await alice.post('/api/user/education', education)).json());
      const put = await bob.put(`/api/user/education/${item.id}`, { ...education, degree: 'PhD' });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ error: 'Education not found.' });
      expect((await bob.del(`/api/user/education/${item.id}`)).statusCode).toBe(404);
      const mine = z.array(EducationSchema).parse((await alice.get('/api/user/education')).json());
      expect(mine.find((e) => e.id === item.id)).toEqual(item);
    });
  });
});
