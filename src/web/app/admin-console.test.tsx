// @vitest-environment jsdom
import type { AdminCompany, AdminUser } from '@shared/admin';
import type { AdminRequestView, AdminUserView } from '@shared/admin-views';
import type { AdminHeldRequest } from '@shared/held-review';
import type { AdminReport } from '@shared/reports';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { fakeApi, fakeError, type FakeHandlers } from '@/testing/fake-api';
import { aUser } from '@/testing/fixtures';
import { renderApp, signedInReads } from '@/testing/render-app';

beforeEach(() => stubBrowserApis());
afterEach(() => vi.unstubAllGlobals());

const at = '2026-11-20T10:00:00.000Z';
const report: AdminReport = {
  id: 7,
  reason: 'payment',
  note: 'He offered me $300 in the thread.\nTwice.',
  status: 'open',
  createdAt: at,
  reporter: { id: 2, fullName: 'Rita Referrer', email: 'rita@acme.test' },
  subject: { id: 3, fullName: 'Sam Seeker', email: 'sam@example.com' },
  request: { id: 11, position: 'Engineer', companyName: 'Acme' },
  resolution: null,
};
const sam: AdminUser = {
  id: 3,
  fullName: 'Sam Seeker',
  email: 'sam@example.com',
  role: 'job_seeker',
  referrerCompany: null,
  verified: false,
  verificationMethod: null,
  suspendedAt: null,
  suspensionReason: null,
  createdAt: at,
};
const acme: AdminCompany = {
  id: 5,
  name: 'Acme',
  listed: true,
  emailDomains: [],
  referrers: 2,
  verifiedReferrers: 0,
  requests: 4,
};

const held: AdminHeldRequest = {
  id: 21,
  status: 'held',
  seeker: { id: 4, fullName: 'Pat Payer', email: 'pat@example.com' },
  company: { id: 5, name: 'Acme' },
  position: 'Analyst',
  jobUrl: 'https://acme.test/jobs/1',
  message: 'I will pay $300 for a referral.',
  rule: 'pay-verb',
  createdAt: at,
  reviewedAt: null,
  rejectionReason: null,
};

function renderConsole(path: string, { isAdmin = true, handlers = {} as FakeHandlers } = {}) {
  const api = fakeApi({
    ...signedInReads(aUser({ id: 1, profileCompleted: true }), isAdmin),
    adminReports: () => [report],
    adminUsers: () => [sam],
    adminCompanies: () => [acme],
    adminAudit: () => [],
    adminHeldRequests: () => [held],
    adminHeldMessages: () => [],
    adminQueueCounts: () => ({ openReports: 1, heldRequests: 1, heldMessages: 0 }),
    ...handlers,
  });
  return { api, router: renderApp(path) };
}

describe('the admin console', () => {
  it('shows a non-admin the 404 page and never asks for the admin lists', async () => {
    const { api } = renderConsole('/admin', { isAdmin: false });
    expect(
      await screen.findByRole('heading', { name: '404 Page Not Found' }, { timeout: 10_000 }),
    ).toBeVisible();
    expect(api.calls.some((c) => c.path.startsWith('/api/admin'))).toBe(false);
  });

  it("shows an admin the 404 page for an address under /admin that is not one of the console's", async () => {
    for (const path of ['/admin/constructor/1', '/admin/users/3/more', '/admin/users', '/admin/audit']) {
      const { api } = renderConsole(path);
      expect(
        await screen.findByRole('heading', { name: '404 Page Not Found' }, { timeout: 10_000 }),
        path,
      ).toBeVisible();
      expect(
        api.calls.some((c) => c.path.startsWith('/api/admin')),
        path,
      ).toBe(false);
      cleanup();
    }
  });

  it('lists each open report with its reason and note in full, and resolves one with a note', async () => {
    const { api } = renderConsole('/admin', {
      handlers: {
        resolveReport: () => ({
          ...report,
          status: 'resolved',
          resolution: { action: 'warned', note: 'Told him.', at },
        }),
      },
    });
    const item = await screen.findByRole('listitem', { name: 'Report 7' }, { timeout: 10_000 });
    expect(within(item).getByText('Offers or asks for money')).toBeVisible();
    expect(within(item).getByText(/He offered me \$300 in the thread\.\s+Twice\./)).toBeVisible();
    expect(item).toHaveTextContent(
      'Rita Referrer (rita@acme.test, #2) reported Sam Seeker (sam@example.com, #3)',
    );
    await userEvent.click(within(item).getByRole('button', { name: 'Warned' }));
    await userEvent.type(screen.getByRole('textbox', { name: /Note/ }), 'Told him.');
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    await vi.waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/admin/reports/7/resolve',
        body: { action: 'warned', note: 'Told him.' },
      }),
    );
  });

  it("links a report to both users' views and to the request's (issue 46 item 9)", async () => {
    const samView: AdminUserView = {
      user: sam,
      requests: [
        {
          id: 11,
          position: 'Engineer',
          companyName: 'Acme',
          status: 'accepted',
          passedOnAt: null,
          createdAt: at,
        },
      ],
      referrals: [],
      reportsAbout: [
        {
          id: 7,
          reason: 'payment',
          status: 'open',
          note: report.note,
          reporter: report.reporter,
          requestId: 11,
          createdAt: at,
        },
      ],
    };
    const request: AdminRequestView = {
      id: 11,
      position: 'Engineer',
      jobUrl: 'https://acme.test/jobs/11',
      status: 'accepted',
      message: 'Hello Rita.',
      seeker: { id: 3, fullName: 'Sam Seeker', email: 'sam@example.com' },
      company: { id: 5, name: 'Acme' },
      job: { title: null, location: null, status: 'unknown' },
      heldRule: null,
      rejectionReason: null,
      createdAt: at,
      closedAt: null,
      erasedAt: null,
      referrals: [
        {
          id: 31,
          referrer: { id: 2, fullName: 'Rita Referrer', email: 'rita@acme.test' },
          status: 'accepted',
          declineReason: null,
          candidateId: null,
          assignedAt: at,
          submittedAt: null,
          passedOnAt: null,
        },
      ],
      timeline: [
        { kind: 'requested', at, referralId: null, referrerName: null, note: null },
        { kind: 'assigned', at, referralId: 31, referrerName: 'Rita Referrer', note: null },
        { kind: 'changes_requested', at, referralId: 31, referrerName: 'Rita Referrer', note: null },
        { kind: 'resubmitted', at, referralId: 31, referrerName: 'Rita Referrer', note: null },
        { kind: 'accepted', at, referralId: 31, referrerName: 'Rita Referrer', note: 'Happy to.' },
      ],
    };
    const { api } = renderConsole('/admin', {
      handlers: {
        adminUser: ({ params }) => (params.id === '3' ? samView : fakeError(404, 'There is no such user.')),
        adminRequest: () => request,
      },
    });
    const item = await screen.findByRole('listitem', { name: 'Report 7' }, { timeout: 10_000 });
    expect(within(item).getByRole('link', { name: 'Rita Referrer' })).toHaveAttribute(
      'href',
      '/admin/users/2',
    );
    expect(
      within(item).getByRole('link', { name: 'the request for Engineer at Acme (#11)' }),
    ).toHaveAttribute('href', '/admin/requests/11');

    // The reported user's view: who, the console's actions, their requests and the reports about them.
    await userEvent.click(within(item).getByRole('link', { name: 'Sam Seeker' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sam Seeker' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Suspend' })).toBeVisible();
    const reports = screen.getByRole('region', { name: 'Reports about them' });
    expect(within(reports).getByText(/He offered me \$300/)).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Their requests' })).getByRole('link', {
        name: 'Engineer at Acme',
      }),
    ).toHaveAttribute('href', '/admin/requests/11');
    expect(api.calls.map((c) => c.path)).toContain('/api/admin/users/3');

    // The request's view: who asked, its referral with its referrer, its timeline.
    await userEvent.click(within(reports).getByRole('link', { name: 'request #11' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Engineer at Acme' })).toBeVisible();
    expect(screen.getByText('Hello Rita.')).toBeVisible();
    const referrals = screen.getByRole('region', { name: 'Referrals' });
    expect(within(referrals).getByRole('link', { name: 'Rita Referrer' })).toHaveAttribute(
      'href',
      '/admin/users/2',
    );
    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual([
      'Asked for',
      'Given to Rita Referrer',
      'Changes requested by Rita Referrer',
      'Resubmitted to Rita Referrer with changes',
      'Accepted by Rita Referrer',
    ]);
    expect(within(timeline).getByText('“Happy to.”')).toBeVisible();

    // A user nobody has: the server's sentence.
    await userEvent.click(within(referrals).getByRole('link', { name: 'Rita Referrer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no such user.');
  });

  it('says beside each queue how many wait in it, all pages together, and reads them again after a review', async () => {
    let open = 1204;
    const { api } = renderConsole('/admin', {
      handlers: {
        adminQueueCounts: () => ({ openReports: open, heldRequests: 3, heldMessages: 0 }),
        resolveReport: () => {
          open -= 1;
          return { ...report, status: 'resolved', resolution: { action: 'dismissed', note: '', at } };
        },
      },
    });
    const reports = await screen.findByRole('region', { name: 'Reports' }, { timeout: 10_000 });
    expect(await within(reports).findByText('1,204 open')).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Held requests' })).getByText('3 waiting'),
    ).toBeVisible();
    // An empty queue's list says so; its heading adds no zero.
    expect(screen.getByRole('region', { name: 'Held messages' })).not.toHaveTextContent(/waiting/);

    await userEvent.click(within(reports).getByRole('button', { name: 'Dismiss' }));
    await userEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    expect(await within(reports).findByText('1,203 open')).toBeVisible();
    expect(api.calls.filter((c) => c.path === '/api/admin/queue-counts').length).toBeGreaterThanOrEqual(2);
  });

  it('finds a user and suspends them with a reason; a blank reason is asked for first', async () => {
    const { api } = renderConsole('/admin?tab=users', {
      handlers: {
        suspendUser: ({ body }) => ({
          ...sam,
          suspendedAt: at,
          suspensionReason: (body as { reason: string }).reason,
        }),
      },
    });
    const row = (await screen.findByText('Sam Seeker', {}, { timeout: 10_000 })).closest('tr')!;
    await userEvent.click(within(row).getByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Sam Seeker?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Reason is needed.');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Asked for money');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await vi.waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'POST',
        path: '/api/admin/users/3/suspend',
        body: { reason: 'Asked for money' },
      }),
    );
    // The search is read again after the write.
    await vi.waitFor(() =>
      expect(api.calls.filter((c) => c.path.startsWith('/api/admin/users?')).length).toBeGreaterThan(1),
    );
  });

  it("sets a company's email domains from one per line, and shows the server's refusal", async () => {
    const { api } = renderConsole('/admin?tab=companies', {
      handlers: {
        setCompanyEmailDomains: () =>
          fakeError(
            400,
            'gmail.com gives mailboxes to anyone, so an address there cannot show that someone works at this company.',
          ),
      },
    });
    const row = (await screen.findByText('Acme', {}, { timeout: 10_000 })).closest('tr')!;
    expect(within(row).getByText('None')).toBeVisible();
    await userEvent.click(within(row).getByRole('button', { name: 'Domains' }));
    const dialog = screen.getByRole('dialog');
    await userEvent.type(within(dialog).getByRole('textbox'), 'acme.test\ngmail.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(api.calls).toContainEqual({
        method: 'PUT',
        path: '/api/admin/companies/5',
        body: { emailDomains: ['acme.test', 'gmail.com'] },
      }),
    );
    expect(await screen.findByText(/gmail\.com gives mailboxes to anyone/)).toBeVisible();
    // Refused: the dialog stays open with what was typed.
    expect(within(screen.getByRole('dialog')).getByRole('textbox')).toHaveValue('acme.test\ngmail.com');
  });

  it('shows a held request with its message and the rule that held it, and releases it', async () => {
    const { api } = renderConsole('/admin', {
      handlers: {
        releaseHeldRequest: () => ({ ...held, status: 'pending', reviewedAt: at, outcome: 'assigned' }),
      },
    });
    const item = await screen.findByRole('listitem', { name: 'Held request 21' }, { timeout: 10_000 });
    expect(within(item).getByText('I will pay $300 for a referral.')).toBeVisible();
    expect(within(item).getByText('Offers to pay for the referral')).toBeVisible();
    expect(screen.getByText('No message is held.')).toBeVisible();
    await userEvent.click(within(item).getByRole('button', { name: 'Release' }));
    await vi.waitFor(() =>
      expect(api.calls).toContainEqual({ method: 'POST', path: '/api/admin/requests/21/release', body: {} }),
    );
  });

  it("pages a long queue: 'Show more' under it while the last page came back full, and a review keeps the rest", async () => {
    // 60 held requests; the fake pages them as the server does, oldest (lowest id here) first.
    let queue = Array.from({ length: 60 }, (_, i) => ({ ...held, id: 100 + i }));
    let answerSecondPage: (() => void) | undefined;
    const { api } = renderConsole('/admin', {
      handlers: {
        adminHeldRequests: ({ url }) => {
          const after = Number(url.searchParams.get('after') ?? 0);
          const limit = Number(url.searchParams.get('limit'));
          const page = queue.filter((r) => r.id > after).slice(0, limit);
          if (after === 0 || answerSecondPage) return page;
          return new Promise((resolve) => {
            answerSecondPage = () => resolve(page);
          });
        },
        releaseHeldRequest: ({ params }) => {
          const released = queue.find((r) => r.id === Number(params.id))!;
          queue = queue.filter((r) => r !== released);
          return { ...released, status: 'pending', reviewedAt: at, outcome: 'waiting' };
        },
      },
    });
    const section = await screen.findByRole('region', { name: 'Held requests' }, { timeout: 10_000 });
    await within(section).findByRole('listitem', { name: 'Held request 100' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(50);
    expect(api.calls.map((c) => c.path)).toContain('/api/admin/requests?status=held&limit=50');
    // The reports' single page and the empty messages have nothing more.
    expect(
      within(screen.getByRole('region', { name: 'Reports' })).queryByRole('button', { name: 'Show more' }),
    ).toBeNull();

    await userEvent.click(within(section).getByRole('button', { name: 'Show more' }));
    const loadingMore = within(section).getByRole('button', { name: 'Loading more…' });
    expect(loadingMore).toBeDisabled();
    expect(api.calls.map((c) => c.path)).toContain('/api/admin/requests?status=held&limit=50&after=149');
    answerSecondPage!();
    await within(section).findByRole('listitem', { name: 'Held request 159' });
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(queue.map((r) => `Held request ${r.id}`));
    // The last page was not full: no more to show.
    expect(within(section).queryByRole('button', { name: /Show more|Loading more/ })).toBeNull();

    // Released, the first item drops out; every loaded page is read again, so the other 59 all stay.
    const first = within(section).getByRole('listitem', { name: 'Held request 100' });
    await userEvent.click(within(first).getByRole('button', { name: 'Release' }));
    await vi.waitFor(() =>
      expect(within(section).queryByRole('listitem', { name: 'Held request 100' })).toBeNull(),
    );
    await vi.waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(59));
    expect(api.calls.map((c) => c.path)).toContain('/api/admin/requests?status=held&limit=50&after=150');
    expect(within(section).queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});
