// @vitest-environment jsdom
import type { CompanyDirectoryEntry } from '@shared/companies';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { fakeReferralsApi, renderReferralsUi } from '@/testing/referrals-test-utils';
import { CompaniesPage } from './companies-page';
import { UnstaffedCompanies } from './components/unstaffed-companies';
import { RequestReferralPage } from './request-referral-page';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

/** The search waits for a 400 ms pause in typing; leave room on a busy machine. */
const SLOW = { timeout: 4000 };

const entry = (
  id: number,
  name: string,
  over: Partial<CompanyDirectoryEntry> = {},
): CompanyDirectoryEntry => ({
  id,
  name,
  referrers: 2,
  verifiedReferrers: 1,
  responseRate: null,
  medianResponseHours: null,
  ...over,
});

const many = Array.from({ length: 25 }, (_, i) => entry(100 + i, `Acme ${String(i).padStart(2, '0')}`));

describe('/companies', () => {
  it('lists companies with their counts and answers, and links each to the request form with it chosen', async () => {
    fakeReferralsApi({
      directory: [
        entry(4, 'Stripe', {
          referrers: 3,
          verifiedReferrers: 2,
          responseRate: 0.8,
          medianResponseHours: 30,
        }),
      ],
    });
    renderReferralsUi(<CompaniesPage />, '/companies');
    const list = await screen.findByRole('list', { name: 'Companies with referrers' });
    const row = within(list).getByRole('listitem');
    expect(row).toHaveTextContent('Stripe');
    expect(row).toHaveTextContent('3 referrers');
    expect(row).toHaveTextContent('2 verified');
    expect(row).toHaveTextContent('Answers 8 in 10 requests, usually within 30 hours');
    expect(within(row).getByRole('link', { name: 'Request a referral at Stripe' })).toHaveAttribute(
      'href',
      '/request-referral?companyId=4',
    );
  });

  it('searches as typing pauses, keeps the search in the URL, and says when nothing matches', async () => {
    const api = fakeReferralsApi({ directory: [entry(1, 'Google'), entry(4, 'Stripe')] });
    renderReferralsUi(<CompaniesPage />, '/companies?q=go');
    expect(await screen.findByRole('searchbox', { name: 'Search companies' })).toHaveValue('go');
    expect(await screen.findByText('Google')).toBeInTheDocument();
    expect(screen.queryByText('Stripe')).not.toBeInTheDocument();

    const search = screen.getByRole('searchbox', { name: 'Search companies' });
    await userEvent.clear(search);
    await userEvent.type(search, 'zz');
    expect(
      await screen.findByText('No company starting with “zz” has a referrer available right now.', {}, SLOW),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/companies?q=zz'));
    // One request per pause, not per keystroke.
    const searches = api.calls
      .filter((c) => c.path === '/api/companies/directory')
      .map((c) => new URL(c.path, 'http://x').searchParams.get('q'));
    expect(searches).not.toContain('z');
  });

  it('offers to watch the listed companies a search names that have nobody available (issue 49 item 1)', async () => {
    const api = fakeReferralsApi({
      companies: [
        { id: 1, name: 'Google' },
        { id: 2, name: 'Gooey Labs' },
        { id: 4, name: 'Stripe' },
      ],
      directory: [entry(1, 'Google')],
    });
    renderReferralsUi(<CompaniesPage unstaffed={UnstaffedCompanies} />, '/companies?q=goo');
    const section = await screen.findByRole('region', { name: 'No referrer available yet' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Gooey Labs');
    expect(rows[0]).toHaveTextContent(
      'No referrers at Gooey Labs yet: your request will wait until one joins.',
    );
    const watch = within(rows[0]!).getByRole('button', { name: 'Tell me when one joins' });
    await waitFor(() => expect(watch).toBeEnabled());
    await userEvent.click(watch);
    await waitFor(() => expect(watch).toHaveAttribute('aria-pressed', 'true'));
    expect(api.state.watches.map((w) => w.companyId)).toEqual([2]);
    // Google has a referrer: it is in the list above, with no watch.
    const list = screen.getByRole('list', { name: 'Companies with referrers' });
    expect(within(list).queryByRole('button', { name: 'Tell me when one joins' })).not.toBeInTheDocument();
  });

  it('offers no watch without a search, nor to a visitor', async () => {
    fakeReferralsApi({ companies: [{ id: 2, name: 'Gooey Labs' }], directory: [entry(1, 'Google')] });
    const { unmount } = renderReferralsUi(<CompaniesPage unstaffed={UnstaffedCompanies} />, '/companies');
    await screen.findByRole('list', { name: 'Companies with referrers' });
    expect(screen.queryByRole('region', { name: 'No referrer available yet' })).not.toBeInTheDocument();
    unmount();
    const visitorApi = fakeReferralsApi({
      companies: [{ id: 2, name: 'Gooey Labs' }],
      directory: [entry(1, 'Google')],
    });
    renderReferralsUi(<CompaniesPage visitor />, '/companies?q=goo');
    await screen.findByRole('list', { name: 'Companies with referrers' });
    expect(screen.queryByText('Gooey Labs')).not.toBeInTheDocument();
    expect(visitorApi.calls.map((c) => c.path)).not.toContain('/api/companies');
  });

  it("loads the next page with 'Load more', and offers no more at the end", async () => {
    fakeReferralsApi({ directory: many });
    renderReferralsUi(<CompaniesPage />, '/companies');
    const list = await screen.findByRole('list', { name: 'Companies with referrers' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});

describe('/request-referral?companyId=', () => {
  const renderChosen = () =>
    renderReferralsUi(
      <RequestReferralPage resume={{ isLoading: false, fileUrl: null }} currentCompanyName={null} />,
      '/request-referral?companyId=4',
    );

  it('starts the company field with the chosen company when the posting only suggests another', async () => {
    fakeReferralsApi({
      detect: () => ({ companyName: 'Meta', companyId: 5, confidence: 'low', message: null }),
    });
    renderChosen();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Job URL' }),
      'https://www.metaltech.com/careers/1',
    );
    const company = await screen.findByRole('combobox', { name: 'Company' }, SLOW);
    expect(company).toHaveValue('Stripe');
  });

  it('lets a posting that surely names another company decide, and says so (issue 46 item 5)', async () => {
    const api = fakeReferralsApi({
      detect: () => ({ companyName: 'Google', companyId: 1, confidence: 'high', message: null }),
    });
    renderChosen();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Job URL' }),
      'https://www.linkedin.com/jobs/view/engineer-at-google-1',
    );
    expect(
      await screen.findByText(
        'This posting is at Google, so the request goes to Google, not Stripe.',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Position' }), 'Designer');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toMatchObject({ companyId: 1 });
  });
});
