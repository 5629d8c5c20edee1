// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { fakeProfileApi, renderWithClient } from '@/testing/profile-edit-test-utils';
import { SkillsSection } from './skills-section';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));

const ONE_MORE = {
  title: 'One more skill needed',
  description: 'Add one more skill to complete your profile.',
};
const ADDED = { title: 'Success', description: 'Your skill has been added.' };

beforeEach(() => vi.mocked(toast).mockClear());
afterEach(() => vi.useRealTimers());

describe('SkillsSection', () => {
  it('adds a trimmed first skill, then shows the one-more-skill toast after 500 ms', async () => {
    const api = fakeProfileApi();
    renderWithClient(<SkillsSection />);
    await screen.findByText(/No skills yet/);

    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Add a skill'), { target: { value: '  TypeScript  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    // Let the request, the refetch and the mutation callbacks run without passing the 500 ms.
    await act(() => vi.advanceTimersByTimeAsync(10));

    expect(api.writes()).toEqual([
      { method: 'POST', path: '/api/user/skills', body: { skill: 'TypeScript' } },
    ]);
    expect(api.activities()).toEqual([{ category: 'profile', action: 'skill_added', details: {} }]);
    expect(toast).toHaveBeenCalledWith(ADDED);
    expect(toast).not.toHaveBeenCalledWith(ONE_MORE);
    expect(screen.getByText('TypeScript')).toBeInTheDocument();
    expect(screen.getByLabelText('Add a skill')).toHaveValue('');

    await act(() => vi.advanceTimersByTimeAsync(480));
    expect(toast).not.toHaveBeenCalledWith(ONE_MORE);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(toast).toHaveBeenLastCalledWith(ONE_MORE);
  });

  it('does not show the one-more toast for a second skill', async () => {
    fakeProfileApi({ skills: [{ id: 1, skill: 'Go', proficiency: null }] });
    renderWithClient(<SkillsSection />);
    await screen.findByText('Go');

    vi.useFakeTimers();
    fireEvent.change(screen.getByLabelText('Add a skill'), { target: { value: 'Rust' } });
    fireEvent.submit(screen.getByLabelText('Add a skill').closest('form')!);
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(toast).toHaveBeenCalledWith(ADDED);
    expect(toast).not.toHaveBeenCalledWith(ONE_MORE);
    expect(screen.getByText('Rust')).toBeInTheDocument();
  });

  it('ignores an empty or blank skill; Enter adds', async () => {
    const api = fakeProfileApi();
    renderWithClient(<SkillsSection />);
    await screen.findByText(/No skills yet/);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getByLabelText('Add a skill'), '   {Enter}');
    expect(api.writes()).toEqual([]);

    await user.clear(screen.getByLabelText('Add a skill'));
    await user.type(screen.getByLabelText('Add a skill'), 'SQL{Enter}');
    await screen.findByText('SQL');
    expect(api.writes()).toEqual([{ method: 'POST', path: '/api/user/skills', body: { skill: 'SQL' } }]);
  });

  it('removes a skill with its Remove button and confirms it', async () => {
    const api = fakeProfileApi({
      skills: [
        { id: 1, skill: 'Go', proficiency: null },
        { id: 2, skill: 'Rust', proficiency: null },
      ],
    });
    renderWithClient(<SkillsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Go' }));
    await waitFor(() => expect(screen.queryByText('Go')).not.toBeInTheDocument());
    expect(screen.getByText('Rust')).toBeInTheDocument();
    expect(api.writes()).toEqual([{ method: 'DELETE', path: '/api/user/skills/1', body: undefined }]);
    expect(toast).toHaveBeenCalledWith({ title: 'Success', description: 'Skill deleted successfully.' });
  });
});
