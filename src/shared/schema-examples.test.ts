import { describe, expect, it } from 'vitest';
import { AccountExportSchema, DeleteAccountInputSchema } from './account.js';
import { ActivityInputSchema } from './activity.js';
import { suggestEmployers } from './employers.js';
import { formatNotificationDate } from './notifications.js';
import { EducationInputSchema, ExperienceInputSchema, IsoDateSchema } from './profile.js';
import { normalizeJobUrl } from './job-url-rules.js';
import { statusLabel } from './referral-status.js';
import { REFERRAL_REQUEST_ERRORS } from './referral-texts.js';
import { CreateReferralRequestInputSchema } from './referrals.js';
import { UserSettingsInputSchema, UserSettingsSchema } from './settings.js';
import {
  ConfirmVerificationCodeInputSchema,
  SendVerificationCodeInputSchema,
  SendVerificationCodeResultSchema,
  VerificationStatusSchema,
} from './verification.js';

// Fixed examples of the shared rules that mutation testing found unguarded (docs/quality.md): each names
// the input and the exact outcome, so a changed limit, pattern or message fails here.

/** The first message a schema gives for an input, or 'ok'. */
function verdict(
  schema: { safeParse(value: unknown): { success: boolean; error?: unknown } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  if (result.success) return 'ok';
  return (result.error as { issues: { message: string }[] }).issues[0]!.message;
}

describe('statusLabel (docs/product.md, Flows and statuses)', () => {
  it('labels every status, reads the old approved, and shows anything else raw', () => {
    const labels = Object.fromEntries(
      [
        'pending',
        'approved',
        'accepted',
        'rejected',
        'declined',
        'submitted',
        'successful',
        'unsuccessful',
        'expired',
        'held',
        'odd',
      ].map((status) => [status, statusLabel(status)]),
    );
    expect(labels).toEqual({
      pending: 'Pending',
      approved: 'Accepted',
      accepted: 'Accepted',
      // A request an admin refused (issue 25 item 6), no longer older data's word for declined.
      rejected: 'Rejected',
      declined: 'Declined',
      submitted: 'Submitted',
      successful: 'Successful',
      unsuccessful: 'Unsuccessful',
      expired: 'Expired',
      held: 'Awaiting review',
      odd: 'odd',
    });
  });
});

describe('normalizeJobUrl', () => {
  it('sorts the parameters by name, then value, and drops tracking ones', () => {
    expect(normalizeJobUrl('https://jobs.example.com/p?b=2&a=9&a=1&utm_source=x&gh_src=y&Ref=z')).toBe(
      'https://jobs.example.com/p?a=1&a=9&b=2',
    );
  });

  it('drops the fragment, surrounding spaces, trailing slashes, www and a bare root', () => {
    expect(normalizeJobUrl('  https://WWW.Example.com/jobs/1//#apply ')).toBe('https://example.com/jobs/1');
    expect(normalizeJobUrl('https://example.com/')).toBe('https://example.com');
    expect(normalizeJobUrl('https://example.com/a')).toBe('https://example.com/a');
    expect(normalizeJobUrl('https://notwww.example.com/')).toBe('https://notwww.example.com');
  });
});

describe('CreateReferralRequestInputSchema', () => {
  const body = { jobUrl: 'https://jobs.example.com/1', position: 'Engineer', message: null };
  it('needs a company: an id or a detected name', () => {
    expect(verdict(CreateReferralRequestInputSchema, body)).toBe(REFERRAL_REQUEST_ERRORS.companyUnknown);
    expect(verdict(CreateReferralRequestInputSchema, { ...body, companyId: 1 })).toBe('ok');
    expect(verdict(CreateReferralRequestInputSchema, { ...body, detectedCompanyName: 'Acme' })).toBe('ok');
  });
});

describe('profile dates', () => {
  it('takes only real calendar days', () => {
    expect(verdict(IsoDateSchema, '2024-02-29')).toBe('ok');
    expect(verdict(IsoDateSchema, '2023-02-29')).toBe('Use a real calendar date');
    expect(verdict(IsoDateSchema, '2023-13-01')).toBe('Use a real calendar date');
  });

  const job = { companyName: 'Acme', jobTitle: 'Engineer', startDate: '2020-01-01' };
  it('refuses an end before the start, and takes an end on the start day', () => {
    expect(verdict(ExperienceInputSchema, { ...job, endDate: '2019-12-31' })).toBe(
      'End date cannot be before the start date',
    );
    expect(verdict(ExperienceInputSchema, { ...job, endDate: '2020-01-01' })).toBe('ok');
    const school = { instituteName: 'MIT', degree: 'BSc', major: 'CS', startDate: '2014-09-01' };
    expect(verdict(EducationInputSchema, { ...school, endDate: '2014-08-31' })).toBe(
      'End date cannot be before the start date',
    );
  });

  it('gives a current job no end date, whatever the form sent', () => {
    const parsed = ExperienceInputSchema.parse({ ...job, endDate: '2022-01-01', currentlyWorking: true });
    expect(parsed.endDate).toBeNull();
    expect(parsed.companyName).toBe('Acme');
  });
});

describe('activity records', () => {
  it('takes the eight categories and names an unknown one', () => {
    const categories = ['authentication', 'profile', 'referral', 'navigation', 'resume', 'notification'];
    for (const category of [...categories, 'referral_action', 'user_preference'])
      expect(verdict(ActivityInputSchema, { category, action: 'a' })).toBe('ok');
    expect(verdict(ActivityInputSchema, { category: 'admin', action: 'a' })).toBe(
      'Unknown activity category',
    );
    expect(verdict(ActivityInputSchema, { category: 'profile', action: ' ' })).toBe('Action is required');
  });
});

describe('activity details', () => {
  it('takes up to 2000 characters of JSON and refuses more', () => {
    const details = (chars: number) => ({ k: 'x'.repeat(chars - '{"k":""}'.length) });
    expect(verdict(ActivityInputSchema, { category: 'profile', action: 'a', details: details(2000) })).toBe(
      'ok',
    );
    expect(verdict(ActivityInputSchema, { category: 'profile', action: 'a', details: details(2001) })).toBe(
      'Details must be at most 2000 characters of JSON',
    );
  });
});

describe('account, settings and verification bodies', () => {
  it('asks for the typed email before deleting an account', () => {
    expect(verdict(DeleteAccountInputSchema, { confirmEmail: '  ' })).toBe(
      'Type your email address to confirm.',
    );
    expect(verdict(DeleteAccountInputSchema, {})).toBe('Type your email address to confirm.');
    expect(verdict(DeleteAccountInputSchema, { confirmEmail: `${'a'.repeat(250)}@x.io` })).toBe(
      'That email address is too long.',
    );
    expect(verdict(DeleteAccountInputSchema, { confirmEmail: ' ada@example.com ' })).toBe('ok');
  });

  it('takes the email setting as true or false only, and nothing else in the body', () => {
    expect(verdict(UserSettingsInputSchema, { emailNotifications: false })).toBe('ok');
    expect(verdict(UserSettingsInputSchema, { emailNotifications: 'yes' })).toBe(
      'Choose whether to get notifications by email.',
    );
    expect(verdict(UserSettingsInputSchema, { emailNotifications: true, role: 'admin' })).not.toBe('ok');
  });

  it('takes a monthly cap of 1 to 100 or null, and a pause date as YYYY-MM-DD or null', () => {
    for (const ok of [1, 100, null])
      expect(verdict(UserSettingsInputSchema, { monthlyReferralCap: ok })).toBe('ok');
    for (const bad of [0, 101, 1.5, '3']) {
      expect(verdict(UserSettingsInputSchema, { monthlyReferralCap: bad })).toBe(
        'The monthly cap must be a whole number from 1 to 100; leave it empty for no cap.',
      );
    }
    for (const ok of ['2030-02-28', '2032-02-29', null]) {
      expect(verdict(UserSettingsInputSchema, { referralsPausedUntil: ok })).toBe('ok');
    }
    for (const bad of ['2030-02-29', '2030-13-01', '1999-12-31', '2030-1-1', 'tomorrow', 5]) {
      expect(verdict(UserSettingsInputSchema, { referralsPausedUntil: bad })).toBe(
        'The pause must end on a date written as YYYY-MM-DD; leave it empty for no pause.',
      );
    }
    expect(verdict(UserSettingsInputSchema, { timeZone: null })).toBe('ok');
  });

  it('checks the work email and the six-digit code', () => {
    expect(verdict(SendVerificationCodeInputSchema, {})).toBe('Enter your work email address.');
    expect(verdict(SendVerificationCodeInputSchema, { workEmail: 'not-an-email' })).toBe(
      'Enter a valid work email address.',
    );
    expect(verdict(SendVerificationCodeInputSchema, { workEmail: `${'a'.repeat(250)}@x.io` })).toBe(
      'That email address is too long.',
    );
    expect(SendVerificationCodeInputSchema.parse({ workEmail: ' me@google.com ' })).toEqual({
      workEmail: 'me@google.com',
    });
    expect(verdict(ConfirmVerificationCodeInputSchema, { code: ' 123456 ' })).toBe('ok');
    for (const code of ['12345', '1234567', '12a456', ''])
      expect(verdict(ConfirmVerificationCodeInputSchema, { code })).toBe(
        'Enter the 6-digit code from the email.',
      );
    expect(verdict(ConfirmVerificationCodeInputSchema, {})).toBe('Enter the 6-digit code from the email.');
  });
});

describe('answer schemas the web parses', () => {
  it('refuses answers of another shape', () => {
    expect(
      verdict(VerificationStatusSchema, {
        verified: true,
        method: 'work-email',
        companyName: 'Acme',
        verifiedUntil: '2027-11-26T12:00:00.000Z',
        renewable: false,
      }),
    ).toBe('ok');
    expect(
      verdict(VerificationStatusSchema, {
        verified: true,
        method: 'sign-in-email',
        companyName: null,
        verifiedUntil: '2027-11-26T12:00:00.000Z',
        renewable: true,
      }),
    ).toBe('ok');
    expect(verdict(VerificationStatusSchema, { verified: true, method: 'sms', companyName: null })).not.toBe(
      'ok',
    );
    expect(verdict(VerificationStatusSchema, {})).not.toBe('ok');
    expect(verdict(SendVerificationCodeResultSchema, { sentTo: 'a@b.co', expiresInMinutes: 15 })).toBe('ok');
    expect(verdict(SendVerificationCodeResultSchema, {})).not.toBe('ok');
    const limits = { monthlyReferralCap: null, referralsPausedUntil: null };
    expect(verdict(UserSettingsSchema, { emailNotifications: true, timeZone: null, ...limits })).toBe('ok');
    expect(verdict(UserSettingsSchema, { emailNotifications: true, timeZone: 'Asia/Tokyo', ...limits })).toBe(
      'ok',
    );
    expect(verdict(UserSettingsSchema, { emailNotifications: true, timeZone: null })).not.toBe('ok');
    expect(verdict(UserSettingsSchema, {})).not.toBe('ok');
    expect(verdict(AccountExportSchema, {})).not.toBe('ok');
  });
});

describe('small helpers', () => {
  it('suggests nothing for a limit of 0, and names that contain the query after those that start with it', () => {
    expect(suggestEmployers('goo', 0)).toEqual([]);
    const found = suggestEmployers('pay');
    expect(found[0]!.toLowerCase().startsWith('pay')).toBe(true);
    expect(found.some((name) => name.toLowerCase().indexOf('pay') > 0)).toBe(true);
  });

  it('formats a notification date given as a Date or as a string', () => {
    const at = new Date(2025, 0, 5, 15, 4);
    expect(formatNotificationDate(at)).toBe('Jan 5, 2025 3:04 PM');
    expect(formatNotificationDate(at.toISOString())).toBe('Jan 5, 2025 3:04 PM');
  });
});
