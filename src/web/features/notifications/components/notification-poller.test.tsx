// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationPoller } from './notification-poller';
import { fakeNotificationsApi, renderWithApp } from '@/testing/notifications-test-utils';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('NotificationPoller', () => {
  it('renders the app and polls the unread count and recent list every 60 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = fakeNotificationsApi([]);
    renderWithApp(
      <NotificationPoller>
        <p>the app</p>
      </NotificationPoller>,
    );
    expect(screen.getByText('the app')).toBeInTheDocument();
    const count = (call: string) => api.calls.filter((c) => c === call).length;
    await waitFor(() => expect(count('GET /api/notifications/unread-count')).toBe(1));
    expect(count('GET /api/notifications/recent')).toBe(1);

    await vi.advanceTimersByTimeAsync(59_000);
    expect(count('GET /api/notifications/unread-count')).toBe(1);
    await vi.advanceTimersByTimeAsync(2_000);
    await waitFor(() => expect(count('GET /api/notifications/unread-count')).toBe(2));
    expect(count('GET /api/notifications/recent')).toBe(2);
  });
});
