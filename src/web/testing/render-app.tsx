import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { User } from '@shared/auth';
import { createQueryClient } from '@/app/query-client';
import { routes } from '@/app/router';
import type { FakeHandlers } from './fake-api';
import { aUser } from './fixtures';

/** The whole app, its routes and a fresh query client, opened at `path`: the router, to navigate or look. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

/** What every signed-in screen reads on the way in (the session, the activity ping, the bell), for fakeApi. */
export function signedInReads(user: User = aUser({ profileCompleted: true }), isAdmin = false): FakeHandlers {
  return {
    authStatus: () => ({ isAuthenticated: true, user, isAdmin }),
    recordActivity: () => null,
    unreadCount: () => ({ count: 0 }),
    recentNotifications: () => [],
  };
}
