// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { ReferrerRecordCard, formatHours } from './referrer-record-card';
import { fakeReferralsApi, renderReferralsUi } from '@/testing/referrals-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';

beforeEach(() => stubBrowserApis());

describe("the referrer's own record", () => {
  it('says it is too early instead of giving numbers on a thin record', async () => {
    fakeReferralsApi({
      record: {
        asked: 3,
        answeredInTime: 3,
        medianHoursToAnswer: null,
        submitted: 1,
        confirmedSubmissions: 1,
        notReceived: 0,
        thin: true,
      },
    });
    renderReferralsUi(<ReferrerRecordCard />);
    expect(await screen.findByRole('heading', { name: 'Your record as a referrer' })).toBeInTheDocument();
    expect(screen.getByText(/Too early to tell: your record counts once 5 requests/)).toHaveTextContent(
      '(3 so far)',
    );
    expect(screen.queryByText('Answered in time')).not.toBeInTheDocument();
    expect(screen.getByText(/Only you can see this\./)).toBeInTheDocument();
  });

  it('gives the share in time, the median and the confirmations once there is enough', async () => {
    fakeReferralsApi({
      record: {
        asked: 10,
        answeredInTime: 9,
        medianHoursToAnswer: 3.5,
        submitted: 4,
        confirmedSubmissions: 3,
        notReceived: 1,
        thin: false,
      },
    });
    renderReferralsUi(<ReferrerRecordCard />);
    const term = await screen.findByText('Answered in time');
    expect(term.nextElementSibling).toHaveTextContent('9 of 10 (90%)');
    expect(screen.getByText('Median time to answer').nextElementSibling).toHaveTextContent('3.5 hours');
    expect(screen.getByText('Confirmed by the applicant').nextElementSibling).toHaveTextContent(
      '3 of 4 submitted, 1 not received',
    );
  });

  it('writes hours as a person would', () => {
    expect(formatHours(0.25)).toBe('15 minutes');
    expect(formatHours(0)).toBe('1 minute');
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(26.5)).toBe('26.5 hours');
  });
});
