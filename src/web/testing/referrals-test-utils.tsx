import type { User } from '@shared/auth';
import type { CompanyStats, CompanySummary } from '@shared/companies';
import type { CompanyDetection } from '@shared/job-url';
import type { ReferralRequest } from '@shared/referrals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '@/app/query-client';
import { aUser } from '@/testing/fixtures';

/** Test-only: a fake of the referral endpoints behind fetch, and a render wrapper with the app's QueryClient. */

const at = '2025-01-05T12:00:00.000Z';

export function aRequest(id: number, overrides: Partial<ReferralRequest> = {}): ReferralRequest {
  return {
    id,
    jobSeekerId: 20,
    companyId: 1,
    position: `Engineer ${id}`,
    jobUrl: `https://careers.google.com/jobs/${id}`,
    status: 'pending',
    message: null,
    resumeLink: null,
    createdAt: at,
    updatedAt: at,
    company: { id: 1, name: 'Google', isPartner: false },
    jobSeeker: { id: 20, fullName: 'Grace Hopper', email: 'grace@example.com', profilePicture: null },
    referral: null,
    handoffs: [],
    ...overrides,
  };
}

/** A request with a referral in `status` (the displayed status follows it). */
export function withReferral(
  request: ReferralRequest,
  status: ReferralRequest['status'],
  feedback: string | null = null,
) {
  return {
    ...request,
    referral: {
      id: request.id + 1000,
      requestId: request.id,
      referrerId: 7,
      status,
      feedback,
      submittedAt: null,
      createdAt: at,
      updatedAt: at,
      referrerFirstName: 'Ada',
    },
  };
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeReferralsState {
  user: User;
  companies: CompanySummary[];
  mine: ReferralRequest[];
  incoming: ReferralRequest[];
  detect: (url: string) => CompanyDetection;
  /** GET /api/companies/{id}/stats by company id; a company not here answers 404. */
  stats: Record<number, CompanyStats>;
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export { json as jsonResponse };

export function fakeReferralsApi(initial: Partial<FakeReferralsState> = {}) {
  const state: FakeReferralsState = {
    user: aUser(),
    companies: [
      { id: 1, name: 'Google' },
      { id: 4, name: 'Stripe' },
    ],
    mine: [],
    incoming: [],
    detect: () => ({ companyName: 'Google', companyId: 1, confidence: 'high', message: null }),
    stats: {},
    ...initial,
  };
  const calls: RecordedCall[] = [];
  /** Per-route overrides ('POST /api/referral-requests'), e.g. to make one call fail. */
  const overrides = new Map<string, () => Response>();

  const handle = (method: string, url: URL, body: unknown): Response => {
    const path = url.pathname;
    const override = overrides.get(`${method} ${path}`);
    if (override) return override();
    if (path === '/auth/status') return json(200, { isAuthenticated: true, user: state.user });
    if (method === 'POST' && path === '/api/activity') return new Response(null, { status: 204 });
    if (path === '/api/companies') return json(200, state.companies);
    const stats = /^\/api\/companies\/(\d+)\/stats$/.exec(path);
    if (method === 'GET' && stats) {
      const found = state.stats[Number(stats[1])];
      return found ? json(200, found) : json(404, { error: 'Company not found.' });
    }
    if (path === '/api/companies/detect') return json(200, state.detect(url.searchParams.get('url') ?? ''));
    if (method === 'GET' && path === '/api/referral-requests') {
      return json(200, url.searchParams.get('role') === 'referrer' ? state.incoming : state.mine);
    }
    if (method === 'POST' && path === '/api/referral-requests') {
      return json(201, { ...aRequest(99), noReferrers: false });
    }
    const status = /^\/api\/referrals\/(\d+)\/status$/.exec(path);
    if (method === 'PUT' && status) {
      const referralId = Number(status[1]);
      const next = (body as { status: ReferralRequest['status']; feedback: string }).status;
      state.incoming = state.incoming.map((r) =>
        r.referral?.id === referralId ? withReferral(r, next, (body as { feedback: string }).feedback) : r,
      );
      const changed = state.incoming.find((r) => r.referral?.id === referralId)?.referral;
      return changed ? json(200, changed) : json(404, { error: 'Not found.' });
    }
    if (method === 'PUT' && path === `/api/users/${state.user.id}/willingness-to-give-referrals`) {
      const isWilling = (body as { isWilling: boolean }).isWilling;
      state.user = {
        ...state.user,
        willingToGiveReferrals: isWilling,
        role: isWilling ? 'referrer' : state.user.role,
      };
      return json(200, state.user);
    }
    return json(404, { error: `No fake for ${method} ${path}` });
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path: `${url.pathname}${url.search}`, body });
    return handle(method, url, body);
  });
  vi.stubGlobal('fetch', fetchMock);
  const isActivity = (c: RecordedCall) => c.path === '/api/activity';
  return {
    state,
    calls,
    overrides,
    writes: () => calls.filter((c) => c.method !== 'GET' && !isActivity(c)),
    activities: () => calls.filter(isActivity).map((c) => c.body),
  };
}

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/** Renders with the app's own QueryClient (so failed mutations toast as in the app) inside a router. */
export function renderReferralsUi(ui: ReactNode, path = '/') {
  const queryClient = createQueryClient();
  const view = render(
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
  return { queryClient, ...view };
}

/** jsdom lacks ResizeObserver (Radix checkbox, cmdk) and scrollIntoView (cmdk's highlight). */
export function stubBrowserApis() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Element.prototype.scrollIntoView = () => {};
}
