// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/testing/fake-api';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { anOpening } from '@/testing/openings-fake';
import { fakeReferralsApi, renderReferralsUi } from '@/testing/referrals-test-utils';
import { NO_OPENINGS_YET, OPENINGS_LOAD_FAILED, OpeningsPage } from './openings-page';
import { RequestReferralPage } from './request-referral-page';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

/** The search waits for a 400 ms pause in typing; leave room on a busy machine. */
const SLOW = { timeout: 4000 };

const stripeOpening = anOpening(5, {
  title: 'Backend Engineer',
  location: 'Dublin',
  note: 'The payments team is hiring two people.',
  referrerFirstName: 'Ada',
  referrerVerified: true,
  jobUrl: 'https://jobs.lever.co/stripe/backend-5',
});
const googleOpening = anOpening(6, {
  company: { id: 1, name: 'Google' },
  title: 'Product Designer',
  location: null,
  referrerFirstName: 'Grace',
});

function renderOpeningsAndForm(path = '/openings') {
  renderReferralsUi(
    <Routes>
      <Route path="/openings" element={<OpeningsPage />} />
      <Route
        path="/request-referral"
        element={
          <RequestReferralPage resume={{ isLoading: false, fileUrl: null }} currentCompanyName={null} />
        }
      />
    </Routes>,
    path,
  );
}

describe('/openings (issue 49 item 2)', () => {
  it('lists each opening with its company, place, note and who posted it', async () => {
    fakeReferralsApi({ openings: [stripeOpening, googleOpening] });
    renderOpeningsAndForm();
    const list = await screen.findByRole('list', { name: 'Openings' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(within(first!).getByRole('heading', { name: 'Backend Engineer' })).toBeInTheDocument();
    expect(first).toHaveTextContent('Stripe');
    expect(first).toHaveTextContent('Dublin');
    expect(first).toHaveTextContent('Note from Ada: The payments team is hiring two people.');
    expect(first).toHaveTextContent('Posted by Ada, verified at Stripe on Dec 1, 2026');
    expect(within(first!).getByRole('link', { name: /View the posting/ })).toHaveAttribute(
      'href',
      'https://jobs.lever.co/stripe/backend-5',
    );
    expect(second).toHaveTextContent('Posted by Grace on Dec 1, 2026');
    expect(second).not.toHaveTextContent('verified');
  });

  it("'Ask for a referral' opens the request form filled in, and the request carries the opening", async () => {
    const api = fakeReferralsApi({
      openings: [stripeOpening],
      detect: () => ({ companyName: 'Stripe', companyId: 4, confidence: 'high', message: null }),
    });
    renderOpeningsAndForm();
    await userEvent.click(
      await screen.findByRole('link', { name: 'Ask for a referral: Backend Engineer at Stripe' }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/request-referral?companyId=4');
    const form = await screen.findByRole('form', { name: 'Job details' });
    expect(within(form).getByLabelText('Job URL')).toHaveValue('https://jobs.lever.co/stripe/backend-5');
    expect(within(form).getByLabelText('Position')).toHaveValue('Backend Engineer');
    expect(
      screen.getByText(/^Asking through Ada's opening: the request goes to Ada first/),
    ).toBeInTheDocument();

    await screen
      .findByText(/Stripe/, { selector: '[data-testid="detection-banner"] *' }, SLOW)
      .catch(() => null);
    await userEvent.click(within(form).getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1), SLOW);
    expect(api.writes()[0]).toMatchObject({
      method: 'POST',
      path: '/api/referral-requests',
      body: {
        jobUrl: 'https://jobs.lever.co/stripe/backend-5',
        position: 'Backend Engineer',
        companyId: 4,
        openingId: 5,
      },
    });
  });

  it('sends no opening once the seeker asks for another posting', async () => {
    const api = fakeReferralsApi({
      openings: [stripeOpening],
      detect: () => ({ companyName: 'Stripe', companyId: 4, confidence: 'high', message: null }),
    });
    renderOpeningsAndForm();
    await userEvent.click(await screen.findByRole('link', { name: /^Ask for a referral/ }));
    const url = await screen.findByLabelText('Job URL');
    await userEvent.clear(url);
    await userEvent.type(url, 'https://jobs.lever.co/stripe/frontend-9');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1), SLOW);
    expect(api.writes()[0]!.body).not.toHaveProperty('openingId');
  });

  it('searches as typing pauses, keeps the search in the URL, and offers the way back when nothing matches', async () => {
    const api = fakeReferralsApi({ openings: [stripeOpening, googleOpening] });
    renderOpeningsAndForm();
    await screen.findByRole('list', { name: 'Openings' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search openings' }), 'design');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/openings?q=design'), SLOW);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('listitem')).toHaveTextContent('Product Designer');
    expect(api.calls.some((c) => c.path === '/api/openings?q=design&limit=20')).toBe(true);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search openings' }), 'zz');
    expect(await screen.findByText('No opening matches “designzz” right now.', {}, SLOW)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show all openings' }));
    expect(screen.getByRole('searchbox', { name: 'Search openings' })).toHaveValue('');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2), SLOW);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/openings$/));
  });

  it('filters by company, in the URL too', async () => {
    fakeReferralsApi({ openings: [stripeOpening, googleOpening] });
    renderOpeningsAndForm();
    await screen.findByRole('list', { name: 'Openings' });
    const company = screen.getByRole('combobox', { name: 'Company' });
    await waitFor(() => expect(within(company).getByRole('option', { name: 'Google' })).toBeInTheDocument());
    await userEvent.selectOptions(company, 'Google');
    expect(screen.getByTestId('location')).toHaveTextContent('/openings?companyId=1');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('listitem')).toHaveTextContent('Product Designer');
  });

  it('says a company has no openings, and starts from a shared link', async () => {
    fakeReferralsApi({ openings: [googleOpening] });
    renderOpeningsAndForm('/openings?companyId=4');
    expect(await screen.findByText('No openings are posted at Stripe right now.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('4');
  });

  it("pages on with 'Load more'", async () => {
    const many = Array.from({ length: 25 }, (_, i) => anOpening(100 + i));
    fakeReferralsApi({ openings: many });
    renderOpeningsAndForm();
    const list = await screen.findByRole('list', { name: 'Openings' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(25));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('with nothing posted, says so and points to the other ways', async () => {
    fakeReferralsApi();
    renderOpeningsAndForm();
    expect(await screen.findByText(NO_OPENINGS_YET)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a referral' })).toHaveAttribute(
      'href',
      '/request-referral',
    );
    expect(screen.getByRole('link', { name: 'Work somewhere hiring? Post an opening' })).toHaveAttribute(
      'href',
      '/refer',
    );
  });

  it('says when the openings could not be loaded, and tries again', async () => {
    const api = fakeReferralsApi({ openings: [stripeOpening] });
    let fail = true;
    api.overrides.set('GET /api/openings', () =>
      fail
        ? jsonResponse(500, { error: 'Something went wrong.' })
        : jsonResponse(200, { items: [stripeOpening], nextCursor: null }),
    );
    renderOpeningsAndForm();
    expect(await screen.findByRole('alert')).toHaveTextContent(OPENINGS_LOAD_FAILED);
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Openings' })).toHaveTextContent('Backend Engineer');
  });
});
