// @vitest-environment jsdom
import type { CompanyStats } from '@shared/companies';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShownReferralRequestSchema } from '@shared/referrals';
import { RequestReferralPage } from '../request-referral-page';
import { MyRequestCard } from './my-request-card';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const SLOW = { timeout: 4000 };
const STRIPE_JOB = 'https://jobs.lever.co/stripe/123';
const stripe = { companyName: 'Stripe', companyId: 4, confidence: 'high' as const, message: null };
const answered: CompanyStats = {
  referrers: 5,
  verifiedReferrers: 3,
  responseRate: 0.8,
  medianResponseHours: 40,
};
const tooFew: CompanyStats = {
  referrers: 3,
  verifiedReferrers: 1,
  responseRate: null,
  medianResponseHours: null,
};

function renderForm() {
  renderReferralsUi(
    <RequestReferralPage resume={{ isLoading: false, fileUrl: null }} currentCompanyName={null} />,
    '/request-referral',
  );
}

describe('the company stats line on the request form', () => {
  it('says how the detected company answers', async () => {
    fakeReferralsApi({ detect: () => stripe, stats: { 4: answered } });
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Job URL' }), STRIPE_JOB);
    expect(
      await screen.findByText(
        'Referrers at Stripe answer 8 in 10 requests, usually within 40 hours',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
  });

  it('counts referrers when there is too little data', async () => {
    fakeReferralsApi({ detect: () => stripe, stats: { 4: tooFew } });
    renderForm();
    await userEvent.type(screen.getByRole('textbox', { name: 'Job URL' }), STRIPE_JOB);
    expect(await screen.findByText('3 referrers at Stripe', {}, SLOW)).toBeInTheDocument();
  });

  it('gives no count without referrers (the form says the request will wait), nor before detection', async () => {
    const api = fakeReferralsApi({
      detect: () => stripe,
      stats: { 4: { ...tooFew, referrers: 0, verifiedReferrers: 0 } },
    });
    renderForm();
    expect(screen.queryByTestId('company-stats')).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Job URL' }), STRIPE_JOB);
    await screen.findByText(/Company detected:/, {}, SLOW);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/companies/4/stats')).toBe(true));
    expect(
      await screen.findByText('No referrers at Stripe yet: your request will wait until one joins.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('company-stats')).not.toBeInTheDocument();
  });
});

describe("the company stats line on the seeker's card", () => {
  it('shows on a pending request a referrer holds', async () => {
    fakeReferralsApi({ stats: { 1: { ...answered, medianResponseHours: 72 } } });
    renderReferralsUi(<MyRequestCard request={withReferral(aRequest(1), 'pending')} />);
    expect(
      await screen.findByText('Referrers at Google answer 8 in 10 requests, usually within 3 days'),
    ).toBeInTheDocument();
  });

  it('never promises an answer on a request nobody holds: it says plainly that nobody can take it now', async () => {
    fakeReferralsApi({ stats: { 1: answered } });
    renderReferralsUi(<MyRequestCard request={aRequest(3)} />);
    expect(await screen.findByText('Nobody at Google can take this request now.')).toBeInTheDocument();
    expect(
      screen.getByText(
        /It waits here and goes to the first referrer there who can take it\. You can withdraw it, or ask at another company\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See where referrers are' })).toHaveAttribute(
      'href',
      '/companies',
    );
    expect(screen.queryByTestId('company-stats')).not.toBeInTheDocument();
  });

  it('says a request nobody holds waits for a referrer when the company has none', async () => {
    fakeReferralsApi({ stats: { 1: { ...tooFew, referrers: 0, verifiedReferrers: 0 } } });
    renderReferralsUi(<MyRequestCard request={aRequest(4)} />);
    expect(
      await screen.findByText('No referrers at Google yet: your request will wait until one joins.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('nobody-can-take')).not.toBeInTheDocument();
  });

  it('is not asked for once the request has moved on', async () => {
    const api = fakeReferralsApi({ stats: { 1: answered } });
    renderReferralsUi(<MyRequestCard request={withReferral(aRequest(2), 'accepted')} />);
    await screen.findByText('Engineer 2');
    expect(api.calls.some((c) => c.path.endsWith('/stats'))).toBe(false);
    expect(screen.queryByTestId('company-stats')).not.toBeInTheDocument();
  });
});

describe("a status the seeker's card does not know (docs/product.md, Flows and statuses)", () => {
  it('is shown raw, and older data’s approved as Accepted', async () => {
    fakeReferralsApi({ stats: { 1: answered } });
    const shown = (status: string) => {
      const request = withReferral(aRequest(7), 'accepted');
      return ShownReferralRequestSchema.parse({ ...request, referral: { ...request.referral, status } });
    };
    const { unmount } = renderReferralsUi(<MyRequestCard request={shown('on_hold')} />);
    expect(await screen.findByText('on_hold')).toBeInTheDocument();
    unmount();
    renderReferralsUi(<MyRequestCard request={shown('approved')} />);
    expect(await screen.findByText('Accepted')).toBeInTheDocument();
  });
});
