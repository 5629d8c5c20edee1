import { describe, expect, it } from 'vitest';
import {
  canEndReferral,
  canMoveReferral,
  CLOSED_REQUEST_STATUSES,
  displayStatus,
  ENDED_REQUEST_STATUSES,
  OPEN_REFERRAL_STATUSES,
  REFERRAL_ENDINGS,
  REFERRAL_TRANSITIONS,
  ReferralStatusSchema,
  REQUEST_ONLY_STATUSES,
  RequestStatusSchema,
  statusLabel,
  WITHDRAWABLE_REQUEST_STATUSES,
} from './referral-status.js';

/**
 * The status machine as exact tables (docs/product.md, Flows and statuses; docs/decisions/033-request-lifecycle.md), so a status
 * added, dropped or moved between lists fails here. The lifecycle mutation module's fast tests.
 */

const REFERRAL = [
  'pending',
  'accepted',
  'declined',
  'changes_requested',
  'submitted',
  'successful',
  'unsuccessful',
  'expired',
  'withdrawn',
  'job_closed',
] as const;

describe('the statuses', () => {
  it('a referral has ten, a request two more', () => {
    expect(ReferralStatusSchema.options).toEqual(REFERRAL);
    expect(REQUEST_ONLY_STATUSES).toEqual(['held', 'rejected']);
    expect(RequestStatusSchema.options).toEqual([...REFERRAL, 'held', 'rejected']);
    expect(ReferralStatusSchema.safeParse('held').success).toBe(false);
  });

  it('sorts them into open, ended, closed and withdrawable', () => {
    expect(OPEN_REFERRAL_STATUSES).toEqual(['pending', 'accepted', 'changes_requested']);
    expect(ENDED_REQUEST_STATUSES).toEqual(['declined', 'expired', 'withdrawn', 'job_closed']);
    expect(CLOSED_REQUEST_STATUSES).toEqual([
      'declined',
      'expired',
      'withdrawn',
      'job_closed',
      'rejected',
      'submitted',
      'successful',
      'unsuccessful',
    ]);
    expect(WITHDRAWABLE_REQUEST_STATUSES).toEqual(['held', 'pending', 'accepted', 'changes_requested']);
  });
});

describe('the moves', () => {
  it('a referrer moves a referral along exactly these', () => {
    expect(REFERRAL_TRANSITIONS).toEqual({
      pending: ['accepted', 'declined', 'changes_requested'],
      accepted: ['submitted'],
      submitted: ['successful', 'unsuccessful'],
      declined: [],
      changes_requested: [],
      successful: [],
      unsuccessful: [],
      expired: [],
      withdrawn: [],
      job_closed: [],
    });
    const allowed = REFERRAL.flatMap((from) =>
      REFERRAL.filter((to) => canMoveReferral(from, to)).map((to) => `${from}->${to}`),
    );
    expect(allowed).toEqual([
      'pending->accepted',
      'pending->declined',
      'pending->changes_requested',
      'accepted->submitted',
      'submitted->successful',
      'submitted->unsuccessful',
    ]);
  });

  it('the endings that are nobody’s answer end only these', () => {
    expect(REFERRAL_ENDINGS).toEqual({
      expired: ['pending'],
      withdrawn: ['pending', 'accepted', 'changes_requested'],
      job_closed: ['pending', 'accepted', 'changes_requested'],
    });
    const allowed = (['expired', 'withdrawn', 'job_closed'] as const).flatMap((ending) =>
      REFERRAL.filter((from) => canEndReferral(from, ending)).map((from) => `${from}:${ending}`),
    );
    expect(allowed).toEqual([
      'pending:expired',
      'pending:withdrawn',
      'accepted:withdrawn',
      'changes_requested:withdrawn',
      'pending:job_closed',
      'accepted:job_closed',
      'changes_requested:job_closed',
    ]);
  });
});

describe('what a card shows', () => {
  it("the referral's status when there is one, else the request's", () => {
    expect(displayStatus({ status: 'held', referral: null })).toBe('held');
    expect(displayStatus({ status: 'pending', referral: { status: 'accepted' } })).toBe('accepted');
  });

  it('an open referral that passed on reads passed on; a decline or an expiry keeps its word', () => {
    const at = '2025-01-02T03:04:05.000Z';
    for (const status of ['pending', 'accepted', 'changes_requested'] as const) {
      expect(displayStatus({ status: 'pending', referral: { status, passedOnAt: at } })).toBe('passed_on');
      expect(displayStatus({ status: 'pending', referral: { status, passedOnAt: null } })).toBe(status);
    }
    for (const status of ['declined', 'expired'] as const) {
      expect(displayStatus({ status: 'pending', referral: { status, passedOnAt: at } })).toBe(status);
    }
  });

  it('a label for every status, the old approved, passed on, and anything else raw', () => {
    const labels = Object.fromEntries(
      [...RequestStatusSchema.options, 'approved', 'passed_on', 'mystery'].map((s) => [s, statusLabel(s)]),
    );
    expect(labels).toEqual({
      pending: 'Pending',
      accepted: 'Accepted',
      declined: 'Declined',
      changes_requested: 'Changes requested',
      submitted: 'Submitted',
      successful: 'Successful',
      unsuccessful: 'Unsuccessful',
      expired: 'Expired',
      withdrawn: 'Withdrawn',
      job_closed: 'Posting closed',
      held: 'Awaiting review',
      rejected: 'Rejected',
      approved: 'Accepted',
      passed_on: 'Passed on',
      mystery: 'mystery',
    });
  });
});
