// @vitest-environment jsdom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NotificationBell } from '../components/notification-bell';
import { NotificationPoller } from '../components/notification-poller';
import { fakeNotificationsApi, makeNotification, renderWithApp } from '@/testing/notifications-test-utils';

/** Stands in for the browser's EventSource; tests push server events through `emit`. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  emit(type: string, data: unknown) {
    act(() => {
      this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
    });
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

function stubEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
}

afterEach(() => vi.unstubAllGlobals());

const renderSignedIn = () =>
  renderWithApp(
    <NotificationPoller>
      <NotificationBell />
    </NotificationPoller>,
  );

describe('live notifications', () => {
  it('opens one stream and updates the badge from an event, without polling', async () => {
    stubEventSource();
    const api = fakeNotificationsApi([makeNotification(1)]);
    const { unmount } = renderSignedIn();
    const badge = () => screen.getByTestId('notification-badge');
    await waitFor(() => expect(badge()).toHaveTextContent('1'));
    expect(FakeEventSource.instances.map((s) => s.url)).toEqual(['/api/notifications/stream']);
    const source = FakeEventSource.instances[0]!;

    source.emit('unread-count', { count: 3 });
    await waitFor(() => expect(badge()).toHaveTextContent('3'));
    expect(badge().closest('button')).toHaveAccessibleName('Notifications, 3 unread');
    expect(api.calls.filter((c) => c === 'GET /api/notifications/unread-count')).toHaveLength(1);

    unmount();
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('shows a new notification in the bell at once', async () => {
    stubEventSource();
    fakeNotificationsApi([makeNotification(1, { read: true })]);
    renderSignedIn();
    await userEvent.click(screen.getByRole('button', { name: /^Notifications/ }));
    const list = await screen.findByRole('list', { name: 'Recent notifications' });
    await within(list).findByText('Title 1');

    FakeEventSource.instances[0]!.emit('notification', makeNotification(2, { title: 'Referral accepted' }));
    expect(await within(list).findByText('Referral accepted')).toBeInTheDocument();
  });

  it('closes for good when newer tabs replaced it, and keeps polling', async () => {
    stubEventSource();
    const api = fakeNotificationsApi([makeNotification(1)]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderSignedIn();
      await waitFor(() => expect(screen.getByTestId('notification-badge')).toHaveTextContent('1'));
      const source = FakeEventSource.instances[0]!;
      source.emit('replaced', {});
      expect(source.readyState).toBe(FakeEventSource.CLOSED);
      // As a browser reports the end of the response that follows.
      act(() => {
        source.dispatchEvent(new Event('error'));
      });
      const polls = () => api.calls.filter((c) => c === 'GET /api/notifications/unread-count').length;
      const before = polls();
      await act(() => vi.advanceTimersByTimeAsync(61_000));
      expect(FakeEventSource.instances).toHaveLength(1);
      await waitFor(() => expect(polls()).toBeGreaterThan(before));
    } finally {
      vi.useRealTimers();
    }
  });

  it('closes the stream when told the session ended', async () => {
    stubEventSource();
    fakeNotificationsApi([]);
    renderSignedIn();
    const source = FakeEventSource.instances[0]!;
    source.emit('signed-out', {});
    expect(source.readyState).toBe(FakeEventSource.CLOSED);
  });
});
