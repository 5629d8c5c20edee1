// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { anOpening } from '@/testing/openings-fake';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';
import { MyRequestCard } from './my-request-card';
import { openingsLike, titleWords } from './openings-like-position';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const nobodyThere = { referrers: 0, verifiedReferrers: 0, responseRate: null, medianResponseHours: null };
const someoneThere = { ...nobodyThere, referrers: 2 };

describe('openings like a position', () => {
  it('takes the words of a title, without the ones that say nothing of the role', () => {
    expect([...titleWords('Senior Software Engineer, Payments & the C++ team')]).toEqual([
      'senior',
      'software',
      'engineer',
      'payments',
      'c++',
      'team',
    ]);
  });

  it('offers openings at other companies sharing a word with the position, newest first, three at most', () => {
    const openings = [
      anOpening(1, { title: 'Data Engineer', company: { id: 4, name: 'Stripe' } }),
      anOpening(2, { title: 'Product Designer', company: { id: 4, name: 'Stripe' } }),
      anOpening(3, { title: 'Backend engineer', company: { id: 1, name: 'Google' } }),
      anOpening(4, { title: 'Engineering Manager', company: { id: 5, name: 'Shopify' } }),
      anOpening(5, { title: 'Head of Sales', company: { id: 5, name: 'Shopify' } }),
      anOpening(6, { title: 'Platform Engineer', company: { id: 6, name: 'Figma' } }),
      anOpening(7, { title: 'Site Reliability Engineer', company: { id: 7, name: 'Notion' } }),
    ];
    // Google's own opening is the request's company: not offered. 'Engineering' is another word; 'of' is filler.
    expect(openingsLike('Software Engineer', 1, openings).map((o) => o.id)).toEqual([1, 6, 7]);
    expect(openingsLike('Head of Product', 9, openings).map((o) => o.id)).toEqual([2, 5]);
    expect(openingsLike('Chief of Staff', 9, openings)).toEqual([]);
    // A posting the seeker asks for already is not offered again.
    expect(
      openingsLike('Software Engineer', 1, openings, new Set([openings[5]!.jobUrl])).map((o) => o.id),
    ).toEqual([1, 7]);
  });
});

/** Issue 49 item 5: a request waiting with nobody at its company is not a dead end. */
describe('a waiting request with nobody at its company', () => {
  it('says so, offers the watch, openings like it elsewhere, and withdraw', async () => {
    const api = fakeReferralsApi({
      stats: { 1: nobodyThere },
      openings: [
        anOpening(31, { title: 'Backend Engineer', company: { id: 4, name: 'Stripe' }, location: 'Dublin' }),
        anOpening(32, { title: 'Office Manager', company: { id: 4, name: 'Stripe' } }),
      ],
    });
    renderReferralsUi(<MyRequestCard request={aRequest(8, { position: 'Software Engineer' })} />);
    const card = await screen.findByRole('article');
    expect(await within(card).findByTestId('no-referrers')).toHaveTextContent(
      'No referrers at Google yet: your request will wait until one joins.',
    );
    expect(within(card).getByRole('button', { name: 'Tell me when one joins' })).toBeInTheDocument();
    const offered = await within(card).findByRole('region', {
      name: 'Recent openings like this at other companies',
    });
    const items = within(offered).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('Backend Engineer at Stripe · Dublin');
    expect(
      within(items[0]!).getByRole('link', { name: 'Ask for a referral: Backend Engineer at Stripe' }),
    ).toHaveAttribute('href', '/request-referral?companyId=4');
    expect(within(card).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    // One read of the newest openings serves every waiting card.
    expect(api.calls.filter((c) => c.path.startsWith('/api/openings')).map((c) => c.path)).toEqual([
      '/api/openings?limit=50',
    ]);
  });

  it('offers no openings when none is like it, and the watch still', async () => {
    fakeReferralsApi({
      stats: { 1: nobodyThere },
      openings: [anOpening(32, { title: 'Office Manager', company: { id: 4, name: 'Stripe' } })],
    });
    renderReferralsUi(<MyRequestCard request={aRequest(8, { position: 'Software Engineer' })} />);
    const card = await screen.findByRole('article');
    await within(card).findByRole('button', { name: 'Tell me when one joins' });
    await waitFor(() => expect(screen.queryByText(/^Recent openings/)).not.toBeInTheDocument());
  });

  it('offers neither the watch nor openings where referrers are, or once a referrer holds it', async () => {
    const api = fakeReferralsApi({ stats: { 1: someoneThere }, openings: [anOpening(31)] });
    renderReferralsUi(
      <>
        <MyRequestCard request={aRequest(8, { position: 'Software Engineer' })} />
        <MyRequestCard request={withReferral(aRequest(9, { position: 'Software Engineer' }), 'pending')} />
      </>,
    );
    await screen.findByTestId('nobody-can-take');
    expect(screen.queryByRole('button', { name: 'Tell me when one joins' })).not.toBeInTheDocument();
    expect(api.calls.some((c) => c.path.startsWith('/api/openings'))).toBe(false);
  });
});
