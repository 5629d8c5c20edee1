import { describe, expect, it } from 'vitest';
import { PAYMENT_HOLD_NOTICES, PAYMENT_HOLD_TEXTS } from './referral-texts.js';
import { answeredInTimePercent, type ReferrerRecord } from './referrer-record.js';

// Shared texts and rules that only server and web tests used (docs/quality.md, mutation testing): each
// with its exact outcome.

describe('the notices of a payment hold', () => {
  it('name the position and company, and the reason', () => {
    expect(PAYMENT_HOLD_TEXTS.reason('Money')).toBe('Reason: Money');
    expect(PAYMENT_HOLD_NOTICES.requestHeld('Engineer', 'Acme')).toEqual({
      title: 'Request awaiting review',
      message: 'Your request for Engineer at Acme awaits review by our team before it goes to a referrer.',
      type: 'referral_held',
    });
    expect(PAYMENT_HOLD_NOTICES.requestReleased('Engineer', 'Acme', true)).toEqual({
      title: 'Request released',
      message: 'Our team reviewed your request for Engineer at Acme: it has gone to a referrer.',
      type: 'referral_released',
    });
    expect(PAYMENT_HOLD_NOTICES.requestReleased('Engineer', 'Acme', false).message).toBe(
      'Our team reviewed your request for Engineer at Acme: it waits for a referrer there, and you will be told when one has it.',
    );
    expect(PAYMENT_HOLD_NOTICES.requestRejected('Engineer', 'Acme', 'Money')).toEqual({
      title: 'Request rejected',
      message:
        'Our team reviewed your request for Engineer at Acme and did not send it to a referrer. Reason: Money',
      type: 'referral_rejected',
    });
    expect(PAYMENT_HOLD_NOTICES.messageRejected('Engineer', 'Acme', 'Money')).toEqual({
      title: 'Message not delivered',
      message: 'Our team did not deliver your message about Engineer at Acme. Reason: Money',
      type: 'referral_message_rejected',
    });
  });
});

describe('answeredInTimePercent', () => {
  const record = (values: Partial<ReferrerRecord>): ReferrerRecord => ({
    asked: 8,
    answeredInTime: 5,
    medianHoursToAnswer: 3,
    submitted: 2,
    confirmedSubmissions: 1,
    notReceived: 0,
    thin: false,
    ...values,
  });
  it('is the whole percentage answered in time, rounded', () => {
    expect(answeredInTimePercent(record({}))).toBe(63);
    expect(answeredInTimePercent(record({ asked: 3, answeredInTime: 1 }))).toBe(33);
  });
  it('is null while the record is thin, or nobody asked', () => {
    expect(answeredInTimePercent(record({ thin: true }))).toBeNull();
    expect(answeredInTimePercent(record({ asked: 0, answeredInTime: 0 }))).toBeNull();
  });
});
