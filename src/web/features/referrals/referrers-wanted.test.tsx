// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { fakeReferralsApi, renderReferralsUi } from '@/testing/referrals-test-utils';
import { CompaniesPage } from './companies-page';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const wanted = [
  { id: 3, name: 'Initech' },
  { id: 9, name: 'Umbrella, "Corp"' },
];

describe("'Referrers wanted'", () => {
  it('names the companies the server names on /companies, names only, with the way to /refer', async () => {
    const api = fakeReferralsApi({ wanted });
    renderReferralsUi(<CompaniesPage visitor />, '/companies');
    const strip = await screen.findByRole('region', { name: 'Referrers wanted' }, { timeout: 10_000 });
    expect(
      within(strip).getByText(
        'People are waiting for a referral at these companies, and nobody there can take a request now.',
      ),
    ).toBeVisible();
    const names = within(strip).getByRole('list', { name: 'Referrers wanted' });
    expect(
      within(names)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Initech', 'Umbrella, "Corp"']);
    // No figure of any kind is shown.
    expect(strip.textContent).not.toMatch(/\d/);
    expect(
      within(strip).getByRole('link', { name: 'Work at one? Refer people at your company' }),
    ).toHaveAttribute('href', '/refer');
    expect(api.calls.filter((c) => c.path === '/api/companies/wanted')).toHaveLength(1);
  });

  it('shows nothing when no company is wanted', async () => {
    const api = fakeReferralsApi({ wanted: [] });
    renderReferralsUi(<CompaniesPage />, '/companies');
    await screen.findByRole('heading', { name: 'Companies' }, { timeout: 10_000 });
    await vi.waitFor(() => expect(api.calls.some((c) => c.path === '/api/companies/wanted')).toBe(true));
    expect(screen.queryByRole('region', { name: 'Referrers wanted' })).toBeNull();
    expect(screen.queryByText('Referrers wanted')).toBeNull();
  });
});
