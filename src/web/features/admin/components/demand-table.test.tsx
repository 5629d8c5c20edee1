// @vitest-environment jsdom
import type { CompanyDemand } from '@shared/demand';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { fakeApi } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { renderApp, signedInReads } from '@/testing/render-app';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const acme: CompanyDemand = {
  companyId: 5,
  name: 'Acme, "The" Widget Co',
  waiting: 2,
  expiredUnanswered: 7,
  watchers: 1,
  availableReferrers: 0,
};
const globex: CompanyDemand = { ...acme, companyId: 6, name: 'Globex', waiting: 1, watchers: 0 };

function renderDemand(pages: Record<string, { items: CompanyDemand[]; nextCursor: string | null }>) {
  const api = fakeApi({
    ...signedInReads(aUser({ id: 1, profileCompleted: true }), true),
    adminQueueCounts: () => ({ openReports: 0, heldRequests: 0, heldMessages: 0 }),
    adminDemand: ({ url }) => pages[url.searchParams.get('cursor') ?? ''],
  });
  renderApp('/admin?tab=demand');
  return api;
}

describe("the console's Demand tab", () => {
  it("shows each company's exact figures, even those below the public threshold, and pages on", async () => {
    const api = renderDemand({
      '': { items: [acme], nextCursor: 'next' },
      next: { items: [globex], nextCursor: null },
    });
    expect(
      await screen.findByRole('tab', { name: 'Demand', selected: true }, { timeout: 10_000 }),
    ).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Demand' });
    const row = within(table).getByText('Acme, "The" Widget Co').closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Acme, "The" Widget Co', '2', '7', '1', '0']);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Company', 'Waiting', 'Expired unanswered (90 days)', 'Watchers', 'Available referrers']);
    expect(api.calls.map((c) => c.path)).toContain('/api/admin/demand?limit=50');

    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await within(table).findByText('Globex')).toBeVisible();
    expect(api.calls.map((c) => c.path)).toContain('/api/admin/demand?limit=50&cursor=next');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    const csv = screen.getByRole('link', { name: 'Download CSV (first 100 companies)' });
    expect(csv).toHaveAttribute('href', '/api/admin/demand?format=csv&limit=100');
  });

  it('says so when no company has demand', async () => {
    renderDemand({ '': { items: [], nextCursor: null } });
    expect(
      await screen.findByText('No company has waiting requests or watchers.', {}, { timeout: 10_000 }),
    ).toBeVisible();
  });
});
