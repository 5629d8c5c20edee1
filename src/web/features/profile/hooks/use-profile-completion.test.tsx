// @vitest-environment jsdom
import type { User } from '@shared/auth';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  aResume,
  anEducation,
  anExperience,
  fakeProfileApi,
  renderWithClient,
  testUser,
} from '@/testing/profile-edit-test-utils';
import { useProfileCompletion } from './use-profile-completion';

function Probe({ user }: { user: User }) {
  const { completion } = useProfileCompletion(user);
  return <p>{completion ? `${completion.percentage}%` : 'loading'}</p>;
}

const full = {
  experiences: [anExperience()],
  education: [anEducation()],
  skills: [
    { id: 1, skill: 'Go', proficiency: null },
    { id: 2, skill: 'SQL', proficiency: null },
  ],
  resume: aResume(),
};

const statusWrites = (api: ReturnType<typeof fakeProfileApi>) =>
  api.writes().filter((c) => c.path === '/api/users/7/profile-status');

describe('useProfileCompletion (profile-status sync, docs/product.md, Flows and statuses)', () => {
  it('marks the profile complete once, when everything has loaded at 100%', async () => {
    const api = fakeProfileApi(full);
    const view = renderWithClient(<Probe user={testUser({ profileCompleted: false })} />);
    await screen.findByText('100%');
    await waitFor(() => expect(statusWrites(api)).toHaveLength(1));
    expect(statusWrites(api)[0]).toMatchObject({ method: 'PUT', body: { isCompleted: true } });

    // Re-rendering with the same stale user (the auth status not refetched yet) sends nothing more.
    view.rerender(<Probe user={testUser({ profileCompleted: false })} />);
    await new Promise((r) => setTimeout(r, 20));
    expect(statusWrites(api)).toHaveLength(1);
  });

  it('clears the mark when the profile drops below 100%', async () => {
    const api = fakeProfileApi({ ...full, resume: null });
    renderWithClient(<Probe user={testUser({ profileCompleted: true })} />);
    await screen.findByText('75%');
    await waitFor(() => expect(statusWrites(api)).toHaveLength(1));
    expect(statusWrites(api)[0]!.body).toEqual({ isCompleted: false });
  });

  it('sends nothing when the mark already matches, or before all four lists have loaded', async () => {
    const api = fakeProfileApi(full);
    renderWithClient(<Probe user={testUser({ profileCompleted: true })} />);
    expect(screen.getByText('loading')).toBeInTheDocument();
    await screen.findByText('100%');
    await new Promise((r) => setTimeout(r, 20));
    expect(statusWrites(api)).toEqual([]);
  });

  it('does not retry in a loop when the server refuses', async () => {
    const api = fakeProfileApi(full);
    api.overrides.set(
      'PUT /api/users/7/profile-status',
      () => new Response(JSON.stringify({ error: 'Your profile is not complete yet.' }), { status: 409 }),
    );
    renderWithClient(<Probe user={testUser({ profileCompleted: false })} />);
    await screen.findByText('100%');
    await waitFor(() => expect(statusWrites(api)).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 50));
    expect(statusWrites(api)).toHaveLength(1);
  });
});
