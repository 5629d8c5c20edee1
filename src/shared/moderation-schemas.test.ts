import { describe, expect, it } from 'vitest';
import { CompanyEmailDomainsInputSchema } from './admin.js';
import { AuthStatusSchema, SUSPENDED_SIGN_IN } from './auth.js';
import { BlockStateSchema } from './blocks.js';
import { PRODUCT_NAME, SUPPORT_EMAIL } from './brand.js';
import {
  HeldMessageIdParamsSchema,
  HeldMessageListQuerySchema,
  HeldRequestIdParamsSchema,
  HeldRequestListQuerySchema,
  RejectHeldInputSchema,
  ReleaseHeldInputSchema,
} from './held-review.js';
import {
  REFERRAL_MESSAGE_TEXTS,
  ReferralMessageInputSchema,
  ReferralMessageSchema,
} from './referral-messages.js';
import { RELATIONSHIP_ERRORS } from './referral-honesty.js';
import { DECLINE_REASON_ERRORS } from './referral-texts.js';
import { UpdateReferralStatusInputSchema } from './referrals.js';
import {
  AdminReportQueueQuerySchema,
  REPORT_REASON_LABELS,
  ReportIdParamsSchema,
  ReportInputSchema,
  ResolveReportInputSchema,
} from './reports.js';
import { SuccessSchema } from './success.js';

// Fixed examples of the shared rules of issues 24 and 25 (reports, held requests and messages, threads, a
// referral's move, company domains), which no test under src/shared loaded before (docs/quality.md, the
// `shared` module): each names the input and the exact outcome.

/** The first message a schema gives for an input, or 'ok'. */
function verdict(
  schema: { safeParse(value: unknown): { success: boolean; error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  if (result.success) return 'ok';
  return (result.error as { issues: { message: string }[] }).issues[0]!.message;
}

describe('reports (issue 25 item 2)', () => {
  it('takes a reason and a trimmed note; other needs a note saying what happened', () => {
    expect(ReportInputSchema.parse({ subjectUserId: 7, reason: 'spam' })).toEqual({
      subjectUserId: 7,
      reason: 'spam',
      note: '',
    });
    expect(
      ReportInputSchema.parse({ subjectUserId: 7, requestId: null, reason: 'other', note: ' Rude. ' }),
    ).toEqual({ subjectUserId: 7, requestId: null, reason: 'other', note: 'Rude.' });
    const noNote = "Say what happened in the note when the reason is 'Something else'.";
    expect(verdict(ReportInputSchema, { subjectUserId: 7, reason: 'other' })).toBe(noNote);
    expect(verdict(ReportInputSchema, { subjectUserId: 7, reason: 'other', note: '   ' })).toBe(noNote);
    expect(verdict(ReportInputSchema, { subjectUserId: 7, reason: 'rude' })).toBe(
      "The reason must be 'spam', 'payment', 'harassment', 'fake_referrer' or 'other'.",
    );
    expect(verdict(ReportInputSchema, { subjectUserId: 7, reason: 'spam', note: 'x'.repeat(1000) })).toBe(
      'ok',
    );
    expect(verdict(ReportInputSchema, { subjectUserId: 7, reason: 'spam', note: 'x'.repeat(1001) })).toBe(
      'The note can be at most 1000 characters.',
    );
    expect(verdict(ReportInputSchema, { subjectUserId: 7, reason: 'spam', note: 5 })).toBe(
      'The note must be text.',
    );
  });

  it('takes ids that are positive whole numbers a database integer holds', () => {
    const userId = 'The user id must be a positive whole number.';
    for (const bad of [0, -1, 1.5, 2_147_483_648, '7'])
      expect(verdict(ReportInputSchema, { subjectUserId: bad, reason: 'spam' })).toBe(userId);
    expect(verdict(ReportInputSchema, { subjectUserId: 2_147_483_647, reason: 'spam' })).toBe('ok');
    expect(verdict(ReportInputSchema, { subjectUserId: 7, requestId: 0, reason: 'spam' })).toBe(
      'The request id must be a positive whole number.',
    );
    expect(ReportInputSchema.safeParse({ subjectUserId: 7, reason: 'spam', extra: 1 }).success).toBe(false);
    expect(verdict(ReportIdParamsSchema, { id: 'x' })).toBe('There is no such report.');
    expect(AdminReportQueueQuerySchema.parse({})).toEqual({ limit: 50 });
    expect(verdict(AdminReportQueueQuerySchema, { after: '0' })).toBe(
      'The after cursor must be a report id.',
    );
  });

  it('an admin resolves with an action and an optional trimmed note; the reasons read as labels', () => {
    expect(ResolveReportInputSchema.parse({ action: 'warned' })).toEqual({ action: 'warned', note: '' });
    expect(ResolveReportInputSchema.parse({ action: 'other', note: ' Talked. ' })).toEqual({
      action: 'other',
      note: 'Talked.',
    });
    expect(verdict(ResolveReportInputSchema, { action: 'banned' })).toBe(
      "The action must be 'dismissed', 'warned', 'suspended' or 'other'.",
    );
    expect(verdict(ResolveReportInputSchema, { action: 'warned', note: 'x'.repeat(1001) })).toBe(
      'The note can be at most 1000 characters.',
    );
    expect(verdict(ResolveReportInputSchema, { action: 'warned', note: [] })).toBe('The note must be text.');
    expect(REPORT_REASON_LABELS).toEqual({
      spam: 'Spam',
      payment: 'Offers or asks for money',
      harassment: 'Harassment',
      fake_referrer: 'Not really at the company',
      other: 'Something else',
    });
  });
});

describe('held requests and messages (issue 25 item 6)', () => {
  it('lists only held ones, releases with an optional note and rejects with a reason', () => {
    for (const schema of [HeldRequestListQuerySchema, HeldMessageListQuerySchema]) {
      expect(verdict(schema, { status: 'held' })).toBe('ok');
      expect(schema.parse({ status: 'held' })).toEqual({ status: 'held', limit: 50 });
      expect(schema.parse({ status: 'held', limit: '100', after: '7' })).toEqual({
        status: 'held',
        limit: 100,
        after: 7,
      });
      expect(verdict(schema, { status: 'open' })).toBe(
        "The status must be 'held': only held requests and messages can be listed for now.",
      );
      for (const limit of ['0', '101', 'x', '1.5'])
        expect(verdict(schema, { status: 'held', limit })).toBe(
          'The limit must be a whole number from 1 to 100.',
        );
    }
    expect(verdict(HeldRequestListQuerySchema, { status: 'held', after: 'abc' })).toBe(
      'The after cursor must be a held request id.',
    );
    expect(verdict(HeldMessageListQuerySchema, { status: 'held', after: '-1' })).toBe(
      'The after cursor must be a held message id.',
    );
    expect(ReleaseHeldInputSchema.parse({})).toEqual({ note: null });
    expect(ReleaseHeldInputSchema.parse({ note: ' Fine. ' })).toEqual({ note: 'Fine.' });
    expect(verdict(ReleaseHeldInputSchema, { note: 'x'.repeat(1001) })).toBe(
      'Note must be at most 1000 characters',
    );
    expect(RejectHeldInputSchema.parse({ reason: ' Asks for money. ' })).toEqual({
      reason: 'Asks for money.',
    });
    for (const blank of [{}, { reason: '  ' }])
      expect(verdict(RejectHeldInputSchema, blank)).toBe('Say why in the reason: the user is told it.');
    expect(verdict(RejectHeldInputSchema, { reason: 'x'.repeat(1001) })).toBe(
      'Reason must be at most 1000 characters',
    );
    expect(verdict(HeldRequestIdParamsSchema, { id: '0' })).toBe('There is no such held request.');
    expect(verdict(HeldMessageIdParamsSchema, { id: '0' })).toBe('There is no such held message.');
  });
});

describe('referral threads (issue 24 item 6)', () => {
  it('needs a message, says when a thread closed, and reads older messages as delivered', () => {
    expect(verdict(ReferralMessageInputSchema, { body: '  ' })).toBe('Write a message first.');
    expect(verdict(ReferralMessageInputSchema, { body: 'x'.repeat(1001) })).toBe(
      'Message must be at most 1000 characters',
    );
    expect(REFERRAL_MESSAGE_TEXTS.closed).toBe(
      'This conversation closed 30 days after the referral ended, so it takes no new messages.',
    );
    const message = {
      id: 1,
      mine: true,
      authorFirstName: 'Ada',
      body: 'Hi',
      createdAt: '2026-01-01T00:00:00.000Z',
    };
    expect(ReferralMessageSchema.parse(message)).toEqual({
      ...message,
      status: 'delivered',
      rejectionReason: null,
    });
  });
});

describe('a referral’s move (UpdateReferralStatusInputSchema)', () => {
  const move = (value: Record<string, unknown>) => verdict(UpdateReferralStatusInputSchema, value);

  it('a candidate id goes with submitted, a reason with a decline, and other needs feedback', () => {
    expect(move({ status: 'submitted', candidateId: 'C-1' })).toBe('ok');
    expect(move({ status: 'accepted', candidateId: 'C-1' })).toBe('A candidate id goes with submitted only.');
    expect(move({ status: 'declined', reason: 'not_a_fit' })).toBe('ok');
    expect(move({ status: 'accepted', reason: 'not_a_fit' })).toBe(DECLINE_REASON_ERRORS.onlyWithDecline);
    expect(move({ status: 'declined', reason: 'other' })).toBe(DECLINE_REASON_ERRORS.otherNeedsFeedback);
    expect(move({ status: 'declined', reason: 'other', feedback: '  ' })).toBe(
      DECLINE_REASON_ERRORS.otherNeedsFeedback,
    );
    expect(move({ status: 'declined', reason: 'other', feedback: 'Not hiring juniors.' })).toBe('ok');
    expect(UpdateReferralStatusInputSchema.parse({ status: 'accepted' })).toEqual({
      status: 'accepted',
      feedback: null,
      reason: null,
      candidateId: null,
      relationship: null,
      changes: null,
    });
    expect(move({ status: 'accepted', relationship: 'worked_together' })).toBe('ok');
    expect(move({ status: 'declined', relationship: 'worked_together' })).toBe(
      RELATIONSHIP_ERRORS.onlyWithAccept,
    );
    expect(move({ status: 'accepted', relationship: 'friends' })).toBe(RELATIONSHIP_ERRORS.unknown);
  });

  it('says each wrong part of one move', () => {
    const result = UpdateReferralStatusInputSchema.safeParse({
      status: 'accepted',
      candidateId: 'C-1',
      reason: 'other',
    });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['candidateId', 'A candidate id goes with submitted only.'],
      ['reason', DECLINE_REASON_ERRORS.onlyWithDecline],
      ['feedback', DECLINE_REASON_ERRORS.otherNeedsFeedback],
    ]);
  });
});

describe('company email domains (issue 25)', () => {
  it('reads a domain as an admin types it, once each', () => {
    expect(
      CompanyEmailDomainsInputSchema.parse({ emailDomains: [' @Acme.com. ', 'acme.com', 'eu.acme.test'] }),
    ).toEqual({ emailDomains: ['acme.com', 'eu.acme.test'] });
    expect(CompanyEmailDomainsInputSchema.parse({ emailDomains: [] })).toEqual({ emailDomains: [] });
    // Only a leading @ is dropped: an address is not a domain.
    expect(verdict(CompanyEmailDomainsInputSchema, { emailDomains: ['ada@acme.com'] })).toBe(
      'Each domain must be a domain name such as acme.com: letters, digits, hyphens and dots.',
    );
  });
});

describe('small answers', () => {
  it('the suspended sentence names the support address; the status answer defaults isAdmin to false', () => {
    expect(SUSPENDED_SIGN_IN).toBe(
      `This account is suspended, so it cannot sign in. If you think this is a mistake, write to ${SUPPORT_EMAIL}.`,
    );
    expect(SUPPORT_EMAIL).toBe('support@referbridge.app');
    expect(PRODUCT_NAME).toBe('ReferBridge');
    expect(AuthStatusSchema.parse({ isAuthenticated: false, user: null })).toEqual({
      isAuthenticated: false,
      user: null,
      isAdmin: false,
    });
    expect(SuccessSchema.safeParse({ success: true }).success).toBe(true);
    expect(SuccessSchema.safeParse({ success: false }).success).toBe(false);
    expect(BlockStateSchema.parse({ userId: 3, blocked: true })).toEqual({ userId: 3, blocked: true });
    expect(BlockStateSchema.safeParse({ userId: 3 }).success).toBe(false);
  });
});
