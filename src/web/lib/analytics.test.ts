// @vitest-environment jsdom
import { analyticsMetaTag } from '@shared/analytics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logActivity } from './activity';
import { fakeApi } from '@/testing/fake-api';
import { analytics, createPlausibleAnalytics, maskPath, readAnalyticsConfig } from './analytics';

const config = {
  provider: 'plausible' as const,
  domain: 'referbridge.example',
  apiHost: 'https://plausible.io',
};

function setMeta(tag: string | null) {
  document.head.querySelectorAll('meta[name="referbridge-analytics"]').forEach((m) => m.remove());
  if (tag) document.head.insertAdjacentHTML('beforeend', tag);
}

interface Sent {
  url: string;
  init: RequestInit;
  body: Record<string, unknown>;
}

/** The app's own activity log answers; what goes to the analytics provider is kept in the list returned. */
function stubFetch() {
  const sent: Sent[] = [];
  const api = fakeApi(
    { recordActivity: () => null },
    {
      outside: (url, init = {}) => {
        sent.push({ url: url.href, init, body: JSON.parse(String(init.body)) });
        return new Response(null, { status: 202 });
      },
    },
  );
  return { sent, appCalls: api.calls };
}

describe('analytics adapter', () => {
  beforeEach(() => window.history.replaceState(null, '', '/dashboard'));
  afterEach(() => {
    setMeta(null);
    vi.unstubAllGlobals();
  });

  it('sends nothing when the server configured nothing', () => {
    const { sent } = stubFetch();
    analytics.pageView('/dashboard');
    analytics.event('Referral Request', 'referral', { noReferrers: true });
    expect(sent).toEqual([]);
  });

  it('ignores an unreadable tag', () => {
    setMeta('<meta name="referbridge-analytics" content="{not json">');
    expect(readAnalyticsConfig()).toBeNull();
    setMeta('<meta name="referbridge-analytics" content="{&quot;provider&quot;:&quot;other&quot;}">');
    expect(readAnalyticsConfig()).toBeNull();
  });

  it('reads the tag the server writes', () => {
    setMeta(analyticsMetaTag(config));
    expect(readAnalyticsConfig()).toEqual(config);
  });

  it('posts a page view to the events API of the configured host', () => {
    const { sent } = stubFetch();
    setMeta(analyticsMetaTag({ ...config, apiHost: 'https://stats.example.org' }));
    analytics.pageView('/my-referrals');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://stats.example.org/api/event');
    expect(sent[0]!.init).toMatchObject({
      method: 'POST',
      credentials: 'omit',
      keepalive: true,
      headers: { 'content-type': 'text/plain' },
    });
    expect(sent[0]!.body).toEqual({
      name: 'pageview',
      url: `${window.location.origin}/my-referrals`,
      domain: 'referbridge.example',
    });
  });

  it('sends events with their category and yes/no properties only', () => {
    const sent: { url: string; body: unknown }[] = [];
    const adapter = createPlausibleAnalytics(config, {
      origin: 'https://app.example',
      send: async (url, init) => sent.push({ url, body: JSON.parse(String(init.body)) }),
    });
    adapter.event('Referral Request', 'referral', {
      requestId: 7,
      companyId: 3,
      noReferrers: true,
      email: 'ada@example.com',
      fullName: 'Ada Lovelace',
    });
    expect(sent).toEqual([
      {
        url: 'https://plausible.io/api/event',
        body: {
          name: 'Referral Request',
          url: 'https://app.example/dashboard',
          domain: 'referbridge.example',
          props: { category: 'referral', noReferrers: true },
        },
      },
    ]);
  });

  it('masks ids in paths and drops query strings and fragments', () => {
    expect(maskPath('/profile/view/42')).toBe('/profile/view/:id');
    expect(maskPath('/referrals/12/status?email=ada@example.com#x')).toBe('/referrals/:id/status');
    expect(maskPath('/blog/top-10-tips')).toBe('/blog/top-10-tips');
  });

  it('logActivity records the activity and forwards it under its vocabulary name, without personal data', () => {
    const { sent, appCalls } = stubFetch();
    setMeta(analyticsMetaTag(config));
    window.history.replaceState(null, '', '/profile/view/42?name=ada');
    logActivity('resume', 'uploaded', { fileName: 'ada-lovelace.pdf', userId: 42 });
    expect(appCalls.map((call) => call.path)).toEqual(['/api/activity']);
    const [event] = sent;
    expect(event!.url).toBe('https://plausible.io/api/event');
    expect(event!.body).toEqual({
      name: 'Resume Upload',
      url: `${window.location.origin}/profile/view/:id`,
      domain: 'referbridge.example',
      props: { category: 'resume' },
    });
    const everything = JSON.stringify(event!.body);
    for (const personal of ['ada', '42', 'Lovelace']) expect(everything).not.toContain(personal);
  });
});
