import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { referralRequests } from '../../../db/schema.js';
import {
  ask,
  companyWithReferrers,
  currentReferral,
  declineAndSettle,
} from '../../../testing/handoff-fixtures.js';
import { pdfBytes, uploadResume } from '../../../testing/profile-fixtures.js';
import { createTestApp, testDatabases, type SignedIn, type TestApp } from '../../../testing/test-app.js';
import { readResumeLink, resumeLinkExpiry, signResumeLink } from './resume-link.js';

const SECRET = 'x'.repeat(40);
const NOW = new Date('2026-12-06T12:00:00.000Z');

describe('signed résumé links', () => {
  const claims = { referralId: 12, resumeId: 34, expiresAt: Math.floor(NOW.getTime() / 1000) + 60 };

  it('read back what they were signed with, until they expire', () => {
    const token = signResumeLink(SECRET, claims);
    expect(readResumeLink(SECRET, token, NOW)).toEqual(claims);
    expect(readResumeLink(SECRET, token, new Date(NOW.getTime() + 60_000))).toBeUndefined();
  });

  it('open nothing when a part is changed, or under another secret', () => {
    const token = signResumeLink(SECRET, claims);
    const [, resume, expires, signature] = token.split('.');
    for (const forged of [
      `13.${resume}.${expires}.${signature}`,
      `12.35.${expires}.${signature}`,
      `12.${resume}.${Number(expires) + 3600}.${signature}`,
      `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
      `${token}.`,
      '12.34',
      '',
    ]) {
      expect(readResumeLink(SECRET, forged, NOW), forged).toBeUndefined();
    }
    expect(readResumeLink('y'.repeat(40), token, NOW)).toBeUndefined();
  });

  it("expire with the request's retention: from its close, or from now while it is open", () => {
    const day = 86_400_000;
    expect(resumeLinkExpiry(null, NOW, 180 * day)).toBe((NOW.getTime() + 180 * day) / 1000);
    const closed = new Date('2026-10-01T00:00:00.000Z');
    expect(resumeLinkExpiry(closed, NOW, 180 * day)).toBe((closed.getTime() + 180 * day) / 1000);
  });
});

/**
 * Issue 46 item 9: the packet's résumé link opens for the recruiter it is pasted to, with no session, while
 * the referral stands; never after it passed on, after a new résumé, after retention erased the request.
 */
describe.each(testDatabases)("a packet's résumé link (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { referralSweep: false });
  });
  afterAll(() => t.close());

  const linkOf = async (referrer: SignedIn, referralId: number): Promise<string> => {
    const packet = (await referrer.get(`/api/referrals/${referralId}/packet`)).json() as {
      resumeUrl: string;
    };
    expect(packet.resumeUrl).toMatch(/^http:\/\/localhost:3999\/api\/resume-links\/[\w.-]+$/);
    return new URL(packet.resumeUrl).pathname;
  };
  const asVisitor = (path: string) => t.app.inject({ method: 'GET', url: path });

  it('opens for a visitor while the referral stands, and closes when it passes on', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Lena Link', 'Nico Next');
    const [lena, nico] = referrers as [SignedIn, SignedIn];
    const seeker = await t.signIn('Sara Linked');
    const bytes = pdfBytes('sara');
    await uploadResume(seeker, bytes);
    const requestId = await ask(seeker, company);
    const referral = (await currentReferral(t, requestId))!;
    const holder = referral.referrerId === lena.user.id ? lena : nico;
    const link = await linkOf(holder, referral.id);

    const opened = await asVisitor(link);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(opened.headers['content-security-policy']).toContain('sandbox');
    expect(opened.headers['cache-control']).toBe('private, no-store');
    expect(opened.rawPayload.equals(bytes)).toBe(true);
    // The session route still refuses a visitor.
    const resumeId = /^\/api\/resume-links\/\d+\.(\d+)\./.exec(link)![1];
    expect((await asVisitor(`/api/resumes/${resumeId}/file`)).statusCode).toBe(401);

    // A tampered link opens nothing, and says nothing about why.
    const tampered = await asVisitor(link.replace(/\.(\d+)\./, (_, id: string) => `.${Number(id) + 1}.`));
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json()).toEqual({ error: 'This résumé link has expired or no longer opens anything.' });

    // Declined and passed on: the earlier referrer's link is over.
    await declineAndSettle(t, holder, referral.id);
    expect((await asVisitor(link)).statusCode).toBe(404);
  });

  it('closes on a new résumé and when retention erases the request', async () => {
    const { company, referrers } = await companyWithReferrers(t, 'Rhea Link');
    const rhea = referrers[0]!;
    const seeker = await t.signIn('Sven Linked');
    await uploadResume(seeker, pdfBytes('first'));
    const requestId = await ask(seeker, company);
    const referral = (await currentReferral(t, requestId))!;
    const first = await linkOf(rhea, referral.id);
    await uploadResume(seeker, pdfBytes('second'));
    expect((await asVisitor(first)).statusCode).toBe(404);

    const second = await linkOf(rhea, referral.id);
    expect((await asVisitor(second)).statusCode).toBe(200);
    await t.database.db
      .update(referralRequests)
      .set({ erasedAt: new Date() })
      .where(eq(referralRequests.id, requestId));
    expect((await asVisitor(second)).statusCode).toBe(404);
  });
});
