import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeJobUrl } from './job-url-rules';
import { CHANGE_KINDS, CHANGES_ERRORS, MAX_CHANGE_ROUNDS } from './referral-changes';
import {
  canEndReferral,
  canMoveReferral,
  canRequestChanges,
  canResubmit,
  RESUBMIT,
  OPEN_REFERRAL_STATUSES,
  REFERRAL_ENDINGS,
  REFERRAL_TRANSITIONS,
  type ReferralEnding,
  type ReferralStatus,
  ReferralStatusSchema,
  statusLabel,
} from './referral-status';
import { REFERRAL_REQUEST_ERRORS } from './referral-texts';
import { CreateReferralRequestInputSchema, UpdateReferralStatusInputSchema } from './referrals';

describe('referral status machine (docs/product.md, Flows and statuses)', () => {
  it('allows exactly the six referrer transitions', () => {
    const allowed = ReferralStatusSchema.options.flatMap((from) =>
      ReferralStatusSchema.options.filter((to) => canMoveReferral(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'accepted->submitted',
        'pending->accepted',
        'pending->declined',
        'pending->changes_requested',
        'submitted->successful',
        'submitted->unsuccessful',
      ].sort(),
    );
  });

  it('ends at declined, successful and unsuccessful', () => {
    for (const end of ['declined', 'successful', 'unsuccessful'] as const)
      expect(REFERRAL_TRANSITIONS[end]).toEqual([]);
  });

  it('knows expired (set by the hand-off sweep only): a final state no referrer can reach', () => {
    expect(REFERRAL_TRANSITIONS.expired).toEqual([]);
    expect(UpdateReferralStatusInputSchema.safeParse({ status: 'expired' }).success).toBe(false);
    expect(statusLabel('expired')).toBe('Expired');
  });

  it('knows withdrawn (the seeker) and job_closed (the liveness sweep): final, and no referrer may set them', () => {
    for (const end of ['withdrawn', 'job_closed'] as const) {
      expect(REFERRAL_TRANSITIONS[end]).toEqual([]);
      expect(UpdateReferralStatusInputSchema.safeParse({ status: end }).success).toBe(false);
    }
    expect(statusLabel('withdrawn')).toBe('Withdrawn');
    expect(statusLabel('job_closed')).toBe('Posting closed');
  });

  it('ends only open referrals: withdraw and a closed posting before anything was submitted, expiry while pending', () => {
    expect(REFERRAL_ENDINGS).toEqual({
      expired: ['pending'],
      withdrawn: ['pending', 'accepted', 'changes_requested'],
      job_closed: ['pending', 'accepted', 'changes_requested'],
    });
  });
});

describe('status machine properties', () => {
  const status = fc.constantFrom(...ReferralStatusSchema.options);

  it('any walk of allowed moves starts at pending, never returns to pending, and stops at a final status', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 10 }), (choices) => {
        let at: ReferralStatus = 'pending';
        const seen: ReferralStatus[] = [at];
        for (const choice of choices) {
          const next: readonly ReferralStatus[] = REFERRAL_TRANSITIONS[at];
          if (next.length === 0) break;
          at = next[choice % next.length]!;
          seen.push(at);
        }
        expect(seen.slice(1)).not.toContain('pending');
        // At most three moves take a referral from pending to its end.
        expect(seen.length).toBeLessThanOrEqual(4);
        expect(new Set(seen).size).toBe(seen.length);
      }),
    );
  });

  const ending = fc.constantFrom(...(Object.keys(REFERRAL_ENDINGS) as ReferralEnding[]));

  it('any walk of moves and endings stops at a final status: an ending is the last step, and only from an open one', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 10 }), ending, fc.nat(), (choices, end, when) => {
        let at: ReferralStatus = 'pending';
        const endAt = when % (choices.length + 1);
        for (let step = 0; step <= choices.length; step += 1) {
          if (step === endAt && canEndReferral(at, end)) {
            expect(OPEN_REFERRAL_STATUSES).toContain(at);
            at = end;
            break;
          }
          const next: readonly ReferralStatus[] = REFERRAL_TRANSITIONS[at];
          if (next.length === 0 || step === choices.length) break;
          at = next[choices[step]! % next.length]!;
        }
        if (at === end) {
          expect(REFERRAL_TRANSITIONS[at]).toEqual([]);
          for (const other of Object.keys(REFERRAL_ENDINGS) as ReferralEnding[])
            expect(canEndReferral(at, other)).toBe(false);
        }
        // Nothing submitted is ever withdrawn or closed with its posting.
        if (['submitted', 'successful', 'unsuccessful'].includes(at))
          expect(canEndReferral(at, end)).toBe(false);
      }),
    );
  });

  /**
   * Issue 50 item 1 (docs/decisions/084-changes-requested.md): the whole machine, the referrer's moves with
   * the rounds rule and the seeker's resubmit, and every ending that may come between.
   */
  it('any walk with changes asked for and resubmits ends: pending again only by a resubmit, two rounds at most', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 30 }), (choices) => {
        let at: ReferralStatus = 'pending';
        let rounds = 0;
        const seen: ReferralStatus[] = [at];
        for (const choice of choices) {
          const moves = REFERRAL_TRANSITIONS[at].filter(
            (to) => to !== 'changes_requested' || canRequestChanges(at, rounds, MAX_CHANGE_ROUNDS),
          );
          const options: readonly ReferralStatus[] = canResubmit(at) ? [...moves, RESUBMIT.to] : moves;
          // Changes requested always has a way on: it is never where a walk gets stuck.
          if (at === 'changes_requested') expect(options).toEqual(['pending']);
          if (options.length === 0) break;
          const next: ReferralStatus = options[choice % options.length]!;
          if (next === 'pending') expect(at).toBe(RESUBMIT.from);
          if (next === 'changes_requested') rounds += 1;
          at = next;
          seen.push(at);
        }
        expect(rounds).toBeLessThanOrEqual(MAX_CHANGE_ROUNDS);
        // Each round is two steps more than the three a referral takes from pending to its end.
        expect(seen.length).toBeLessThanOrEqual(4 + 2 * MAX_CHANGE_ROUNDS);
        // A walk that ran out of moves stopped at a final status, never while waiting on the seeker.
        const stuck = REFERRAL_TRANSITIONS[at].length === 0 && !canResubmit(at);
        if (stuck) expect(OPEN_REFERRAL_STATUSES).not.toContain(at);
        // Only pending and changes requested ever precede changes requested or pending.
        seen.forEach((status, i) => {
          if (i > 0 && (status === 'pending' || status === 'changes_requested'))
            expect(['pending', 'changes_requested']).toContain(seen[i - 1]);
        });
      }),
    );
  });

  it('changes requested holds its slot and may end withdrawn or closed with its posting, never expired', () => {
    fc.assert(
      fc.property(ending, fc.nat({ max: MAX_CHANGE_ROUNDS + 3 }), (end, rounds) => {
        expect(OPEN_REFERRAL_STATUSES).toContain('changes_requested');
        expect(canEndReferral('changes_requested', end)).toBe(end !== 'expired');
        expect(canRequestChanges('pending', rounds, MAX_CHANGE_ROUNDS)).toBe(rounds < MAX_CHANGE_ROUNDS);
        expect(canRequestChanges('changes_requested', rounds, MAX_CHANGE_ROUNDS)).toBe(false);
      }),
    );
  });

  it('canMoveReferral agrees with the table for every pair, and nothing moves to itself', () => {
    fc.assert(
      fc.property(status, status, (from, to) => {
        expect(canMoveReferral(from, to)).toBe(REFERRAL_TRANSITIONS[from].includes(to));
        if (from === to) expect(canMoveReferral(from, to)).toBe(false);
      }),
    );
  });
});

describe('the request payload', () => {
  const valid = { jobUrl: 'https://jobs.lever.co/acme/123', position: 'Engineer', message: '', companyId: 4 };

  it('takes only http and https job URLs', () => {
    for (const jobUrl of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'ftp://example.com/job',
      'mailto:jobs@example.com',
      'https://',
      'not a url',
    ]) {
      const result = CreateReferralRequestInputSchema.safeParse({ ...valid, jobUrl });
      expect(result.success, jobUrl).toBe(false);
    }
    expect(CreateReferralRequestInputSchema.safeParse({ ...valid, jobUrl: 'http://x.io/j' }).success).toBe(
      true,
    );
  });

  it('gives the texts of docs/product.md, Validation for position and message lengths, and a blank message becomes null', () => {
    const texts = (input: object) =>
      CreateReferralRequestInputSchema.safeParse({ ...valid, ...input }).error?.issues.map((i) => i.message);
    expect(texts({ position: 'a' })).toEqual(['Position must be at least 2 characters']);
    expect(texts({ position: 'a'.repeat(101) })).toEqual(['Position must be less than 100 characters']);
    expect(texts({ message: 'a'.repeat(501) })).toEqual(['Message must be less than 500 characters']);
    expect(texts({ jobUrl: '' })).toEqual(['Job URL is required']);
    expect(CreateReferralRequestInputSchema.parse({ ...valid, message: '   ' }).message).toBeNull();
    expect(texts({ companyId: undefined })).toEqual([REFERRAL_REQUEST_ERRORS.companyUnknown]);
  });

  it('normalising a job URL is idempotent and ignores case of the host, fragments, tracking and a trailing slash', () => {
    const base = 'https://boards.greenhouse.io/stripe/jobs/123?b=2&a=1';
    for (const variant of [
      'https://BOARDS.greenhouse.io/stripe/jobs/123/?a=1&b=2',
      'https://www.boards.greenhouse.io/stripe/jobs/123?a=1&b=2#apply',
      'https://boards.greenhouse.io/stripe/jobs/123?a=1&utm_source=x&b=2&gh_src=abc',
      'http://boards.greenhouse.io/stripe/jobs/123?a=1&b=2',
      'HTTP://boards.greenhouse.io:80/stripe/jobs/123?a=1&b=2',
    ])
      expect(normalizeJobUrl(variant)).toBe(normalizeJobUrl(base));
    expect(normalizeJobUrl(base)).not.toBe(normalizeJobUrl('https://boards.greenhouse.io/stripe/jobs/124'));
    fc.assert(
      fc.property(fc.webUrl({ withFragments: true, withQueryParameters: true }), (url) => {
        const once = normalizeJobUrl(url);
        expect(normalizeJobUrl(once)).toBe(once);
      }),
    );
  });
});

describe('asking for changes (docs/decisions/084-changes-requested.md)', () => {
  const parse = (body: Record<string, unknown>) => UpdateReferralStatusInputSchema.safeParse(body);
  const messages = (body: Record<string, unknown>) => {
    const result = parse(body);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it('takes one or more known changes, each once, in the list order', () => {
    const result = parse({
      status: 'changes_requested',
      changes: ['resume_format', 'missing_keywords', 'resume_format'],
    });
    expect(result.success && result.data.changes).toEqual(['missing_keywords', 'resume_format']);
    for (const kind of CHANGE_KINDS.filter((k) => k !== 'other'))
      expect(parse({ status: 'changes_requested', changes: [kind] }).success).toBe(true);
  });

  it('refuses none, an unknown one, other without feedback, and changes with another status', () => {
    expect(messages({ status: 'changes_requested' })).toEqual([CHANGES_ERRORS.none]);
    expect(messages({ status: 'changes_requested', changes: [] })).toEqual([CHANGES_ERRORS.none]);
    expect(messages({ status: 'changes_requested', changes: ['shorter'] })).toContain(CHANGES_ERRORS.unknown);
    expect(messages({ status: 'changes_requested', changes: 'impact_unclear' })).toContain(
      CHANGES_ERRORS.unknown,
    );
    expect(messages({ status: 'changes_requested', changes: ['other'] })).toEqual([
      CHANGES_ERRORS.otherNeedsFeedback,
    ]);
    expect(
      parse({ status: 'changes_requested', changes: ['other'], feedback: 'Add a portfolio link.' }).success,
    ).toBe(true);
    expect(messages({ status: 'accepted', changes: ['impact_unclear'] })).toEqual([
      CHANGES_ERRORS.onlyWithChangesRequested,
    ]);
  });
});
