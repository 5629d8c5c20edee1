// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from './notification-bell';
import { fakeNotificationsApi, makeNotification, renderWithApp } from '@/testing/notifications-test-utils';

afterEach(() => vi.unstubAllGlobals());

describe('NotificationBell', () => {
  // First in the file: the popup's code is not loaded yet (a later test's click loads it for the rest).
  it('stays the focused element while its popup loads, and opens from the keyboard', async () => {
    fakeNotificationsApi([makeNotification(1)]);
    renderWithApp(<NotificationBell />);
    await userEvent.tab();
    const bell = screen.getByRole('button', { name: /^Notifications/ });
    expect(bell).toHaveFocus();
    // Focus loads the popup's code; the bell stays the same element, with the focus on it.
    await act(() => import('./bell-popover'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(bell).toBeInTheDocument();
    expect(bell).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Notifications' })).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /^Notifications/ })).toHaveFocus();
  });

  it("caps the badge at '99+'", async () => {
    fakeNotificationsApi(Array.from({ length: 150 }, (_, i) => makeNotification(150 - i)));
    renderWithApp(<NotificationBell />);
    const bell = screen.getByRole('button', { name: /^Notifications/ });
    await waitFor(() => expect(within(bell).getByTestId('notification-badge')).toHaveTextContent('99+'));
    // The name holds what the badge shows, so a voice user can say it (WCAG 2.5.3).
    expect(bell).toHaveAccessibleName('Notifications, 99+ unread');
  });

  it('shows the exact count up to 99', async () => {
    fakeNotificationsApi([makeNotification(2), makeNotification(1, { read: true })]);
    renderWithApp(<NotificationBell />);
    await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('1'));
    expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });

  it('hides the badge at 0', async () => {
    const api = fakeNotificationsApi([makeNotification(1, { read: true })]);
    renderWithApp(<NotificationBell />);
    await waitFor(() => expect(api.calls).toContain('GET /api/notifications/unread-count'));
    expect(screen.getByRole('button', { name: /^Notifications/ })).toHaveAccessibleName('Notifications');
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('lists the recent notifications with a clamped message, the date and a link to all', async () => {
    fakeNotificationsApi([
      makeNotification(2, { title: 'Referral accepted', message: 'A long message '.repeat(20) }),
      makeNotification(1, { title: 'Welcome to ReferBridge!', read: true }),
    ]);
    renderWithApp(<NotificationBell />);
    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    const list = await screen.findByRole('list', { name: 'Recent notifications' });
    const items = within(list).getAllByRole('button');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Referral accepted');
    expect(items[0]).toHaveAttribute('data-unread', 'true');
    expect(items[1]).not.toHaveAttribute('data-unread');
    expect(within(items[0]!).getByText(/A long message/)).toHaveClass('line-clamp-2');
    expect(within(items[0]!).getByText('Jan 5, 2025 3:04 PM')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    );
  });

  it('marks an unread item read when clicked and follows its link', async () => {
    const api = fakeNotificationsApi([makeNotification(7, { title: 'Welcome', link: '/profile/edit' })]);
    renderWithApp(<NotificationBell />);
    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Welcome/ }));
    await waitFor(() => expect(api.calls).toContain('PUT /api/notifications/7/read'));
    expect(screen.getByTestId('location')).toHaveTextContent('/profile/edit');
    await waitFor(() => expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument());
  });

  it('does not mark a read item again', async () => {
    const api = fakeNotificationsApi([makeNotification(3, { read: true })]);
    renderWithApp(<NotificationBell />);
    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Title 3/ }));
    expect(api.calls.filter((c) => c.startsWith('PUT'))).toEqual([]);
  });

  it('says so when there are none', async () => {
    fakeNotificationsApi([]);
    renderWithApp(<NotificationBell />);
    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
  });
});
