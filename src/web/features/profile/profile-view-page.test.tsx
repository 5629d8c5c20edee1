// @vitest-environment jsdom
import type { Education, Experience } from '@shared/profile';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProfileViewPage } from './profile-view-page';
import { fakeError, fakeApi, type FakeRequest } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';

const ada = aUser();

const job = (
  id: number,
  jobTitle: string,
  startDate: string,
  extra: Partial<Experience> = {},
): Experience => ({
  id,
  companyName: `${jobTitle} Co`,
  jobTitle,
  startDate,
  endDate: '2024-01-01',
  currentlyWorking: false,
  description: null,
  order: 0,
  ...extra,
});

const school = (id: number, instituteName: string, endDate: string | null): Education => ({
  id,
  instituteName,
  degree: 'BSc',
  major: 'Mathematics',
  startDate: '2000-09-01',
  endDate,
  currentlyStudying: false,
  description: null,
  order: 0,
});

type Routes = Record<string, { status?: number; body: unknown } | 'pending'>;

/**
 * Answers the five profile reads from a table keyed by path, through the fake of the real routes (so the
 * bodies must parse with the shared schemas); a path missing from the table is a test bug.
 */
function stubApi(routes: Routes) {
  const read = ({ url }: FakeRequest) => {
    const route = routes[url.pathname];
    if (!route || route === 'pending') throw new Error(`unexpected fetch ${url.pathname}`);
    if ((route.status ?? 200) >= 400)
      return fakeError(route.status!, (route.body as { error: string }).error);
    return route.body;
  };
  const api = fakeApi({
    user: read,
    userExperiences: read,
    userEducation: read,
    userSkills: read,
    userActiveResume: read,
  });
  const answer = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation((input, init) =>
    routes[String(input)] === 'pending' ? new Promise<Response>(() => {}) : answer(input, init),
  );
  return api.fetchMock;
}

function profileRoutes(
  id: number,
  parts: Partial<Record<'user' | 'experiences' | 'education' | 'skills' | 'resume', unknown>> = {},
): Routes {
  return {
    [`/api/users/${id}`]: { body: parts.user ?? { ...ada, id } },
    [`/api/users/${id}/experiences`]: { body: parts.experiences ?? [] },
    [`/api/users/${id}/education`]: { body: parts.education ?? [] },
    [`/api/users/${id}/skills`]: { body: parts.skills ?? [] },
    [`/api/users/${id}/resume/active`]: { body: parts.resume ?? null },
  };
}

function renderAt(entries: string[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
        <Routes>
          <Route path="/profile/view/:id" element={<ProfileViewPage />} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
          <Route path="/previous" element={<p>Previous page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProfileViewPage', () => {
  it('shows the loading text while the profile loads', () => {
    stubApi({ ...profileRoutes(7), '/api/users/7': 'pending' });
    renderAt(['/profile/view/7']);
    expect(screen.getByRole('heading', { name: 'User Profile' })).toBeInTheDocument();
    expect(screen.getByText('Loading profile...')).toBeInTheDocument();
  });

  it('shows the name, email and the three empty texts for an empty profile', async () => {
    stubApi(profileRoutes(7));
    renderAt(['/profile/view/7']);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('No work experience has been added yet.')).toBeInTheDocument();
    expect(screen.getByText('No education has been added yet.')).toBeInTheDocument();
    expect(screen.getByText('No skills have been added yet.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Download Resume/ })).not.toBeInTheDocument();
    expect(screen.getByText('A')).toBeInTheDocument(); // the initial avatar
  });

  it('shows Profile Not Found when the API answers 404', async () => {
    stubApi({ ...profileRoutes(9), '/api/users/9': { status: 404, body: { error: 'Profile not found.' } } });
    renderAt(['/profile/view/9']);
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
  });

  it('asks once for a profile that is not there, and stops at Profile Not Found', async () => {
    const fetchMock = stubApi({
      ...profileRoutes(9999),
      '/api/users/9999': { status: 404, body: { error: 'Profile not found.' } },
    });
    renderAt(['/profile/view/9999']);
    expect(await screen.findByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    // Long enough for a retry or a late parallel read to show up.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toEqual(['/api/users/9999']);
  });

  it('reads each part of a profile once', async () => {
    const fetchMock = stubApi(profileRoutes(7));
    renderAt(['/profile/view/7']);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    expect(fetchMock.mock.calls.map(([input]) => String(input)).sort()).toEqual(
      Object.keys(profileRoutes(7)).sort(),
    );
  });

  it('asks a signed-out visitor to sign in when the API answers 401', async () => {
    stubApi({
      ...profileRoutes(9),
      '/api/users/9': { status: 401, body: { error: 'Please sign in to continue.' } },
    });
    renderAt(['/profile/view/9']);
    expect(await screen.findByRole('heading', { name: 'Sign in to see this profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(screen.queryByRole('heading', { name: 'Profile Not Found' })).not.toBeInTheDocument();
  });

  it('treats a non-numeric id as not found without calling the API', () => {
    const fetchMock = stubApi({});
    renderAt(['/profile/view/abc']);
    expect(screen.getByRole('heading', { name: 'Profile Not Found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows Error Loading Profile for a server failure', async () => {
    stubApi({ ...profileRoutes(7), '/api/users/7/skills': { status: 500, body: { error: 'boom' } } });
    renderAt(['/profile/view/7']);
    expect(await screen.findByRole('heading', { name: 'Error Loading Profile' })).toBeInTheDocument();
  });

  it('orders experience current-first then newest start, and education newest end with missing end as now', async () => {
    stubApi(
      profileRoutes(7, {
        experiences: [
          job(1, 'Intern', '2010-06-01', { description: '* Wrote tests * Fixed bugs' }),
          job(2, 'Lead', '2015-01-01', { currentlyWorking: true, endDate: null }),
          job(3, 'Senior', '2018-03-01'),
        ],
        education: [
          school(1, 'Old School', '2005-06-01'),
          school(2, 'Night School', null),
          school(3, 'Uni', '2012-06-01'),
        ],
        skills: [{ id: 1, skill: 'TypeScript', proficiency: null }],
      }),
    );
    renderAt(['/profile/view/7']);
    const work = within(await screen.findByRole('list', { name: 'Work experience entries' }));
    expect(work.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Lead',
      'Senior',
      'Intern',
    ]);
    expect(work.getByText('Jan 2015 - Present')).toBeInTheDocument();
    expect(work.getByText('Wrote tests')).toBeInTheDocument();
    expect(work.getByText('Fixed bugs')).toBeInTheDocument();
    const edu = within(screen.getByRole('list', { name: 'Education entries' }));
    expect(edu.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Night School',
      'Uni',
      'Old School',
    ]);
    expect(edu.getAllByText('BSc, Mathematics')).toHaveLength(3);
    expect(screen.getByText('TypeScript')).toBeInTheDocument();
  });

  it('offers the resume as a download and a View link that opens a new tab', async () => {
    const resume = {
      id: 3,
      fileName: 'ada.pdf',
      fileUrl: '/api/resumes/3/file',
      filePath: '/api/resumes/3/file',
      uploadedAt: '2025-01-05T10:00:00.000Z',
    };
    stubApi(profileRoutes(7, { resume }));
    renderAt(['/profile/view/7']);
    const download = await screen.findByRole('link', { name: /Download Resume/ });
    expect(download).toHaveAttribute('href', '/api/resumes/3/file');
    expect(download).toHaveAttribute('download', 'ada.pdf');
    const view = screen.getByRole('link', { name: /View/ });
    expect(view).toHaveAttribute('target', '_blank');
    expect(view).toHaveAttribute('href', '/api/resumes/3/file');
    expect(screen.getByText('Uploaded on Jan 5, 2025')).toBeInTheDocument();
  });

  it('Close and Go Back lead to the dashboard when the page was opened directly', async () => {
    stubApi({ ...profileRoutes(9), '/api/users/9': { status: 404, body: { error: 'User not found' } } });
    renderAt(['/profile/view/9']);
    fireEvent.click(await screen.findByRole('button', { name: 'Go Back' }));
    expect(screen.getByText('Dashboard page')).toBeInTheDocument();
  });

  it('Back returns to the previous page when there is history', async () => {
    stubApi(profileRoutes(7));
    renderAt(['/previous', '/profile/view/7']);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('Previous page')).toBeInTheDocument();
  });
});
