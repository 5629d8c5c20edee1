// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DocumentTitle } from './document-title';

describe('DocumentTitle', () => {
  it('names the tab after the matched route, and the product on routes without a title', async () => {
    function Layout() {
      return (
        <>
          <DocumentTitle routes={routes} />
          <Outlet />
        </>
      );
    }
    const routes: RouteObject[] = [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <p>home</p> },
          { path: '/dashboard', handle: { title: 'Dashboard' }, element: <p>dash</p> },
        ],
      },
    ];
    const router = createMemoryRouter(routes, { initialEntries: ['/dashboard'] });
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Dashboard · ReferBridge');
    await act(() => router.navigate('/'));
    expect(document.title).toBe('ReferBridge: get referred to your dream job');
  });
});
