import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountExportSchema } from '../../../../shared/account.js';
import {
  ALREADY_APPLIED_TEXTS,
  RELATIONSHIP_ANSWERS,
  RELATIONSHIP_ERRORS,
} from '../../../../shared/referral-honesty.js';
import {
  CreateReferralRequestResultSchema,
  ReferralPacketSchema,
  ReferralRequestListSchema,
  ReferralSchema,
} from '../../../../shared/referrals.js';
import { companyWithReferrers, currentReferral } from '../../../testing/handoff-fixtures.js';
import { requestBody } from '../../../testing/referral-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';

/**
 * Issue 50 items 2 and 3 (docs/decisions/082-already-applied-and-relationship.md): whether the seeker
 * already applied, and how the referrer knows them, as both lists, the packet and the routes carry them.
 */
describe.each(testDatabases)('already applied, and how the referrer knows the seeker (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false });
  });
  afterAll(() => t.close());

  /** A seeker's request at a fresh company with one referrer; answers both and the referral id. */
  async function asked(body: Record<string, unknown> = {}) {
    const { company, referrers } = await companyWithReferrers(t, 'Rhea Ref');
    const seeker = await t.signIn('Sam Honest', `sam.honest.${Date.now()}.${Math.random()}@example.com`);
    const res = await seeker.post(
      '/api/referral-requests',
      requestBody({ companyId: null, detectedCompanyName: company, ...body }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = CreateReferralRequestResultSchema.parse(res.json());
    const referral = (await currentReferral(t, created.id))!;
    return { seeker, referrer: referrers[0]!, requestId: created.id, referralId: referral.id, created };
  }
  const listOf = async (who: SignedIn, role?: 'referrer') =>
    ReferralRequestListSchema.parse(
      (await who.get(`/api/referral-requests${role ? '?role=referrer' : ''}`)).json(),
    );
  const packetOf = async (who: SignedIn, referralId: number) =>
    ReferralPacketSchema.parse((await who.get(`/api/referrals/${referralId}/packet`)).json());
  const accept = (who: SignedIn, referralId: number, body: Record<string, unknown> = {}) =>
    who.put(`/api/referrals/${referralId}/status`, { status: 'accepted', ...body });
  const relate = (who: SignedIn, referralId: number, relationship: unknown) =>
    who.put(`/api/referrals/${referralId}/relationship`, { relationship });

  it.each([
    [true, 'Already applied: yes'],
    [false, 'Already applied: no'],
  ])('keeps alreadyApplied %s on both lists and prints it in the packet', async (answer, line) => {
    const { seeker, referrer, requestId, referralId, created } = await asked({ alreadyApplied: answer });
    expect(created.alreadyApplied).toBe(answer);
    expect((await listOf(seeker)).find((r) => r.id === requestId)?.alreadyApplied).toBe(answer);
    expect((await listOf(referrer, 'referrer')).find((r) => r.id === requestId)?.alreadyApplied).toBe(answer);
    const packet = await packetOf(referrer, referralId);
    expect(packet.alreadyApplied).toBe(answer);
    expect(packet.text.split('\n')).toContain(line);
  });

  it('reads a request that does not say as null, and its packet prints nothing about it', async () => {
    for (const body of [{}, { alreadyApplied: null }]) {
      const { seeker, referrer, requestId, referralId } = await asked(body);
      expect((await listOf(seeker)).find((r) => r.id === requestId)?.alreadyApplied).toBeNull();
      expect((await listOf(referrer, 'referrer')).find((r) => r.id === requestId)?.alreadyApplied).toBeNull();
      const packet = await packetOf(referrer, referralId);
      expect(packet.alreadyApplied).toBeNull();
      expect(packet.text).not.toContain('Already applied');
    }
  });

  it('refuses an alreadyApplied that is not true, false or null with a sentence, saving nothing', async () => {
    const seeker = await t.signIn('Val Vague');
    for (const alreadyApplied of ['yes', 1]) {
      const res = await seeker.post('/api/referral-requests', requestBody({ alreadyApplied }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Say yes or no to whether you already applied, or leave it out.');
    }
    expect(await listOf(seeker)).toEqual([]);
    expect(ALREADY_APPLIED_TEXTS.question).toBe('Have you already applied for this job?');
  });

  it("accepts as 'referbridge_only' when not said: the referral, both lists and the packet carry it", async () => {
    const { seeker, referrer, requestId, referralId } = await asked();
    expect((await packetOf(referrer, referralId)).relationship).toBeNull();
    expect((await packetOf(referrer, referralId)).text).not.toContain('How do you know the candidate?');

    const res = await accept(referrer, referralId);
    expect(res.statusCode).toBe(200);
    expect(ReferralSchema.parse(res.json()).relationship).toBe('referbridge_only');
    const packet = await packetOf(referrer, referralId);
    expect(packet.relationship).toBe('referbridge_only');
    expect(packet.text.split('\n')).toContain(
      `How do you know the candidate? ${RELATIONSHIP_ANSWERS.referbridge_only}`,
    );
    expect((await listOf(seeker)).find((r) => r.id === requestId)?.referral?.relationship).toBe(
      'referbridge_only',
    );
    expect((await listOf(referrer, 'referrer')).find((r) => r.id === requestId)?.referral?.relationship).toBe(
      'referbridge_only',
    );
  });

  it('accepts with the relationship given, and changes it until the referral is submitted', async () => {
    const { seeker, referrer, requestId, referralId } = await asked();
    expect(
      (await accept(referrer, referralId, { relationship: 'worked_together' })).json().relationship,
    ).toBe('worked_together');
    expect((await packetOf(referrer, referralId)).text).toContain(RELATIONSHIP_ANSWERS.worked_together);

    const changed = await relate(referrer, referralId, 'know_personally');
    expect(changed.statusCode).toBe(200);
    expect(ReferralSchema.parse(changed.json())).toMatchObject({
      status: 'accepted',
      relationship: 'know_personally',
    });
    expect((await packetOf(referrer, referralId)).text).toContain(RELATIONSHIP_ANSWERS.know_personally);
    expect((await listOf(seeker)).find((r) => r.id === requestId)?.referral?.relationship).toBe(
      'know_personally',
    );

    const submitted = await referrer.put(`/api/referrals/${referralId}/status`, { status: 'submitted' });
    expect(submitted.json().relationship).toBe('know_personally');
    const late = await relate(referrer, referralId, 'worked_together');
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(RELATIONSHIP_ERRORS.settled('submitted'));
    expect((await currentReferral(t, requestId))?.relationship).toBe('know_personally');
  });

  it('answers 409 before the referral is accepted, and after it was declined', async () => {
    const { referrer, referralId } = await asked();
    const early = await relate(referrer, referralId, 'worked_together');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe(RELATIONSHIP_ERRORS.notAccepted);

    expect(
      (await referrer.put(`/api/referrals/${referralId}/status`, { status: 'declined' })).statusCode,
    ).toBe(200);
    const declined = await relate(referrer, referralId, 'worked_together');
    expect(declined.statusCode).toBe(409);
    expect(declined.json().error).toBe(RELATIONSHIP_ERRORS.settled('declined'));
  });

  it('refuses any other relationship with a sentence, on accepting and on changing it', async () => {
    const { referrer, requestId, referralId } = await asked();
    for (const relationship of ['friends', 42, '']) {
      const res = await accept(referrer, referralId, { relationship });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(RELATIONSHIP_ERRORS.unknown);
    }
    const withDecline = await referrer.put(`/api/referrals/${referralId}/status`, {
      status: 'declined',
      relationship: 'worked_together',
    });
    expect(withDecline.statusCode).toBe(400);
    expect(withDecline.json().error).toBe(RELATIONSHIP_ERRORS.onlyWithAccept);
    expect((await currentReferral(t, requestId))?.status).toBe('pending');

    expect((await accept(referrer, referralId)).statusCode).toBe(200);
    for (const relationship of ['friends', null, undefined]) {
      const res = await relate(referrer, referralId, relationship);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(RELATIONSHIP_ERRORS.unknown);
    }
    expect((await currentReferral(t, requestId))?.relationship).toBe('referbridge_only');
  });

  it("is in both sides' account exports", async () => {
    const { seeker, referrer, requestId, referralId } = await asked({ alreadyApplied: true });
    expect((await accept(referrer, referralId, { relationship: 'know_personally' })).statusCode).toBe(200);
    const exported = async (who: SignedIn) =>
      AccountExportSchema.parse((await who.get('/api/user/export')).json());
    expect((await exported(seeker)).referralRequests).toContainEqual(
      expect.objectContaining({ id: requestId, alreadyApplied: true }),
    );
    expect((await exported(referrer)).referralsAsReferrer).toContainEqual(
      expect.objectContaining({ id: referralId, relationship: 'know_personally' }),
    );
  });

  it('is the holding referrer’s alone: the seeker, another referrer and a stranger get 404 (visitors: the authorisation matrix)', async () => {
    const { seeker, referrer, requestId, referralId } = await asked();
    expect((await accept(referrer, referralId)).statusCode).toBe(200);
    const { referrers } = await companyWithReferrers(t, 'Otto Other');
    const stranger = await t.signIn('Stan Stranger');
    for (const who of [seeker, referrers[0]!, stranger]) {
      const res = await relate(who, referralId, 'worked_together');
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('Referral not found.');
    }
    expect((await relate(referrer, 2_000_000_000, 'worked_together')).statusCode).toBe(404);
    expect((await currentReferral(t, requestId))?.relationship).toBe('referbridge_only');
  });
});
