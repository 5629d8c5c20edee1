// @vitest-environment jsdom
import type { User } from '@shared/auth';
import { profileCompletion } from '@shared/profile';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompletionCard } from './completion-card';
import {
  aResume,
  anEducation,
  anExperience,
  fakeProfileApi,
  renderWithClient,
  testUser,
} from '@/testing/profile-edit-test-utils';
import { useProfileCompletion } from '../hooks/use-profile-completion';

function tileStates() {
  const tiles = within(screen.getByRole('region', { name: 'Profile completion' })).getAllByRole('listitem');
  return tiles.map((tile) => tile.getAttribute('aria-label'));
}

function Connected({ user }: { user: User }) {
  const { completion } = useProfileCompletion(user);
  return <CompletionCard completion={completion} />;
}

describe('CompletionCard', () => {
  it('shows no number until the data has loaded', () => {
    render(<CompletionCard completion={null} />);
    expect(screen.getByRole('progressbar', { name: 'Profile completion' })).not.toHaveAttribute(
      'aria-valuenow',
    );
    expect(screen.getByText('Checking your profile...')).toBeInTheDocument();
    expect(tileStates()).toEqual([
      'Work Experience: not done',
      'Education: not done',
      'Skills: not done',
      'Resume: not done',
    ]);
  });

  it('renders the percentage on the bar and each part as a tile', () => {
    const completion = profileCompletion({
      hasResume: true,
      experienceCount: 2,
      educationCount: 0,
      skillCount: 1,
    });
    render(<CompletionCard completion={completion} />);
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('50%')).toBeInTheDocument();
    expect(tileStates()).toEqual([
      'Work Experience: done',
      'Education: not done',
      'Skills: not done',
      'Resume: done',
    ]);
  });

  it('computes from the four loaded lists: one skill is not enough, two are', async () => {
    fakeProfileApi({
      experiences: [anExperience()],
      education: [anEducation()],
      skills: [{ id: 1, skill: 'Go', proficiency: null }],
      resume: null,
    });
    renderWithClient(<Connected user={testUser()} />);
    expect(await screen.findByText('50%')).toBeInTheDocument();
    expect(tileStates()).toEqual([
      'Work Experience: done',
      'Education: done',
      'Skills: not done',
      'Resume: not done',
    ]);
  });

  it('reaches 100% with an experience, an education, two skills and a resume', async () => {
    fakeProfileApi({
      experiences: [anExperience()],
      education: [anEducation()],
      skills: [
        { id: 1, skill: 'Go', proficiency: null },
        { id: 2, skill: 'SQL', proficiency: null },
      ],
      resume: aResume(),
    });
    renderWithClient(<Connected user={testUser({ profileCompleted: true })} />);
    expect(await screen.findByText('100%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText(/Your profile is complete/)).toBeInTheDocument();
    expect(tileStates().every((state) => state?.endsWith(': done'))).toBe(true);
  });

  it('starts at 0% for an empty profile', async () => {
    fakeProfileApi();
    renderWithClient(<Connected user={testUser()} />);
    expect(await screen.findByText('0%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  });
});
