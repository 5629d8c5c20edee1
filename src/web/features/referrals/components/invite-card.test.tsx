// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { fakeReferralsApi, renderReferralsUi } from '@/testing/referrals-test-utils';
import { INVITE_COPY_FAILED, InviteCard } from './invite-card';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));

const URL_ = 'https://referbridge.example/join/AbCdEfGhIjKlMnOp';
const TEXT = `I refer people to jobs at our company on ReferBridge. Join me as a referrer: ${URL_}`;

let writeText: ReturnType<typeof vi.fn>;
beforeEach(() => {
  stubBrowserApis();
  vi.mocked(toast).mockClear();
  writeText = vi.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => vi.unstubAllGlobals());

/** Issue 49 item 3: a willing referrer's invitation link, a copy button and a short text to paste. */
describe('InviteCard', () => {
  it('shows the link, the text and the count, and copies each to the clipboard', async () => {
    fakeReferralsApi({ invite: { url: URL_, joined: 2 } });
    renderReferralsUi(<InviteCard willing />);
    expect(await screen.findByRole('heading', { name: 'Invite a colleague' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your invitation link' })).toHaveValue(URL_);
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      '2 colleagues joined through your link as referrers.',
    );

    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenLastCalledWith(URL_);
    await userEvent.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(writeText).toHaveBeenLastCalledWith(TEXT);
    expect(vi.mocked(toast).mock.calls.map(([t]) => t.description)).toEqual([
      'The link is on your clipboard.',
      'The text is on your clipboard.',
    ]);
  });

  it('says so when nobody joined yet, and one colleague in the singular', async () => {
    const api = fakeReferralsApi({ invite: { url: URL_, joined: 0 } });
    const { unmount } = renderReferralsUi(<InviteCard willing />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'No colleague has joined through your link yet.',
    );
    unmount();
    api.state.invite = { url: URL_, joined: 1 };
    renderReferralsUi(<InviteCard willing />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      '1 colleague joined through your link as a referrer.',
    );
  });

  it('toasts when the clipboard refuses', async () => {
    fakeReferralsApi();
    writeText.mockRejectedValue(new Error('denied'));
    renderReferralsUi(<InviteCard willing />);
    await userEvent.click(await screen.findByRole('button', { name: 'Copy link' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Error',
        description: INVITE_COPY_FAILED,
      }),
    );
  });

  it('asks nothing and shows nothing for someone not willing to refer, nor when the server refuses', async () => {
    const api = fakeReferralsApi();
    const { unmount } = renderReferralsUi(<InviteCard willing={false} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(api.calls.filter((c) => c.path === '/api/referrer/invite')).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Invite a colleague' })).not.toBeInTheDocument();
    unmount();

    api.state.invite = null;
    renderReferralsUi(<InviteCard willing />);
    await waitFor(() => expect(api.calls.some((c) => c.path === '/api/referrer/invite')).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByRole('heading', { name: 'Invite a colleague' })).not.toBeInTheDocument();
  });
});
