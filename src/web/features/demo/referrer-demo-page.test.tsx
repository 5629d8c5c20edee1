// @vitest-environment jsdom
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { fakeApi } from '@/testing/fake-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_SUCCESS_MS } from './components/create-request-form';
import { MOCK_REQUESTS_STORAGE_KEY } from './hooks/use-mock-requests';
import { ReferrerDemoPage } from './referrer-demo-page';

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/referrer-demo']}>
      <ReferrerDemoPage />
    </MemoryRouter>,
  );
}

async function switchTo(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(screen.getByRole('button', { name: /Switch user/ }));
  await user.click(screen.getByRole('menuitem', { name: new RegExp(name) }));
}

describe('ReferrerDemoPage', () => {
  beforeEach(() => {
    window.localStorage.clear();
    // The demo never calls the API: any call fails the test.
    fakeApi({});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows the referrer, their pending requests, a profile modal and buttons that do nothing', async () => {
    const user = userEvent.setup();
    renderPage();
    expect(screen.getByRole('complementary', { name: 'Demo data' })).toBeInTheDocument();
    const info = screen.getByRole('heading', { name: 'Priya Sharma' }).closest('section')!;
    expect(info).toHaveTextContent('Verified');
    for (const text of ['Google', 'Senior Software Engineer', 'Engineering', 'Mar 1, 2019']) {
      expect(info).toHaveTextContent(text);
    }
    const pending = screen.getByRole('list', { name: 'Pending requests' });
    expect(within(pending).getAllByRole('listitem')).toHaveLength(2);
    const card = within(pending).getByText('Product Designer').closest('li')!;

    await user.click(within(card).getByRole('button', { name: 'Decline' }));
    await user.click(within(card).getByRole('button', { name: 'Provide Referral' }));
    expect(within(pending).getAllByRole('listitem')).toHaveLength(2);

    await user.click(within(card).getByRole('button', { name: /^View Profile\s*of Jordan Lee$/ }));
    const dialog = screen.getByRole('dialog', { name: 'Jordan Lee' });
    expect(dialog).toHaveTextContent('Rhode Island School of Design');
    expect(within(dialog).getByRole('list', { name: 'Skills' })).toHaveTextContent('Figma');
  });

  it('says when a referrer is still pending verification', async () => {
    const user = userEvent.setup();
    renderPage();
    await switchTo(user, 'Marcus Chen');
    const info = screen.getByRole('heading', { name: 'Marcus Chen' }).closest('section')!;
    expect(info).toHaveTextContent('Pending Verification');
  });

  it('validates the demo form with the texts of docs/product.md, Demo pages', async () => {
    const user = userEvent.setup();
    renderPage();
    await switchTo(user, 'Jordan Lee');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Create Request', 'My Requests']);
    const submit = screen.getByRole('button', { name: 'Submit demo request' });
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a job URL');
    await user.type(screen.getByLabelText('Job URL'), 'https://www.metacareers.com/jobs/77/');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent("Please enter the position you're applying for");
    await user.type(screen.getByLabelText('Position'), 'Engineer');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'No referrers found at Meta. Cannot process your request at this time.',
    );
    await user.clear(screen.getByLabelText('Job URL'));
    await user.type(screen.getByLabelText('Job URL'), 'https://careers.stripe.com/jobs/1');
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Company not found');
    expect(window.localStorage.getItem(MOCK_REQUESTS_STORAGE_KEY)).toBeNull();
  });

  it('stores a new request in localStorage; it survives a remount and reaches the referrer', async () => {
    const user = userEvent.setup();
    const first = renderPage();
    await switchTo(user, 'Jordan Lee');
    await user.type(screen.getByLabelText('Job URL'), 'https://careers.microsoft.com/us/en/job/123/Designer');
    await user.type(screen.getByLabelText('Position'), 'UX Designer');
    await user.click(screen.getByRole('button', { name: 'Submit demo request' }));
    expect(screen.getByRole('status')).toHaveTextContent('Request submitted successfully!');
    const stored: unknown = JSON.parse(window.localStorage.getItem(MOCK_REQUESTS_STORAGE_KEY) ?? '[]');
    expect(stored).toEqual([
      expect.objectContaining({ jobSeekerId: 2, companyId: 202, position: 'UX Designer', status: 'pending' }),
    ]);
    first.unmount();

    renderPage();
    await switchTo(user, 'Jordan Lee');
    await user.click(screen.getByRole('tab', { name: 'My Requests' }));
    const mine = screen.getByRole('list', { name: 'My requests' });
    expect(within(mine).getByText('UX Designer').closest('li')).toHaveTextContent('Microsoft');

    await switchTo(user, 'Sofia Garcia');
    expect(screen.getByRole('list', { name: 'Pending requests' })).toHaveTextContent('UX Designer');
  });

  it('ignores storage that holds something else', () => {
    window.localStorage.setItem(MOCK_REQUESTS_STORAGE_KEY, '{"not":"a list"}');
    renderPage();
    expect(
      within(screen.getByRole('list', { name: 'Pending requests' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });

  it('hides the success message after 5 seconds', async () => {
    vi.useFakeTimers();
    renderPage();
    // Fake timers stall user-event's delays, so this test drives the DOM events directly.
    fireEvent.keyDown(screen.getByRole('button', { name: /Switch user/ }), { key: 'Enter' });
    fireEvent.click(screen.getByRole('menuitem', { name: /Jordan Lee/ }));
    fireEvent.change(screen.getByLabelText('Job URL'), {
      target: { value: 'https://careers.google.com/jobs/results/1-engineer' },
    });
    fireEvent.change(screen.getByLabelText('Position'), { target: { value: 'Engineer' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit demo request' }));
    expect(screen.getByRole('status')).toHaveTextContent('Request submitted successfully!');
    act(() => vi.advanceTimersByTime(DEMO_SUCCESS_MS - 1));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
