import type { User } from '@shared/auth';
import type { Education, Experience, Resume, Skill } from '@shared/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { vi } from 'vitest';
import { aUser } from '@/testing/fixtures';

/** Test-only: a fake of the profile API behind fetch, plus a render wrapper with a fresh QueryClient. */

export interface FakeProfileState {
  user: User;
  experiences: Experience[];
  education: Education[];
  skills: Skill[];
  resume: Resume | null;
  /** GET/PUT /api/user/settings (the mail feature's contract). */
  settings: { emailNotifications: boolean };
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
}

/** The shared component-test user (see src/web/testing/fixtures.ts). */
export const testUser = aUser;

export const anExperience = (overrides: Partial<Experience> = {}): Experience => ({
  id: 1,
  companyName: 'Acme',
  jobTitle: 'Engineer',
  startDate: '2020-01-01',
  endDate: null,
  currentlyWorking: true,
  description: null,
  order: 0,
  ...overrides,
});

export const anEducation = (overrides: Partial<Education> = {}): Education => ({
  id: 1,
  instituteName: 'MIT',
  degree: 'BSc',
  major: 'Computer Science',
  startDate: '2014-09-01',
  endDate: '2018-06-01',
  currentlyStudying: false,
  description: null,
  order: 0,
  ...overrides,
});

export const aResume = (): Resume => ({
  id: 1,
  fileName: 'ada.pdf',
  fileUrl: '/api/resumes/1/download',
  filePath: '/api/resumes/1/download',
  uploadedAt: '2025-01-05T12:00:00.000Z',
});

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? '' : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

/** Installs a fetch that serves the profile endpoints from `state` (mutating it like the server would). */
export function fakeProfileApi(initial: Partial<FakeProfileState> = {}) {
  const state: FakeProfileState = {
    user: testUser(),
    experiences: [],
    education: [],
    skills: [],
    resume: null,
    settings: { emailNotifications: true },
    ...initial,
  };
  const calls: RecordedCall[] = [];
  let nextId = 100;
  /** Per-route overrides, e.g. to make one write fail. */
  const overrides = new Map<string, () => Response>();

  const handle = (method: string, path: string, body: unknown): Response => {
    const override = overrides.get(`${method} ${path}`);
    if (override) return override();
    const item = /^\/api\/user\/(experiences|education|skills)(?:\/(\d+))?$/.exec(path);
    if (path === '/auth/status') return json(200, { isAuthenticated: true, user: state.user });
    if (method === 'POST' && path === '/api/activity') return new Response(null, { status: 204 });
    if (path === '/api/user/resume/active') return json(200, state.resume);
    if (method === 'POST' && path === '/api/user/resume') {
      const file = body instanceof FormData ? body.get('resume') : null;
      if (!(file instanceof File)) return json(400, { error: 'No file' });
      state.resume = { ...aResume(), id: nextId++, fileName: file.name };
      return json(201, state.resume);
    }
    if (method === 'PUT' && path === `/api/users/${state.user.id}/profile-status`) {
      state.user = { ...state.user, profileCompleted: (body as { isCompleted: boolean }).isCompleted };
      return json(200, state.user);
    }
    if (path === '/api/user/settings') {
      if (method === 'PUT') state.settings = body as FakeProfileState['settings'];
      return json(200, state.settings);
    }
    if (method === 'PUT' && path === `/api/users/${state.user.id}/current-company`) {
      const { companyName } = body as { companyName: string };
      state.user = { ...state.user, currentCompanyName: companyName.trim(), notWorking: false };
      return json(200, state.user);
    }
    if (method === 'PUT' && path === `/api/users/${state.user.id}/not-working`) {
      const { notWorking } = body as { notWorking: boolean };
      state.user = notWorking
        ? { ...state.user, notWorking, currentCompanyName: null, willingToGiveReferrals: false }
        : { ...state.user, notWorking };
      return json(200, state.user);
    }
    if (item) {
      const key = item[1] as 'experiences' | 'education' | 'skills';
      const id = item[2] ? Number(item[2]) : null;
      const list = state[key] as { id: number }[];
      if (method === 'GET') return json(200, list);
      if (method === 'POST') {
        const created = { id: nextId++, proficiency: null, ...(body as object) };
        (state[key] as unknown[]) = [...list, created];
        return json(201, created);
      }
      if (method === 'PUT') {
        const updated = { ...(body as object), id };
        (state[key] as unknown[]) = list.map((x) => (x.id === id ? { ...x, ...updated } : x));
        return json(200, updated);
      }
      if (method === 'DELETE') {
        (state[key] as unknown[]) = list.filter((x) => x.id !== id);
        return new Response(null, { status: 204 });
      }
    }
    return json(404, { error: `No fake for ${method} ${path}` });
  };

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    calls.push({ method, path, body });
    return handle(method, path, body);
  });
  vi.stubGlobal('fetch', fetchMock);
  const isActivity = (c: RecordedCall) => c.path === '/api/activity';
  return {
    state,
    calls,
    overrides,
    fetchMock,
    /** Profile writes; activity records are kept apart in `activities`. */
    writes: () => calls.filter((c) => c.method !== 'GET' && !isActivity(c)),
    activities: () => calls.filter(isActivity).map((c) => c.body),
  };
}

export function renderWithClient(ui: ReactNode) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const wrap = (node: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>
  );
  const view = render(wrap(ui));
  return { queryClient, ...view, rerender: (next: ReactNode) => view.rerender(wrap(next)) };
}

/** jsdom has no ResizeObserver; Radix's checkbox measures itself with one. */
export function stubResizeObserver() {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
