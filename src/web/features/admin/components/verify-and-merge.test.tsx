// @vitest-environment jsdom
import type { AdminCompany, AdminUser } from '@shared/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { fakeApi, type FakeHandlers } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { renderApp, signedInReads } from '@/testing/render-app';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const at = '2026-11-20T10:00:00.000Z';
const rita: AdminUser = {
  id: 3,
  fullName: 'Rita Referrer',
  email: 'rita@example.com',
  role: 'referrer',
  referrerCompany: 'Acme',
  verified: false,
  verificationMethod: null,
  suspendedAt: null,
  suspensionReason: null,
  createdAt: at,
};
const dup: AdminCompany = {
  id: 5,
  name: 'Acme Dup',
  listed: true,
  emailDomains: ['acme-dup.test'],
  referrers: 2,
  verifiedReferrers: 1,
  requests: 4,
};
const keeper: AdminCompany = {
  id: 9,
  name: 'Acme',
  listed: true,
  emailDomains: ['acme.test'],
  referrers: 3,
  verifiedReferrers: 2,
  requests: 10,
};

function renderConsole(path: string, handlers: FakeHandlers) {
  const api = fakeApi({
    ...signedInReads(aUser({ id: 1, profileCompleted: true }), true),
    adminReports: () => [],
    adminAudit: () => [],
    adminHeldRequests: () => [],
    adminHeldMessages: () => [],
    adminQueueCounts: () => ({ openReports: 0, heldRequests: 0, heldMessages: 0 }),
    ...handlers,
  });
  renderApp(path);
  return api;
}

/** Issue 46 item 3: verification by hand asks first, with a note; it can be taken back; a merge shows what it does. */
describe('the admin console: verification by hand and the merge preview', () => {
  it('verifies by hand only after a confirming dialog, sending the note for the audit log', async () => {
    let user = rita;
    const api = renderConsole('/admin?tab=users', {
      adminUsers: () => [user],
      verifyUser: () => (user = { ...rita, verified: true, verificationMethod: 'admin' }),
    });
    const row = (await screen.findByText('Rita Referrer', {}, { timeout: 10_000 })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Verify by hand' }));
    const dialog = screen.getByRole('dialog', { name: 'Verify Rita Referrer at Acme by hand?' });
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Met her at their office.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/admin/users/3/verify',
        body: { note: 'Met her at their office.' },
      }),
    );
    // Read again: verified by hand, which may be taken back.
    const after = (await screen.findByText('by hand')).closest('tr')!;
    expect(within(after).getByText('Verified')).toBeVisible();
  });

  it('takes back a verification by hand, and offers no undo for one the referrer earned', async () => {
    let users: AdminUser[] = [
      { ...rita, verified: true, verificationMethod: 'admin' },
      { ...rita, id: 4, fullName: 'Sol Signin', verified: true, verificationMethod: 'sign-in-email' },
    ];
    const api = renderConsole('/admin?tab=users', {
      adminUsers: () => users,
      unverifyUser: ({ params }) => {
        users = users.map((u) =>
          u.id === Number(params.id) ? { ...u, verified: false, verificationMethod: null } : u,
        );
        return users.find((u) => u.id === Number(params.id));
      },
    });
    const row = (await screen.findByText('Rita Referrer', {}, { timeout: 10_000 })).closest('tr')!;
    const sol = screen.getByText('Sol Signin').closest('tr')!;
    expect(within(sol).getByText('by their sign-in email')).toBeVisible();
    expect(within(sol).queryByRole('button', { name: 'Undo verification' })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Undo verification' }));
    await vi.waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'DELETE',
        path: '/api/admin/users/3/verify',
        body: undefined,
      }),
    );
    await vi.waitFor(() =>
      expect(within(screen.getByText('Rita Referrer').closest('tr')!).getByText('Unverified')).toBeVisible(),
    );
  });

  it('shows what a merge would do, read from the company typed, before anything moves', async () => {
    const api = renderConsole('/admin?tab=companies', {
      adminCompanies: ({ url }) => {
        const q = url.searchParams.get('q') ?? '';
        if (q === '#9') return [keeper];
        if (q.startsWith('#')) return [];
        return [dup, keeper];
      },
      mergeCompany: () => ({ ...keeper, requests: 14, referrers: 5 }),
    });
    const row = (await screen.findByText('Acme Dup', {}, { timeout: 10_000 })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Merge' }));
    const dialog = screen.getByRole('dialog');
    const field = within(dialog).getByRole('textbox', { name: /Id of the company to keep/ });
    await userEvent.type(field, '#77');
    expect(await within(dialog).findByText('No company has the id 77.')).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, '5');
    expect(await within(dialog).findByText('A company cannot be merged into itself.')).toBeVisible();
    await userEvent.clear(field);
    await userEvent.type(field, '#9');
    const preview = await within(dialog).findByText(/goes into Acme \(#9\)/);
    expect(preview.closest('[role="status"]')).toHaveTextContent(
      'Acme Dup (#5) goes into Acme (#9), and Acme Dup is deleted.' +
        '4 requests move: Acme then has 14 requests.' +
        '2 referrers move (1 verified): Acme then has 5 referrers.' +
        'Email domains then: @acme.test, @acme-dup.test.',
    );
    expect(api.calls.some((c) => c.path.endsWith('/merge'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Merge' }));
    await vi.waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/admin/companies/5/merge',
        body: { intoId: 9 },
      }),
    );
  });
});
