// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { analyticsMetaTag } from '@shared/analytics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrackPageView } from './track-page-view';

describe('TrackPageView', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.querySelectorAll('meta').forEach((m) => m.remove());
  });

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

  it('sends the same page views, path only, to analytics when the server configured it', async () => {
    const fetchMock = vi.fn(async (..._args: unknown[]) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    document.head.insertAdjacentHTML(
      'beforeend',
      analyticsMetaTag({
        provider: 'plausible',
        domain: 'referbridge.example',
        apiHost: 'https://plausible.io',
      }),
    );
    const router = createMemoryRouter([{ path: '*', element: <TrackPageView /> }], {
      initialEntries: ['/request-referral'],
    });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/notifications'));
    const sent = fetchMock.mock.calls
      .filter((call: unknown[]) => String(call[0]).startsWith('https://plausible.io'))
      .map((call: unknown[]) => JSON.parse(String((call[1] as RequestInit).body)));
    expect(sent).toEqual([
      { name: 'pageview', url: `${window.location.origin}/request-referral`, domain: 'referbridge.example' },
    ]);
  });
});
