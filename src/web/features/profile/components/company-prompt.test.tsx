// @vitest-environment jsdom
import type { User } from '@shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { CompanyPrompt } from './company-prompt';
import { aUser } from '@/testing/fixtures';
import { stubResizeObserver } from '@/testing/profile-edit-test-utils';

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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

interface Api {
  experiences?: () => Promise<Response>;
  saveCompany?: (companyName: string) => Promise<Response>;
}

function stubApi({ experiences = async () => json([]), saveCompany }: Api = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    if (path === '/api/user/experiences') return experiences();
    if (path === '/api/users/5/current-company' && init?.method === 'PUT' && saveCompany) {
      const { companyName } = z.object({ companyName: z.string() }).parse(JSON.parse(String(init.body)));
      return saveCompany(companyName);
    }
    if (path === '/auth/status') return json({ isAuthenticated: true, user });
    throw new Error(`unexpected fetch ${init?.method ?? 'GET'} ${path}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
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
async function expectNoDialog(fetchMock: ReturnType<typeof stubApi>, expectFetch = true) {
  if (expectFetch) await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  await act(async () => {});
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
}

// jsdom has neither; the suggestion list (cmdk) measures itself and scrolls the highlight into view.
beforeEach(() => {
  stubResizeObserver();
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
    const fetchMock = stubApi();
    renderPrompt({ isFirstVisit: true });
    await expectNoDialog(fetchMock, false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not open when the user already has a current company', async () => {
    const fetchMock = stubApi();
    renderPrompt({ user: { ...user, currentCompanyName: 'Acme' } });
    await expectNoDialog(fetchMock, false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not open when any experience exists', async () => {
    const fetchMock = stubApi({ experiences: async () => json([experience]) });
    renderPrompt();
    await expectNoDialog(fetchMock);
  });

  it('does not open when the experiences call fails', async () => {
    const fetchMock = stubApi({ experiences: async () => json({ error: 'boom' }, 500) });
    renderPrompt();
    await expectNoDialog(fetchMock);
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
    let answer: (r: Response) => void = () => {};
    const saveCompany = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    stubApi({ saveCompany });
    renderPrompt();
    await findDialog();
    await userEvent.type(screen.getByRole('combobox'), '  Tiny Startup Ltd  ');
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(saveCompany).toHaveBeenCalledWith('Tiny Startup Ltd');
    expect(screen.getByRole('button', { name: 'Processing...' })).toBeDisabled();
    await act(async () => answer(json({ ...user, currentCompanyName: 'Tiny Startup Ltd' })));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the failure text and stays open when saving fails', async () => {
    stubApi({ saveCompany: async () => json({ error: 'boom' }, 500) });
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
    const fetchMock = stubApi();
    renderPrompt({ user: { ...user, notWorking: true } });
    await expectNoDialog(fetchMock, false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('records "I\'m not working right now" and closes', async () => {
    const fetchMock = stubApi();
    const saved = vi.fn();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      if (path === '/api/user/experiences') return json([]);
      if (path === '/api/users/5/not-working' && init?.method === 'PUT') {
        saved(JSON.parse(String(init.body)));
        return json({ ...user, notWorking: true });
      }
      if (path === '/auth/status')
        return json({ isAuthenticated: true, user: { ...user, notWorking: true } });
      throw new Error(`unexpected fetch ${init?.method ?? 'GET'} ${path}`);
    });
    renderPrompt();
    await findDialog();
    await userEvent.click(screen.getByRole('button', { name: "I'm not working right now" }));
    expect(saved).toHaveBeenCalledWith({ notWorking: true });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows the failure text and stays open when recording it fails', async () => {
    const fetchMock = stubApi();
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const path = String(input);
      if (path === '/api/user/experiences') return json([]);
      return json({ error: 'boom' }, 500);
    });
    renderPrompt();
    await findDialog();
    await userEvent.click(screen.getByRole('button', { name: "I'm not working right now" }));
    expect(await screen.findByText('Failed to update your company. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'We need one information' })).toBeInTheDocument();
  });
});
