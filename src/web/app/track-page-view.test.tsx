// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrackPageView } from './track-page-view';

describe('TrackPageView', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('records views of the four tracked screens only', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const router = createMemoryRouter([{ path: '*', element: <TrackPageView /> }], {
      initialEntries: ['/dashboard'],
    });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/notifications'));
    await act(() => router.navigate('/profile/edit'));
    const bodies = fetchMock.mock.calls.map((call: unknown[]) =>
      JSON.parse(String((call[1] as RequestInit).body)),
    );
    expect(bodies).toEqual([
      { category: 'navigation', action: 'page_view', details: { path: '/dashboard' } },
      { category: 'navigation', action: 'page_view', details: { path: '/profile/edit' } },
    ]);
  });
});
