import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, companyWithReferrers, currentReferral } from '../../../testing/handoff-fixtures.js';
import { createTestApp, testDatabases, type TestApp } from '../../../testing/test-app.js';

/** Issue 24 item 8: the referral packet, and the candidate id given with a submit. */
describe.each(testDatabases)('the referral packet (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false });
  });
  afterAll(() => t.close());

  it('gives the referrer holding it every field and one text to paste; everyone else 404', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Rita Ref');
    const rita = referrers[0]!;
    const seeker = await t.signIn('Sam Packet', `sam.packet.${Date.now()}@example.com`);
    const stranger = await t.signIn('Sid Stranger');
    const requestId = await ask(seeker, company);
    const referral = (await currentReferral(t, requestId))!;
    const url = `/api/referrals/${referral.id}/packet`;

    const res = await rita.get(url);
    expect(res.statusCode).toBe(200);
    const packet = res.json();
    expect(packet).toMatchObject({
      candidateName: 'Sam Packet',
      candidateEmail: seeker.user.email,
      company,
      resumeUrl: null,
    });
    expect(packet.text).toContain(`Candidate: Sam Packet\nEmail: ${seeker.user.email}\nPosition: `);
    expect(packet.text).toContain(`Posting: ${packet.jobUrl}`);
    for (const who of [seeker, stranger]) expect((await who.get(url)).statusCode).toBe(404);

    // Submitted with the company's candidate id: both sides' lists carry it.
    expect((await rita.put(`/api/referrals/${referral.id}/status`, { status: 'accepted' })).statusCode).toBe(
      200,
    );
    const early = await rita.put(`/api/referrals/${referral.id}/status`, {
      status: 'successful',
      candidateId: 'X',
    });
    expect(early.statusCode).toBe(400);
    const submitted = await rita.put(`/api/referrals/${referral.id}/status`, {
      status: 'submitted',
      candidateId: '  R-4711  ',
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.json().candidateId).toBe('R-4711');
    const mine = (await seeker.get('/api/referral-requests')).json() as {
      id: number;
      referral: { candidateId: string };
    }[];
    expect(mine.find((r) => r.id === requestId)?.referral.candidateId).toBe('R-4711');
    expect((await rita.get(url)).json().text).toContain('Candidate: Sam Packet');
  });

  it('is gone once the seeker withdrew', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Wanda Ref');
    const seeker = await t.signIn('Will Withdraws');
    const requestId = await ask(seeker, company);
    const referral = (await currentReferral(t, requestId))!;
    expect((await seeker.post(`/api/referral-requests/${requestId}/withdraw`)).statusCode).toBe(200);
    expect((await referrers[0]!.get(`/api/referrals/${referral.id}/packet`)).statusCode).toBe(404);
  });
});
