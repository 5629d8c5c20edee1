import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Notification } from '@shared/notifications';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';

/** A stand-in for the notifications API behind `fetch`, holding one user's notifications in memory. */
export function fakeNotificationsApi(initial: Notification[]) {
  let items = [...initial];
  const calls: string[] = [];
  const json = (body: unknown, status = 200) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    calls.push(`${method} ${url.pathname}${url.search}`);
    const path = url.pathname;
    if (method === 'GET' && path === '/api/notifications/unread-count')
      return json({ count: items.filter((n) => !n.read).length });
    if (method === 'GET' && path === '/api/notifications/recent') return json(items.slice(0, 10));
    if (method === 'GET' && path === '/api/notifications') {
      const before = url.searchParams.get('before');
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const start = before ? items.findIndex((n) => n.id === Number(before)) + 1 : 0;
      return json(items.slice(start, start + limit));
    }
    const read = /^\/api\/notifications\/(\d+)\/read$/.exec(path);
    if (method === 'PUT' && read) {
      items = items.map((n) => (n.id === Number(read[1]) ? { ...n, read: true } : n));
      return json(items.find((n) => n.id === Number(read[1])));
    }
    if (method === 'PUT' && path === '/api/notifications/read-all') {
      const updated = items.filter((n) => !n.read).length;
      items = items.map((n) => ({ ...n, read: true }));
      return json({ updated });
    }
    const del = /^\/api\/notifications\/(\d+)$/.exec(path);
    if (method === 'DELETE' && del) {
      items = items.filter((n) => n.id !== Number(del[1]));
      return new Response(null, { status: 204 });
    }
    return json({ error: 'Not found.' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
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

function WhereAmI() {
  return <p data-testid="location">{useLocation().pathname}</p>;
}

export function renderWithApp(ui: ReactNode, path = '/') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {ui}
                <WhereAmI />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
