// @vitest-environment jsdom
import { MAX_WATCHES, WATCH_LIMIT_MESSAGE } from '@shared/watches';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { jsonResponse } from '@/testing/fake-api';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { fakeReferralsApi, renderReferralsUi } from '@/testing/referrals-test-utils';
import { WATCHING_TEXT, WatchCompanyButton } from './watch-company-button';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));

beforeEach(() => {
  stubBrowserApis();
  vi.mocked(toast).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const button = () => screen.findByRole('button', { name: 'Tell me when one joins' });

/** Issue 49 item 1: 'Tell me when one joins' shows the watch and undoes it. */
describe('WatchCompanyButton', () => {
  it('watches the company, shows the watch, and undoes it when pressed again', async () => {
    const api = fakeReferralsApi();
    renderReferralsUi(<WatchCompanyButton companyId={4} companyName="Stripe" />);
    expect(await button()).toHaveAttribute('aria-pressed', 'false');
    await waitFor(() => expect(screen.getByRole('button')).toBeEnabled());
    expect(screen.queryByText(WATCHING_TEXT('Stripe'))).not.toBeInTheDocument();

    await userEvent.click(await button());
    await waitFor(() => expect(screen.getByRole('button')).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('status')).toHaveTextContent(
      "We'll tell you once, in the app and by mail, when a referrer at Stripe can take requests.",
    );
    expect(api.state.watches.map((w) => w.companyId)).toEqual([4]);

    await userEvent.click(await button());
    await waitFor(() => expect(screen.getByRole('button')).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(api.state.watches).toEqual([]);
    expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/companies/4/watch',
      'DELETE /api/companies/4/watch',
    ]);
  });

  it('shows a watch made earlier as pressed', async () => {
    fakeReferralsApi({
      watches: [{ companyId: 4, companyName: 'Stripe', createdAt: '2026-12-01T12:00:00.000Z' }],
    });
    renderReferralsUi(<WatchCompanyButton companyId={4} companyName="Stripe" />);
    await waitFor(async () => expect(await button()).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('status')).toHaveTextContent(WATCHING_TEXT('Stripe'));
  });

  it("toasts the server's sentence at the limit, and stays unpressed", async () => {
    const api = fakeReferralsApi();
    api.overrides.set('POST /api/companies/4/watch', () => jsonResponse(409, { error: WATCH_LIMIT_MESSAGE }));
    renderReferralsUi(<WatchCompanyButton companyId={4} companyName="Stripe" />);
    await waitFor(async () => expect(await button()).toBeEnabled());
    await userEvent.click(await button());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ description: WATCH_LIMIT_MESSAGE })),
    );
    expect(WATCH_LIMIT_MESSAGE).toContain(String(MAX_WATCHES));
    expect(await button()).toHaveAttribute('aria-pressed', 'false');
  });
});
