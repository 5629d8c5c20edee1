// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DocumentTitle } from './document-title';

describe('DocumentTitle', () => {
  it('names the tab after the matched route, and the product on routes without a title', async () => {
    const router = createMemoryRouter(
      [
        {
          element: (
            <>
              <DocumentTitle />
              <Outlet />
            </>
          ),
          children: [
            { path: '/', element: <p>home</p> },
            { path: '/dashboard', handle: { title: 'Dashboard' }, element: <p>dash</p> },
          ],
        },
      ],
      { initialEntries: ['/dashboard'] },
    );
    render(<RouterProvider router={router} />);
    expect(document.title).toBe('Dashboard · ReferBridge');
    await act(() => router.navigate('/'));
    expect(document.title).toBe('ReferBridge: get referred to your dream job');
  });
});
