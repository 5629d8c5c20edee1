// @vitest-environment jsdom
import { OPENING_ERRORS } from '@shared/openings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { jsonResponse } from '@/testing/fake-api';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { anOpening } from '@/testing/openings-fake';
import { fakeReferralsApi, renderReferralsUi } from '@/testing/referrals-test-utils';
import { MyOpeningsCard, NO_OPENINGS_OF_YOURS } from './my-openings-card';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => {
  stubBrowserApis();
  vi.mocked(toast).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

/** The preview waits for a 400 ms pause in typing; leave room on a busy machine. */
const SLOW = { timeout: 4000 };
const POSTING = 'https://jobs.lever.co/stripe/backend-5';

const readsBackend = (url: string) => ({
  url,
  title: url === POSTING ? 'Backend Engineer' : null,
  companyName: 'Stripe',
  location: url === POSTING ? 'Dublin' : null,
  status: 'open' as const,
  source: 'lever' as const,
});

/** Issue 49 item 2: a referrer posts openings and removes them, on the dashboard and on /refer. */
describe('MyOpeningsCard', () => {
  it('shows nothing to someone who does not take requests, and asks the server nothing', async () => {
    const api = fakeReferralsApi();
    renderReferralsUi(<MyOpeningsCard willing={false} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Your openings' })).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/openings'))).toEqual([]);
  });

  it('reads the posting, lets the title and location be corrected, posts it and lists it', async () => {
    const api = fakeReferralsApi({ preview: readsBackend });
    renderReferralsUi(<MyOpeningsCard willing />);
    expect(await screen.findByText(NO_OPENINGS_OF_YOURS)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Open now (0 of 20)' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Job posting URL'), POSTING);
    const title = await screen.findByLabelText('Title', {}, SLOW);
    await waitFor(() => expect(title).toHaveValue('Backend Engineer'));
    expect(screen.getByLabelText(/^Location/)).toHaveValue('Dublin');
    await userEvent.clear(title);
    await userEvent.type(title, 'Senior Backend Engineer');
    await userEvent.type(screen.getByLabelText(/^Note for seekers/), 'Two seats on the payments team.');
    await userEvent.click(screen.getByRole('button', { name: 'Post opening' }));

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          title: 'Opening posted',
          description: 'Senior Backend Engineer at Stripe is on Openings now.',
        }),
      ),
    );
    expect(api.writes()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/openings',
        body: {
          jobUrl: POSTING,
          title: 'Senior Backend Engineer',
          location: 'Dublin',
          note: 'Two seats on the payments team.',
        },
      }),
    ]);
    const list = await screen.findByRole('region', { name: 'Open now (1 of 20)' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Senior Backend Engineer');
    // The form starts afresh for the next one.
    expect(screen.getByLabelText('Job posting URL')).toHaveValue('');
    expect(screen.queryByLabelText('Title')).not.toBeInTheDocument();
  });

  it("shows the server's sentence when it refuses the posting, and keeps what was typed", async () => {
    const api = fakeReferralsApi({ preview: readsBackend });
    api.overrides.set('POST /api/openings', () =>
      jsonResponse(400, { error: OPENING_ERRORS.notYourCompany('Google') }),
    );
    renderReferralsUi(<MyOpeningsCard willing />);
    await userEvent.type(await screen.findByLabelText('Job posting URL'), POSTING);
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Backend Engineer'), SLOW);
    await userEvent.click(screen.getByRole('button', { name: 'Post opening' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This posting is not at Google. You can post openings at your own company only.',
    );
    expect(screen.getByLabelText('Job posting URL')).toHaveValue(POSTING);
    expect(toast).not.toHaveBeenCalled();
  });

  it('asks for the title when the posting has none to read', async () => {
    fakeReferralsApi();
    renderReferralsUi(<MyOpeningsCard willing />);
    await userEvent.type(await screen.findByLabelText('Job posting URL'), 'https://example.com/jobs/1');
    const title = await screen.findByLabelText('Title', {}, SLOW);
    expect(title).toHaveValue('');
    await userEvent.click(screen.getByRole('button', { name: 'Post opening' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(OPENING_ERRORS.titleNeeded);
  });

  it('removes an opening after asking, and says so', async () => {
    const mine = anOpening(3, { title: 'Data Engineer' });
    const api = fakeReferralsApi({ myOpenings: [mine], openings: [mine] });
    renderReferralsUi(<MyOpeningsCard willing />);
    const row = await screen.findByRole('listitem');
    expect(row).toHaveTextContent('Data Engineer');
    expect(row).toHaveTextContent('Remote · posted Dec 1, 2026');
    await userEvent.click(within(row).getByRole('button', { name: 'Remove Data Engineer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this opening?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(NO_OPENINGS_OF_YOURS)).toBeInTheDocument();
    expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/openings/3']);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Opening removed' }));
    expect(screen.getByRole('heading', { name: 'Open now (0 of 20)' })).toHaveFocus();
  });

  it('keeps the opening, and says so, when the removal fails', async () => {
    const mine = anOpening(3, { title: 'Data Engineer' });
    const api = fakeReferralsApi({ myOpenings: [mine], openings: [mine] });
    api.overrides.set('DELETE /api/openings/3', () => jsonResponse(500, { error: 'Something went wrong.' }));
    renderReferralsUi(<MyOpeningsCard willing />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Data Engineer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this opening?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ description: 'Error: Failed to remove this opening. Please try again.' }),
      ),
    );
    // The dialog stays open over it (the page behind is hidden from the reader meanwhile).
    expect(within(dialog).getByRole('button', { name: 'Remove' })).toBeEnabled();
    expect(screen.getByRole('listitem', { hidden: true })).toHaveTextContent('Data Engineer');
  });
});
