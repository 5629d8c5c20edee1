import type { JobPreview } from '@shared/jobs';
import { OPENING_ERRORS, OPENINGS_PAGE_SIZE, type CreateOpeningInput, type Opening } from '@shared/openings';
import { fakeError, type FakeHandlers } from '@/testing/fake-api';

/** Test-only: openings (issue 49 item 2) as the fake referrals API keeps and answers them. */

export function anOpening(id: number, overrides: Partial<Opening> = {}): Opening {
  return {
    id,
    company: { id: 4, name: 'Stripe' },
    title: `Software Engineer ${id}`,
    location: 'Remote',
    jobUrl: `https://jobs.lever.co/stripe/${id}`,
    note: null,
    postedAt: '2026-12-01T12:00:00.000Z',
    referrerFirstName: 'Ada',
    referrerVerified: false,
    ...overrides,
  };
}

export interface FakeOpeningsState {
  /** GET /api/openings: everyone's, newest first; `q` finds title or company, `companyId` filters. */
  openings: Opening[];
  /** GET /api/openings?mine=true: the signed-in referrer's own. */
  myOpenings: Opening[];
  /** What the preview reads of a posting (the title and location a posted opening takes when not given). */
  preview: (url: string) => JobPreview;
}

let nextId = 900;

/** The three openings routes over `state`, which POST and DELETE change. */
export function fakeOpeningsRoutes(state: FakeOpeningsState): FakeHandlers {
  return {
    openings: ({ url }) => {
      if (url.searchParams.get('mine') === 'true') return { items: state.myOpenings, nextCursor: null };
      const q = (url.searchParams.get('q') ?? '').trim().toLowerCase();
      const companyId = Number(url.searchParams.get('companyId') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? OPENINGS_PAGE_SIZE);
      const start = Number(url.searchParams.get('cursor')?.slice(1) ?? 0);
      const found = state.openings.filter(
        (o) =>
          (!companyId || o.company.id === companyId) &&
          (o.title.toLowerCase().includes(q) || o.company.name.toLowerCase().includes(q)),
      );
      const items = found.slice(start, start + limit);
      return { items, nextCursor: start + limit < found.length ? `c${start + limit}` : null };
    },
    postOpening: ({ body }) => {
      const input = body as CreateOpeningInput;
      const read = state.preview(input.jobUrl.trim());
      const title = input.title?.trim() || read.title;
      if (!title) return fakeError(400, OPENING_ERRORS.titleNeeded);
      const opening = anOpening(nextId++, {
        title,
        location: input.location?.trim() || read.location,
        jobUrl: input.jobUrl.trim(),
        note: input.note?.trim() || null,
        postedAt: '2026-12-06T12:00:00.000Z',
      });
      state.myOpenings = [opening, ...state.myOpenings];
      state.openings = [opening, ...state.openings];
      return opening;
    },
    deleteOpening: ({ params }) => {
      const id = Number(params.id);
      if (!state.myOpenings.some((o) => o.id === id)) return fakeError(404, OPENING_ERRORS.noSuchOpening);
      state.myOpenings = state.myOpenings.filter((o) => o.id !== id);
      state.openings = state.openings.filter((o) => o.id !== id);
      return { success: true };
    },
  };
}
