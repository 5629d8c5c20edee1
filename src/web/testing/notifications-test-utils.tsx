import { QueryClient } from '@tanstack/react-query';
import { NOTIFICATION_PAGE_SIZE, RECENT_LIMIT, type Notification } from '@shared/notifications';
import type { ReactNode } from 'react';
import { fakeError, fakeApi } from '@/testing/fake-api';
import { renderAt } from '@/testing/render-at';

/** A stand-in for the notifications API behind `fetch`, holding one user's notifications in memory. */
export function fakeNotificationsApi(initial: Notification[]) {
  let items = [...initial];
  const byId = (params: Record<string, string>) => Number(params.id);
  const api = fakeApi({
    recordActivity: () => null,
    unreadCount: () => ({ count: items.filter((n) => !n.read).length }),
    recentNotifications: () => items.slice(0, RECENT_LIMIT),
    notifications: ({ url }) => {
      const before = url.searchParams.get('before');
      const limit = Number(url.searchParams.get('limit') ?? NOTIFICATION_PAGE_SIZE);
      const start = before ? items.findIndex((n) => n.id === Number(before)) + 1 : 0;
      return items.slice(start, start + limit);
    },
    markNotificationRead: ({ params }) => {
      items = items.map((n) => (n.id === byId(params) ? { ...n, read: true } : n));
      return items.find((n) => n.id === byId(params)) ?? fakeError(404, 'Notification not found.');
    },
    markAllNotificationsRead: () => {
      const updated = items.filter((n) => !n.read).length;
      items = items.map((n) => ({ ...n, read: true }));
      return { updated };
    },
    deleteNotification: ({ params }) => {
      items = items.filter((n) => n.id !== byId(params));
      return null;
    },
  });
  return {
    /** 'METHOD /path?query' of every call so far. */
    get calls() {
      return api.calls.map((c) => `${c.method} ${c.path}`);
    },
    fetchMock: api.fetchMock,
  };
}

export function makeNotification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    title: `Title ${id}`,
    message: `Message ${id}`,
    type: 'test',
    link: null,
    read: false,
    createdAt: new Date(2025, 0, 5, 15, 4).toISOString(),
    ...overrides,
  };
}

export function renderWithApp(ui: ReactNode, path = '/') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return renderAt(ui, path, queryClient);
}
