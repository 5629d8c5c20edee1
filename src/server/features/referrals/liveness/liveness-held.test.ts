import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBody } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type TestApp } from '../../../testing/test-app.js';
import { dueChecksQuery } from './liveness-repo.js';

/**
 * Issue 25 item 6: the liveness sweep skips a request held for its message (it claims pending and accepted
 * ones only); once an admin releases it, its posting is read like any open request's
 * (docs/decisions/039-running-the-marketplace.md).
 */
describe.each(testDatabases)('liveness and held requests (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(
      kind,
      { referralSweep: false, livenessSweep: false },
      { ADMIN_EMAILS: 'boss@example.com' },
    );
  });
  afterAll(() => t.close());

  it('leaves a held request alone until it is released', async () => {
    const admin = await t.signIn('Bo Boss', 'boss@example.com');
    const seeker = await t.signIn('Sam Seeker');
    const res = await seeker.post(
      '/api/referral-requests',
      requestBody({ companyId: null, detectedCompanyName: 'Held Postings Ltd', message: 'PayPal' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id, status } = res.json() as { id: number; status: string };
    expect(status).toBe('held');
    // Every request due within a year, as the sweep would claim them.
    const due = async () =>
      (await dueChecksQuery(t.database.db, new Date(Date.now() + 365 * 24 * 3600_000), 10_000)).map(
        (r) => r.id,
      );
    expect(await due()).not.toContain(id);
    expect((await admin.post(`/api/admin/requests/${id}/release`, {})).statusCode).toBe(200);
    // The query skips rows another transaction holds (SKIP LOCKED, as the sweep claims them), and the
    // release's own follow-up (matching, the posting's first reading) may hold this one for a moment.
    await expect.poll(due).toContain(id);
  });
});
