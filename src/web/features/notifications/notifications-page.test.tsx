// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatNotificationDate, notificationTime } from '@shared/notifications';
import { NotificationsPage } from './notifications-page';
import { fakeNotificationsApi, makeNotification, renderWithApp } from '@/testing/notifications-test-utils';

afterEach(() => vi.unstubAllGlobals());

const rows = async () =>
  within(await screen.findByRole('list', { name: 'All notifications' })).getAllByRole('listitem');

describe('NotificationsPage', () => {
  it('shows the loading text, then rows with title, message and date, unread highlighted', async () => {
    fakeNotificationsApi([makeNotification(2), makeNotification(1, { read: true })]);
    renderWithApp(<NotificationsPage />);
    expect(screen.getByText('Loading notifications...')).toBeInTheDocument();
    const [first, second] = await rows();
    expect(first).toHaveTextContent('Title 2');
    expect(first).toHaveTextContent('Message 2');
    expect(first).toHaveTextContent('Jan 5, 2025 3:04 PM');
    expect(first).toHaveAttribute('data-unread', 'true');
    expect(second).not.toHaveAttribute('data-unread');
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(await screen.findByText('1 unread')).toBeInTheDocument();
  });

  it("writes a time inside a message in the reader's own time zone, as the dates are written", async () => {
    const deadline = new Date('2026-11-26T12:26:00Z');
    fakeNotificationsApi([
      makeNotification(3, {
        message: `Please answer by ${notificationTime(deadline)}; after that it passes on.`,
      }),
    ]);
    renderWithApp(<NotificationsPage />);
    const [row] = await rows();
    expect(row).toHaveTextContent(
      `Please answer by ${formatNotificationDate(deadline)}; after that it passes on.`,
    );
    expect(row).not.toHaveTextContent('{{time');
  });

  it("'Mark all as read' marks everything and then disappears with the badge", async () => {
    const api = fakeNotificationsApi([makeNotification(2), makeNotification(1)]);
    renderWithApp(<NotificationsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument(),
    );
    expect(api.calls).toContain('PUT /api/notifications/read-all');
    expect(screen.queryByText(/unread$/)).not.toBeInTheDocument();
  });

  it('has no unread badge and no mark-all button when everything is read', async () => {
    fakeNotificationsApi([makeNotification(1, { read: true })]);
    renderWithApp(<NotificationsPage />);
    await rows();
    await waitFor(() => expect(screen.queryByText('Loading notifications...')).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
    expect(screen.queryByText(/unread$/)).not.toBeInTheDocument();
  });

  it('asks before deleting with the exact texts; Cancel keeps the notification', async () => {
    const api = fakeNotificationsApi([makeNotification(1)]);
    renderWithApp(<NotificationsPage />);
    const [row] = await rows();
    await userEvent.click(within(row!).getByRole('button', { name: 'Delete notification' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('heading', { name: 'Delete Notification' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete this notification? This action cannot be undone.',
    );
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Delete']);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.some((c) => c.startsWith('DELETE'))).toBe(false);
    expect(await rows()).toHaveLength(1);
  });

  it('deletes after confirming and shows the empty state', async () => {
    const api = fakeNotificationsApi([makeNotification(5)]);
    renderWithApp(<NotificationsPage />);
    const [row] = await rows();
    await userEvent.click(within(row!).getByRole('button', { name: 'Delete notification' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No notifications yet')).toBeInTheDocument();
    expect(api.calls).toContain('DELETE /api/notifications/5');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('clicking a row marks it read and follows its link', async () => {
    const api = fakeNotificationsApi([makeNotification(3, { link: '/my-referrals' })]);
    renderWithApp(<NotificationsPage />, '/notifications');
    await userEvent.click(await screen.findByRole('button', { name: /Title 3/ }));
    await waitFor(() => expect(api.calls).toContain('PUT /api/notifications/3/read'));
    expect(screen.getByTestId('location')).toHaveTextContent('/my-referrals');
  });

  it('loads older pages with the before cursor', async () => {
    const api = fakeNotificationsApi(Array.from({ length: 60 }, (_, i) => makeNotification(60 - i)));
    renderWithApp(<NotificationsPage />);
    expect(await rows()).toHaveLength(50);
    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await rows()).toHaveLength(60));
    expect(api.calls).toContain('GET /api/notifications?limit=50&before=11');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
