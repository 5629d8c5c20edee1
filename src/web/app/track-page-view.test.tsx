// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { analyticsMetaTag } from '@shared/analytics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TrackPageView } from './track-page-view';
import { fakeApi } from '@/testing/fake-api';

describe('TrackPageView', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.head.querySelectorAll('meta').forEach((m) => m.remove());
  });

  it('records views of the four tracked screens only', async () => {
    const { calls } = fakeApi({ recordActivity: () => null });
    const router = createMemoryRouter([{ path: '*', element: <TrackPageView /> }], {
      initialEntries: ['/dashboard'],
    });
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/notifications'));
    await act(() => router.navigate('/profile/edit'));
    expect(calls.map((call) => call.body)).toEqual([
      { category: 'navigation', action: 'page_view', details: { path: '/dashboard' } },
      { category: 'navigation', action: 'page_view', details: { path: '/profile/edit' } },
    ]);
  });

  it('sends the same page views, path only, to analytics when the server configured it', async () => {
    const sent: unknown[] = [];
    fakeApi(
      { recordActivity: () => null },
      {
        outside: (url, init) => {
          if (url.origin === 'https://plausible.io') sent.push(JSON.parse(String(init?.body)));
          return new Response(null, { status: 202 });
        },
      },
    );
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
    expect(sent).toEqual([
      { name: 'pageview', url: `${window.location.origin}/request-referral`, domain: 'referbridge.example' },
    ]);
  });
});
