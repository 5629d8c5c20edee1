// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { fakeApi } from '@/testing/fake-api';
import { renderReferralsUi } from '@/testing/referrals-test-utils';
import { BlockedPeopleCard } from './blocked-people-card';

beforeEach(() => stubBrowserApis());

describe('Blocked people, in Account settings (issue 46 item 9)', () => {
  it('lists whom the user blocked and when, and lifts a block', async () => {
    let blocks = [
      { userId: 8, firstName: 'Rex', blockedAt: '2026-12-05T10:00:00.000Z' },
      { userId: 9, firstName: 'Ola', blockedAt: '2026-11-20T10:00:00.000Z' },
    ];
    const api = fakeApi({
      myBlocks: () => blocks,
      unblockUser: ({ params }) => {
        blocks = blocks.filter((b) => b.userId !== Number(params.id));
        return { userId: Number(params.id), blocked: false };
      },
    });
    renderReferralsUi(<BlockedPeopleCard />);
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Rex · blocked on Dec 5, 2026Unblock',
      'Ola · blocked on Nov 20, 2026Unblock',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Unblock Rex' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Unblock Rex' })).not.toBeInTheDocument(),
    );
    expect(api.calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/users/8/block']);
    // Its button is gone: the focus waits on the card's heading, not lost to the page.
    expect(screen.getByRole('heading', { name: 'Blocked people' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Unblock Ola' })).toBeInTheDocument();
  });

  it('says when nobody is blocked', async () => {
    fakeApi({ myBlocks: () => [] });
    renderReferralsUi(<BlockedPeopleCard />);
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument();
  });
});
