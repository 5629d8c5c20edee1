// @vitest-environment jsdom
import { apiPath } from '@shared/api-routes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COPY_CONFIRMATION_MS, UserProfileModal } from './user-profile-modal';
import { fakeError, fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';

const grace = aUser({
  id: 12,
  username: 'grace',
  email: 'grace@example.com',
  fullName: 'Grace Hopper',
  profileCompleted: true,
  bio: 'Compiler pioneer.',
  // As the server shapes it for a referrer when she hides it (issue 50 item 4).
  currentCompanyName: 'Current employer (hidden)',
});

/** Grace's profile through the fake of the real routes; `userStatus` 404 makes her user read fail. */
function stubProfile(userStatus = 200) {
  const resumeUrl = apiPath('resumeFile', { id: 4 });
  return fakeApi({
    user: () => (userStatus === 200 ? grace : fakeError(userStatus, 'User not found')),
    userExperiences: () => [],
    userEducation: () => [
      {
        id: 1,
        instituteName: 'Yale',
        degree: 'PhD',
        major: 'Mathematics',
        startDate: null,
        endDate: '1934-06-01',
        currentlyStudying: false,
        description: null,
        order: 0,
      },
    ],
    userSkills: () => [
      { id: 1, skill: 'COBOL', proficiency: 'Expert' },
      { id: 2, skill: 'Teaching', proficiency: null },
    ],
    userActiveResume: () => ({
      id: 4,
      fileName: 'grace.pdf',
      fileUrl: resumeUrl,
      filePath: resumeUrl,
      uploadedAt: '2025-02-01T00:00:00Z',
    }),
  }).fetchMock;
}

function renderModal(open = true) {
  const onOpenChange = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <UserProfileModal userId={12} open={open} onOpenChange={onOpenChange} />
    </QueryClientProvider>,
  );
  return { ...view, onOpenChange };
}

const writeText = vi.fn<(text: string) => Promise<void>>();
beforeEach(() => {
  writeText.mockReset().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('UserProfileModal', () => {
  it('fetches nothing while closed', () => {
    const fetchMock = stubProfile();
    renderModal(false);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the profile: name, email, bio, resume, education with field of study, skills with proficiency', async () => {
    stubProfile();
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Grace Hopper' });
    const modal = within(dialog);
    expect(modal.getByText('grace@example.com')).toBeInTheDocument();
    expect(modal.getByText('Compiler pioneer.')).toBeInTheDocument();
    expect(modal.getByText('Current employer (hidden)')).toBeInTheDocument();
    expect(modal.getByRole('link', { name: /Download Resume/ })).toHaveAttribute(
      'href',
      apiPath('resumeFile', { id: 4 }),
    );
    expect(modal.getByText('No work experience has been added yet.')).toBeInTheDocument();
    expect(modal.getByText('Field of study: Mathematics')).toBeInTheDocument();
    expect(modal.getByText('· Expert')).toBeInTheDocument();
    expect(modal.getByText('Teaching')).toBeInTheDocument();
  });

  it('copies the email and shows Copied! for 2 seconds', async () => {
    stubProfile();
    renderModal();
    const copyButton = await screen.findByRole('button', { name: 'Copy email address' });
    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(copyButton);
    });
    expect(writeText).toHaveBeenCalledWith('grace@example.com');
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(COPY_CONFIRMATION_MS - 1));
    expect(screen.getByText('Copied!')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Copied!')).not.toBeInTheDocument();
    expect(COPY_CONFIRMATION_MS).toBe(2000);
  });

  it.each([404, 500])('shows Error Loading Profile when the user call answers %i', async (status) => {
    stubProfile(status);
    renderModal();
    expect(await screen.findByRole('dialog', { name: 'Error Loading Profile' })).toBeInTheDocument();
  });

  it.each(['Cancel', 'OK'])('%s closes the dialog', async (label) => {
    stubProfile();
    const { onOpenChange } = renderModal();
    await screen.findByRole('dialog', { name: 'Grace Hopper' });
    fireEvent.click(screen.getByRole('button', { name: label }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
