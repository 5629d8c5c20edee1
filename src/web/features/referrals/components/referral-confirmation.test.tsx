// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { MyRequestCard } from './my-request-card';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';

beforeEach(() => stubBrowserApis());

describe("the seeker's 'did it arrive?'", () => {
  it('asks once the referral is submitted, and sends the answer', async () => {
    const request = withReferral(aRequest(1), 'submitted');
    const api = fakeReferralsApi({ mine: [request] });
    renderReferralsUi(<MyRequestCard request={request} />);
    expect(screen.getByText("Did the company's referral email arrive?")).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Yes, it arrived' }));
    expect(api.writes().map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', `/api/referrals/${request.referral!.id}/confirmation`, { received: true }],
    ]);
  });

  it('says what was answered, and lets a "not yet" become "arrived"', () => {
    const base = withReferral(aRequest(2), 'successful');
    fakeReferralsApi({ mine: [base] });
    renderReferralsUi(
      <MyRequestCard
        request={{ ...base, referral: { ...base.referral!, seekerConfirmation: 'not_received' } }}
      />,
    );
    expect(screen.getByText('You told Ada the referral email has not arrived.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'It has arrived now' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Not yet' })).not.toBeInTheDocument();
  });

  it('does not ask before the referral is submitted', () => {
    const request = withReferral(aRequest(3), 'accepted');
    fakeReferralsApi({ mine: [request] });
    renderReferralsUi(<MyRequestCard request={request} />);
    expect(screen.queryByText("Did the company's referral email arrive?")).not.toBeInTheDocument();
  });
});
