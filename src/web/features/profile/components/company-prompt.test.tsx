// @vitest-environment jsdom
import type { User } from '@shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CompanyPrompt } from './company-prompt';
import { fakeError, fakeApi, type FakeHandlers } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { stubBrowserApis } from '@/testing/browser-stubs';

const user = aUser({ id: 5, username: 'lin', email: 'lin@example.com', fullName: 'Lin Chen' });

const experience = {
  id: 1,
  companyName: 'Acme',
  jobTitle: 'Engineer',
  startDate: '2020-01-01',
  endDate: null,
  currentlyWorking: true,
  description: null,
  order: 0,
};

/**
 * The fake server: no experience; saving the company or 'not working' answers the updated user, and is
 * recorded as activity.
 */
function stubApi(handlers: FakeHandlers = {}) {
  return fakeApi({
    authStatus: () => ({ isAuthenticated: true, user }),
    myExperiences: () => [],
    currentCompany: ({ body }) => ({
      ...user,
      currentCompanyName: (body as { companyName: string }).companyName,
    }),
    notWorking: () => ({ ...user, notWorking: true }),
    recordActivity: () => null,
    ...handlers,
  });
}

function renderPrompt(props: { user?: User; isFirstVisit?: boolean } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const ui = (p: typeof props) => (
    <QueryClientProvider client={queryClient}>
      <p>Dashboard</p>
      <CompanyPrompt user={p.user ?? user} isFirstVisit={p.isFirstVisit ?? false} />
    </QueryClientProvider>
  );
  const view = render(ui(props));
  return { ...view, rerenderWith: (p: typeof props) => view.rerender(ui(p)) };
}

const findDialog = () => screen.findByRole('dialog', { name: 'We need one information' });

/** Lets the experiences query settle, then checks no dialog appeared. */
async function expectNoDialog({ fetchMock }: ReturnType<typeof stubApi>, expectFetch = true) {
  if (expectFetch) await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  await act(async () => {});
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
}

// jsdom has neither; the suggestion list (cmdk) measures itself and scrolls the highlight into view.
beforeEach(() => {
  stubBrowserApis();
  Element.prototype.scrollIntoView ??= () => {};
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CompanyPrompt: when it opens', () => {
  it('opens on a later visit for a user with no company and no experience', async () => {
    stubApi();
    renderPrompt();
    expect(await findDialog()).toBeInTheDocument();
    expect(screen.getByLabelText('Where do you work?')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('does not open on the first dashboard visit of the session (and does not ask for experiences)', async () => {
    const api = stubApi();
    renderPrompt({ isFirstVisit: true });
    await expectNoDialog(api, false);
    expect(api.calls).toEqual([]);
  });

  it('does not open when the user already has a current company', async () => {
    const api = stubApi();
    renderPrompt({ user: { ...user, currentCompanyName: 'Acme' } });
    await expectNoDialog(api, false);
    expect(api.calls).toEqual([]);
  });

  it('does not open when any experience exists', async () => {
    const api = stubApi({ myExperiences: () => [experience] });
    renderPrompt();
    await expectNoDialog(api);
  });

  it('does not open when the experiences call fails', async () => {
    const api = stubApi({ myExperiences: () => fakeError(500, 'boom') });
    renderPrompt();
    await expectNoDialog(api);
  });

  it('ignores Escape and closes as soon as currentCompanyName is set', async () => {
    stubApi();
    const { rerenderWith } = renderPrompt();
    const dialog = await findDialog();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    fireEvent.pointerDown(document.body);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    rerenderWith({ user: { ...user, currentCompanyName: 'Google' } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('CompanyPrompt: the form', () => {
  it('suggests at most 10 employers after typing, and picking one fills the input and hides the list', async () => {
    stubApi();
    renderPrompt();
    await findDialog();
    const input = screen.getByRole('combobox', { name: 'Where do you work?' });
    await userEvent.type(input, 'a');
    expect(screen.getAllByRole('option')).toHaveLength(10);
    // The input names the list it controls, by the id the list really has.
    expect(input).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
    expect(screen.getByRole('listbox').id).not.toBe('');
    await userEvent.clear(input);
    await userEvent.type(input, 'goo');
    const options = screen.getAllByRole('option');
    expect(options.length).toBeLessThanOrEqual(10);
    await userEvent.click(screen.getByRole('option', { name: 'Google' }));
    expect(input).toHaveValue('Google');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('lets the keyboard pick a suggestion', async () => {
    stubApi();
    renderPrompt();
    await findDialog();
    const input = screen.getByRole('combobox', { name: 'Where do you work?' });
    await userEvent.type(input, 'goo');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveValue('Google');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('keeps Continue disabled for a blank name and explains on submit', async () => {
    stubApi();
    renderPrompt();
    await findDialog();
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    const input = screen.getByRole('combobox', { name: 'Where do you work?' });
    await userEvent.type(input, '   ');
    expect(continueButton).toBeDisabled();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Please select or enter a company name');
  });

  it('saves free text, reads Processing... while saving, then closes', async () => {
    let answer: (saved: User) => void = () => {};
    const api = stubApi({ currentCompany: () => new Promise<User>((resolve) => (answer = resolve)) });
    renderPrompt();
    await findDialog();
    await userEvent.type(screen.getByRole('combobox'), '  Tiny Startup Ltd  ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(api.calls).toContainEqual({
      method: 'PUT',
      path: '/api/users/5/current-company',
      body: { companyName: 'Tiny Startup Ltd' },
    });
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => answer({ ...user, currentCompanyName: 'Tiny Startup Ltd' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the failure text and stays open when saving fails', async () => {
    stubApi({ currentCompany: () => fakeError(500, 'boom') });
    renderPrompt();
    await findDialog();
    await userEvent.type(screen.getByRole('combobox'), 'Google');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed to update your company. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'We need one information' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});

describe('CompanyPrompt: not working right now', () => {
  it('does not open for a user who said they are not working', async () => {
    const api = stubApi();
    renderPrompt({ user: { ...user, notWorking: true } });
    await expectNoDialog(api, false);
    expect(api.calls).toEqual([]);
  });

  it('records "I\'m not working right now" and closes', async () => {
    const api = stubApi({
      authStatus: () => ({ isAuthenticated: true, user: { ...user, notWorking: true } }),
    });
    renderPrompt();
    await findDialog();
    await userEvent.click(screen.getByRole('button', { name: "I'm not working right now" }));
    expect(api.calls).toContainEqual({
      method: 'PUT',
      path: '/api/users/5/not-working',
      body: { notWorking: true },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the failure text and stays open when recording it fails', async () => {
    stubApi({ notWorking: () => fakeError(500, 'boom') });
    renderPrompt();
    await findDialog();
    await userEvent.click(screen.getByRole('button', { name: "I'm not working right now" }));
    expect(await screen.findByText('Failed to update your company. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'We need one information' })).toBeInTheDocument();
  });
});
