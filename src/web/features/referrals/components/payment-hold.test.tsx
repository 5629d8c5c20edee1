// @vitest-environment jsdom
import { type ReferralMessage } from '@shared/referral-messages';
import { statusLabel } from '@shared/referral-status';
import { PAYMENT_HOLD_TEXTS, REFERRAL_SUBMIT_TEXTS, REQUEST_LIFECYCLE_TEXTS } from '@shared/referral-texts';
import { type ReferralRequest } from '@shared/referrals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { MyReferralsPage } from '../my-referrals-page';
import { RequestReferralPage } from '../request-referral-page';
import { ReferralThread } from './referral-thread';
import { RequestTimeline } from './request-timeline';
import { StatusBadge } from './status-badge';
import { aUser } from '@/testing/fixtures';
import { aRequest, fakeReferralsApi, renderReferralsUi, withReferral } from '@/testing/referrals-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { fakeApi, jsonResponse } from '@/testing/fake-api';

/** Issue 25 item 6 on the seeker's side: a request or message held for our team, and what became of it. */

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => {
  vi.mocked(toast).mockClear();
  stubBrowserApis();
});
afterEach(() => vi.unstubAllGlobals());

const REASON = 'Offering money for a referral is not allowed here.';

function renderMine(mine: ReferralRequest[]) {
  const api = fakeReferralsApi({ mine });
  renderReferralsUi(
    <MyReferralsPage user={aUser({ profileCompleted: true })} renderProfileModal={() => null} />,
    '/my-referrals',
  );
  return api;
}

describe('the status labels', () => {
  it("reads held as 'Awaiting review' and rejected as 'Rejected', on the badge too", () => {
    expect(statusLabel('held')).toBe('Awaiting review');
    expect(statusLabel('rejected')).toBe('Rejected');
    render(
      <>
        <StatusBadge status="held" />
        <StatusBadge status="rejected" />
      </>,
    );
    expect(screen.getByText('Awaiting review')).toBeInTheDocument();
    expect(screen.getByText('Rejected')).toBeInTheDocument();
  });

  it("names the admin's review on the seeker's timeline", () => {
    const at = '2026-11-20T10:00:00.000Z';
    const step = (kind: 'requested' | 'held' | 'released' | 'rejected') => ({
      kind,
      at,
      referrerFirstName: null,
      note: null,
      declineReason: null,
    });
    render(
      <RequestTimeline
        timeline={[step('requested'), step('held'), step('released'), step('rejected')]}
        viewer="seeker"
      />,
    );
    const list = screen.getByRole('list', { name: 'Timeline' });
    for (const label of ['Held for review', 'Released by our team', 'Rejected by our team']) {
      expect(within(list).getByText(label)).toBeInTheDocument();
    }
  });
});

describe("the seeker's card", () => {
  it('says a held request awaits review, and lets the seeker withdraw it', async () => {
    const api = renderMine([aRequest(5, { status: 'held', message: 'I will pay $300 for a referral.' })]);
    const card = await screen.findByRole('article', { name: 'Engineer 5' });
    expect(within(card).getByText('Awaiting review')).toBeInTheDocument();
    expect(within(card).getByTestId('request-held')).toHaveTextContent(
      'Your request awaits review by our team before it goes to a referrer.',
    );
    expect(within(card).getByText(PAYMENT_HOLD_TEXTS.requestHeldWhy)).toBeInTheDocument();
    // Not pending: no answer-rate line, which is about referrers answering.
    expect(within(card).queryByText(/answer/)).not.toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'Withdraw' }));
    const dialog = await screen.findByRole('dialog', { name: REQUEST_LIFECYCLE_TEXTS.withdrawTitle });
    expect(dialog).toHaveTextContent(REQUEST_LIFECYCLE_TEXTS.withdrawHeldBody);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(api.writes().map((w) => `${w.method} ${w.path}`)).toContain(
        'POST /api/referral-requests/5/withdraw',
      ),
    );
  });

  it('says a rejected request was not sent, with the reason, and offers no Withdraw', async () => {
    renderMine([
      aRequest(6, { status: 'rejected', rejectionReason: REASON, closedAt: '2026-11-21T10:00:00.000Z' }),
    ]);
    const card = await screen.findByRole('article', { name: 'Engineer 6' });
    expect(within(card).getByText('Rejected')).toBeInTheDocument();
    const lines = within(card).getByTestId('request-rejected');
    expect(lines).toHaveTextContent(PAYMENT_HOLD_TEXTS.requestRejected);
    expect(lines).toHaveTextContent(`Reason: ${REASON}`);
    expect(within(card).queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  });

  it('says nothing of a review on an ordinary request', async () => {
    renderMine([withReferral(aRequest(7), 'pending')]);
    const card = await screen.findByRole('article', { name: 'Engineer 7' });
    expect(within(card).queryByTestId('request-held')).not.toBeInTheDocument();
    expect(within(card).queryByTestId('request-rejected')).not.toBeInTheDocument();
  });
});

describe('the request form', () => {
  it('says a held request awaits review instead of having gone to a referrer', async () => {
    const api = fakeReferralsApi();
    api.overrides.set('POST /api/referral-requests', () =>
      jsonResponse(201, { ...aRequest(9, { status: 'held' }), noReferrers: false }),
    );
    renderReferralsUi(
      <RequestReferralPage resume={{ isLoading: false, fileUrl: null }} currentCompanyName={null} />,
      '/request-referral',
    );
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Job URL' }),
      'https://careers.google.com/jobs/results/123',
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Position' }), 'Software Engineer');
    await userEvent.type(screen.getByRole('textbox', { name: /Message/ }), 'I will pay $300 for a referral.');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: REFERRAL_SUBMIT_TEXTS.success,
        description: 'Your request awaits review by our team before it goes to a referrer.',
      }),
    );
  });
});

describe('the thread', () => {
  function renderThread(messages: ReferralMessage[]) {
    fakeApi({ referralMessages: () => ({ messages, closesAt: null, open: true }) });
    renderReferralsUi(<ReferralThread referralId={7} otherName="Rita" />);
  }
  const message = (id: number, overrides: Partial<ReferralMessage>): ReferralMessage => ({
    id,
    mine: true,
    authorFirstName: 'Sam',
    body: `Message ${id}`,
    createdAt: '2026-11-24T10:00:00.000Z',
    status: 'delivered',
    rejectionReason: null,
    ...overrides,
  });

  it("marks the sender's held message as awaiting review and a rejected one as not delivered", async () => {
    renderThread([
      message(1, {}),
      message(2, { status: 'held' }),
      message(3, { status: 'rejected', rejectionReason: REASON }),
      message(4, { mine: false, authorFirstName: 'Rita' }),
    ]);
    await userEvent.click(screen.getByText('Messages with Rita'));
    const list = await screen.findByRole('list', { name: 'Messages with Rita' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[1]!).getByText(PAYMENT_HOLD_TEXTS.messageHeld)).toBeInTheDocument();
    expect(within(items[1]!).getByText(PAYMENT_HOLD_TEXTS.messageHeldNote)).toBeInTheDocument();
    expect(within(items[2]!).getByText(PAYMENT_HOLD_TEXTS.messageRejected)).toBeInTheDocument();
    expect(items[2]).toHaveTextContent(`${PAYMENT_HOLD_TEXTS.messageRejectedNote} Reason: ${REASON}`);
    for (const plain of [items[0]!, items[3]!]) {
      expect(within(plain).queryByTestId('message-held')).not.toBeInTheDocument();
      expect(within(plain).queryByTestId('message-rejected')).not.toBeInTheDocument();
    }
  });
});
