import type { UserSettings } from '@shared/settings';
import { apiPath } from '@shared/api-routes';
import type { User } from '@shared/auth';
import {
  EducationInputSchema,
  ExperienceInputSchema,
  SkillInputSchema,
  type Education,
  type Experience,
  type Resume,
  type Skill,
} from '@shared/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { fakeError, fakeApi, type FakeRequest, type RecordedCall } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';

/** Test-only: a fake of the profile API behind fetch, plus a render wrapper with a fresh QueryClient. */

export interface FakeProfileState {
  user: User;
  experiences: Experience[];
  education: Education[];
  skills: Skill[];
  resume: Resume | null;
  /** GET/PUT /api/user/settings (the mail feature's contract). */
  settings: UserSettings;
}

export type { RecordedCall } from '@/testing/fake-api';

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
  fileUrl: apiPath('resumeFile', { id: 1 }),
  filePath: apiPath('resumeFile', { id: 1 }),
  uploadedAt: '2025-01-05T12:00:00.000Z',
});

/** The code fakeProfileApi's personal-address confirmation takes. */
export const FAKE_CODE = '246810';

/** Installs a fetch that serves the profile endpoints from `state` (mutating it like the server would). */
export function fakeProfileApi(initial: Partial<FakeProfileState> = {}) {
  const state: FakeProfileState = {
    user: testUser(),
    experiences: [],
    education: [],
    skills: [],
    resume: null,
    settings: {
      emailNotifications: true,
      timeZone: null,
      monthlyReferralCap: null,
      referralsPausedUntil: null,
      showCurrentEmployer: true,
      notificationEmail: null,
      notificationEmailPending: null,
    },
    ...initial,
  };
  let nextId = 100;
  const ownUser = (params: Record<string, string>) => Number(params.id) === state.user.id;
  const notYours = fakeError(403, 'You can only change your own profile.');
  /** A list the user edits; `fields` turns a request body into the stored fields, as the server does. */
  const list = (key: 'experiences' | 'education' | 'skills', fields: (body: unknown) => object) => ({
    all: () => state[key],
    add: ({ body }: FakeRequest) => {
      const created = { id: nextId++, ...fields(body) };
      (state[key] as unknown[]) = [...state[key], created];
      return created;
    },
    change: ({ params, body }: FakeRequest) => {
      const id = Number(params.id);
      const found = (state[key] as { id: number }[]).find((x) => x.id === id);
      if (!found) return fakeError(404, 'There is no such item.');
      const updated = { ...found, ...fields(body), id };
      (state[key] as unknown[]) = state[key].map((x) => (x.id === id ? updated : x));
      return updated;
    },
    remove: ({ params }: FakeRequest) => {
      (state[key] as unknown[]) = state[key].filter((x) => x.id !== Number(params.id));
      return { success: true };
    },
  });
  const experiences = list('experiences', (body) => ExperienceInputSchema.parse(body));
  const education = list('education', (body) => EducationInputSchema.parse(body));
  const skills = list('skills', (body) => ({ ...SkillInputSchema.parse(body), proficiency: null }));

  const api = fakeApi({
    authStatus: () => ({ isAuthenticated: true, user: state.user }),
    recordActivity: () => null,
    myActiveResume: () => state.resume,
    uploadResume: ({ body }) => {
      const file = body instanceof FormData ? body.get('resume') : null;
      if (!(file instanceof File)) return fakeError(400, 'Choose a PDF file to upload.');
      state.resume = { ...aResume(), id: nextId, fileName: file.name };
      state.resume.fileUrl = state.resume.filePath = apiPath('resumeFile', { id: nextId++ });
      return state.resume;
    },
    profileStatus: ({ params, body }) => {
      if (!ownUser(params)) return notYours;
      state.user = { ...state.user, profileCompleted: (body as { isCompleted: boolean }).isCompleted };
      return state.user;
    },
    mySettings: () => state.settings,
    // As the server: a new notificationEmail waits for its code; a null or the confirmed one changes nothing.
    changeSettings: ({ body }) => {
      const {
        notificationEmail,
        notificationEmailPending: _readOnly,
        ...rest
      } = body as Partial<FakeProfileState['settings']>;
      const mailed = notificationEmail && notificationEmail !== state.settings.notificationEmail;
      state.settings = {
        ...state.settings,
        ...rest,
        ...(mailed && { notificationEmailPending: notificationEmail.trim().toLowerCase() }),
      };
      return state.settings;
    },
    // The code the fake mails is always FAKE_CODE.
    confirmNotificationEmail: ({ body }) => {
      const pending = state.settings.notificationEmailPending;
      if (!pending) return fakeError(400, 'There is no code waiting for you: ask for a code first.');
      if ((body as { code: string }).code !== FAKE_CODE) {
        return fakeError(400, 'That code is not right. 4 tries left.');
      }
      state.settings = { ...state.settings, notificationEmail: pending, notificationEmailPending: null };
      return state.settings;
    },
    currentCompany: ({ params, body }) => {
      if (!ownUser(params)) return notYours;
      const { companyName } = body as { companyName: string };
      state.user = { ...state.user, currentCompanyName: companyName.trim(), notWorking: false };
      return state.user;
    },
    notWorking: ({ params, body }) => {
      if (!ownUser(params)) return notYours;
      const { notWorking } = body as { notWorking: boolean };
      state.user = notWorking
        ? { ...state.user, notWorking, currentCompanyName: null, willingToGiveReferrals: false }
        : { ...state.user, notWorking };
      return state.user;
    },
    myExperiences: experiences.all,
    addExperience: experiences.add,
    changeExperience: experiences.change,
    deleteExperience: experiences.remove,
    myEducation: education.all,
    addEducation: education.add,
    changeEducation: education.change,
    deleteEducation: education.remove,
    mySkills: skills.all,
    addSkill: skills.add,
    deleteSkill: skills.remove,
  });
  const isActivity = (c: RecordedCall) => c.path === apiPath('recordActivity');
  return {
    state,
    calls: api.calls,
    /** Per-call overrides ('PUT /api/user/settings'), e.g. to make one write fail. */
    overrides: api.overrides,
    fetchMock: api.fetchMock,
    /** Profile writes; activity records are kept apart in `activities`. */
    writes: () => api.calls.filter((c) => c.method !== 'GET' && !isActivity(c)),
    activities: () => api.calls.filter(isActivity).map((c) => c.body),
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
