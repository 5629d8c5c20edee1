import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeJobUrl } from './job-url-rules';
import {
  canEndReferral,
  canMoveReferral,
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
  it('allows exactly the five referrer transitions', () => {
    const allowed = ReferralStatusSchema.options.flatMap((from) =>
      ReferralStatusSchema.options.filter((to) => canMoveReferral(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'accepted->submitted',
        'pending->accepted',
        'pending->declined',
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
      withdrawn: ['pending', 'accepted'],
      job_closed: ['pending', 'accepted'],
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
