// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { ProfileEditPage } from './profile-edit-page';
import {
  anEducation,
  anExperience,
  fakeProfileApi,
  renderWithClient,
  testUser,
} from '@/testing/profile-edit-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));

beforeEach(() => {
  vi.mocked(toast).mockClear();
  stubBrowserApis();
});

const year = new Date().getFullYear();

function renderPage() {
  renderWithClient(<ProfileEditPage user={testUser()} />);
  return userEvent.setup();
}

describe('ProfileEditPage', () => {
  it('has the back link, the completion card and the three sections in the side navigation', async () => {
    fakeProfileApi();
    renderPage();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Profile sections' });
    expect(
      within(nav)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Work Experience', 'Education', 'Skills']);
    expect(await screen.findByText('0%')).toBeInTheDocument();
    expect(screen.getByText('PDF only, up to 5MB')).toBeInTheDocument();
  });

  it('opens the experience form at once when the list is empty, saves, and shows the item', async () => {
    const api = fakeProfileApi();
    const user = renderPage();
    const form = await screen.findByRole('form', { name: 'Add experience' });
    // Nothing to go back to: no toggle while the list is empty.
    expect(screen.queryByRole('button', { name: 'Cancel Editing' })).not.toBeInTheDocument();

    await user.type(within(form).getByLabelText('Company name'), 'Acme');
    await user.type(within(form).getByLabelText('Job title'), 'Engineer');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Start month' }), 'February');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Start year' }), String(year - 1));
    await user.click(within(form).getByRole('checkbox', { name: 'I currently work here' }));
    await user.type(within(form).getByLabelText(/Description/), '* Built things');
    await user.click(within(form).getByRole('button', { name: 'Save Experience' }));

    await screen.findByRole('button', { name: 'Edit Engineer at Acme' });
    expect(api.writes()[0]).toEqual({
      method: 'POST',
      path: '/api/user/experiences',
      body: {
        companyName: 'Acme',
        jobTitle: 'Engineer',
        startDate: `${year - 1}-02-01`,
        endDate: null,
        currentlyWorking: true,
        description: '• Built things',
        order: 0,
      },
    });
    expect(toast).toHaveBeenCalledWith({ title: 'Success', description: 'Your experience has been saved.' });
    expect(screen.getByText(`Feb ${year - 1} - Present`)).toBeInTheDocument();
    // The description renders as bullet items, without the bullet characters.
    expect(screen.getByText('Built things').tagName).toBe('LI');
    expect(await screen.findByText('25%')).toBeInTheDocument();
  });

  it("'Add' toggles to 'Cancel Editing'; Edit opens the item's values; Delete removes it", async () => {
    const api = fakeProfileApi({ experiences: [anExperience({ description: '• Led a team\n• Shipped' })] });
    const user = renderPage();
    await screen.findByText('Engineer');
    expect(screen.getByText('Led a team')).toBeInTheDocument();
    expect(screen.getByText('Jan 2020 - Present')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('form', { name: 'Add experience' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel Editing' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Engineer at Acme' }));
    const form = screen.getByRole('form', { name: 'Edit experience' });
    expect(within(form).getByLabelText('Job title')).toHaveValue('Engineer');
    await user.clear(within(form).getByLabelText('Job title'));
    await user.type(within(form).getByLabelText('Job title'), 'Staff Engineer');
    await user.click(within(form).getByRole('button', { name: 'Save Experience' }));
    await screen.findByText('Staff Engineer');
    expect(api.writes()[0]).toMatchObject({
      method: 'PUT',
      path: '/api/user/experiences/1',
      body: { id: 1, jobTitle: 'Staff Engineer' },
    });

    // Deleting asks first: Cancel deletes nothing and puts focus back on the Delete button.
    const trash = screen.getByRole('button', { name: 'Delete Staff Engineer at Acme' });
    await user.click(trash);
    const question = await screen.findByRole('dialog', { name: 'Delete this entry?' });
    expect(question).toHaveTextContent('Staff Engineer at Acme will be removed from your profile.');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trash).toHaveFocus();
    expect(api.writes()).toHaveLength(1);
    await user.click(trash);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this entry?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Success',
        description: 'Experience deleted successfully.',
      }),
    );
    expect(api.writes()[1]).toMatchObject({ method: 'DELETE', path: '/api/user/experiences/1' });
    // The list is empty again, so the form is back.
    expect(await screen.findByRole('form', { name: 'Add experience' })).toBeInTheDocument();
  });

  it('education: the required messages of docs/product.md, Validation, then a saved item', async () => {
    const api = fakeProfileApi();
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Education' }));
    const form = await screen.findByRole('form', { name: 'Add education' });
    await user.click(within(form).getByRole('button', { name: 'Save Education' }));
    expect(await within(form).findByText('Institution name is required')).toBeInTheDocument();
    expect(within(form).getByText('Degree is required')).toBeInTheDocument();
    expect(within(form).getByText('Major is required')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await user.type(within(form).getByLabelText('Institution name'), 'MIT');
    await user.type(within(form).getByLabelText('Degree'), 'BSc');
    await user.type(within(form).getByLabelText('Major'), 'Physics');
    await user.click(within(form).getByRole('button', { name: 'Save Education' }));
    await screen.findByText('BSc, Physics');
    expect(api.writes()[0]!.body).toMatchObject({
      instituteName: 'MIT',
      startDate: null,
      endDate: null,
      description: null,
    });
    expect(toast).toHaveBeenCalledWith({ title: 'Success', description: 'Your education has been saved.' });
  });

  it('education list shows dates and deletes with the toast of docs/product.md, Messages', async () => {
    fakeProfileApi({ education: [anEducation()] });
    const user = renderPage();
    await user.click(screen.getByRole('button', { name: 'Education' }));
    expect(await screen.findByText('Sep 2014 - Jun 2018')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete BSc at MIT' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this entry?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Success',
        description: 'Education deleted successfully.',
      }),
    );
  });
});

describe('ProfileEditPage: account settings', () => {
  it('shows the current company and email notification cards', async () => {
    fakeProfileApi({ user: testUser({ currentCompanyName: 'Google' }) });
    renderWithClient(<ProfileEditPage user={testUser({ currentCompanyName: 'Google' })} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Account settings' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Where do you work?' })).toHaveValue('Google');
    expect(await screen.findByRole('switch', { name: 'Email me about my referrals' })).toBeInTheDocument();
  });
});
