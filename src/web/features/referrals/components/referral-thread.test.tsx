// @vitest-environment jsdom
import { REFERRAL_MESSAGE_MAX, type ReferralMessage } from '@shared/referral-messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { ReferralThread } from './referral-thread';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { fakeApi } from '@/testing/fake-api';
import { renderReferralsUi } from '@/testing/referrals-test-utils';

beforeEach(() => stubBrowserApis());

function renderThread(open = true) {
  const messages: ReferralMessage[] = [
    {
      id: 1,
      mine: false,
      authorFirstName: 'Rita',
      body: 'Send me your candidate id.',
      createdAt: '2026-11-24T10:00:00.000Z',
      status: 'delivered',
      rejectionReason: null,
    },
  ];
  const api = fakeApi({
    referralMessages: () => ({ messages, closesAt: open ? null : '2026-11-01T00:00:00.000Z', open }),
    sendReferralMessage: ({ body }) => {
      const text = (body as { body: string }).body;
      const sent: ReferralMessage = {
        id: messages.length + 1,
        mine: true,
        authorFirstName: 'Sam',
        body: text,
        createdAt: '2026-11-24T11:00:00.000Z',
        status: 'delivered',
        rejectionReason: null,
      };
      messages.push(sent);
      return sent;
    },
  });
  renderReferralsUi(<ReferralThread referralId={7} otherName="Rita" />);
  return api;
}

describe('ReferralThread', () => {
  it('reads the thread only when opened, and sends a message that then shows as mine', async () => {
    const api = renderThread();
    expect(api.calls).toEqual([]);
    await userEvent.click(screen.getByText('Messages with Rita'));
    const list = await screen.findByRole('list', { name: 'Messages with Rita' });
    expect(within(list).getByText('Send me your candidate id.')).toBeInTheDocument();

    const field = screen.getByLabelText('Message to Rita');
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await userEvent.type(field, '  My candidate id is 4711.  ');
    await userEvent.click(send);
    await waitFor(() => expect(within(list).getByText('My candidate id is 4711.')).toBeInTheDocument());
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ body: 'My candidate id is 4711.' });
    expect(field).toHaveValue('');
    expect(within(list).getAllByText(/^You ·/)).toHaveLength(1);
  });

  it('counts characters and refuses more than the limit before sending', async () => {
    renderThread();
    await userEvent.click(screen.getByText('Messages with Rita'));
    const field = await screen.findByLabelText('Message to Rita');
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(REFERRAL_MESSAGE_MAX + 1));
    expect(screen.getByText(`${REFERRAL_MESSAGE_MAX + 1}/${REFERRAL_MESSAGE_MAX}`)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('says a closed thread takes no new messages, and keeps it readable', async () => {
    renderThread(false);
    await userEvent.click(screen.getByText('Messages with Rita'));
    expect(await screen.findByText('Send me your candidate id.')).toBeInTheDocument();
    expect(screen.getByText(/This conversation is closed/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send' })).not.toBeInTheDocument();
  });
});
