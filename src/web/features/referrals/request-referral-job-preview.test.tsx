// @vitest-environment jsdom
import { stubBrowserApis } from '@/testing/browser-stubs';
import { apiPath } from '@shared/api-routes';
import { JOB_CLOSED_MESSAGE, type JobPreview } from '@shared/jobs';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { RequestReferralPage } from './request-referral-page';
import { fakeReferralsApi, renderReferralsUi } from '@/testing/referrals-test-utils';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => {
  vi.mocked(toast).mockClear();
  stubBrowserApis();
});
afterEach(() => vi.unstubAllGlobals());

/** The preview waits for a 400 ms pause in typing; leave room on a busy machine. */
const SLOW = { timeout: 4000 };
const JOB = 'https://boards.greenhouse.io/google/jobs/123';
const RESUME = apiPath('resumeFile', { id: 1 });

const open = (url: string): JobPreview => ({
  url,
  title: 'Staff Engineer, Search',
  companyName: 'Google',
  location: 'Zurich, Switzerland',
  status: 'open',
  source: 'greenhouse',
});

function renderPage() {
  return renderReferralsUi(
    <RequestReferralPage resume={{ isLoading: false, fileUrl: RESUME }} currentCompanyName={null} />,
    '/request-referral',
  );
}
const jobUrl = () => screen.getByRole('textbox', { name: 'Job URL' });
const position = () => screen.getByRole('textbox', { name: 'Position' });
const submit = () => screen.getByRole('button', { name: 'Submit Request' });

async function paste(url: string) {
  await userEvent.click(jobUrl());
  await userEvent.paste(url);
}

describe('the request form reads the posting', () => {
  it('shows the title and location under the URL once pasted, and fills an empty Position', async () => {
    const api = fakeReferralsApi({ preview: open });
    renderPage();
    await paste(JOB);
    expect(
      await screen.findByText('Staff Engineer, Search · Zurich, Switzerland', {}, SLOW),
    ).toBeInTheDocument();
    await waitFor(() => expect(position()).toHaveValue('Staff Engineer, Search'));
    expect(screen.queryByText(JOB_CLOSED_MESSAGE)).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.path.startsWith('/api/jobs/preview'))).toHaveLength(1);
  });

  it('never replaces a Position the seeker typed', async () => {
    fakeReferralsApi({ preview: open });
    renderPage();
    await userEvent.type(position(), 'Engineer');
    await paste(JOB);
    expect(await screen.findByText(/Staff Engineer, Search ·/, {}, SLOW)).toBeInTheDocument();
    expect(position()).toHaveValue('Engineer');
  });

  it('clears a Position the previous posting filled when the URL changes, and keeps one the seeker edited', async () => {
    fakeReferralsApi({
      preview: (url) => ({ ...open(url), title: url.endsWith('23') ? 'Staff Engineer, Search' : null }),
    });
    renderPage();
    await paste(JOB);
    await waitFor(() => expect(position()).toHaveValue('Staff Engineer, Search'), SLOW);
    await userEvent.clear(jobUrl());
    await paste('https://boards.greenhouse.io/google/jobs/456');
    await waitFor(() => expect(position()).toHaveValue(''));
    expect(await screen.findByText('Zurich, Switzerland', { exact: false }, SLOW)).toBeInTheDocument();
    expect(position()).toHaveValue('');

    // Edited after the posting filled it: the seeker's own words stay.
    await userEvent.clear(jobUrl());
    await paste('https://boards.greenhouse.io/google/jobs/1123');
    await waitFor(() => expect(position()).toHaveValue('Staff Engineer, Search'), SLOW);
    await userEvent.type(position(), ' II');
    await userEvent.clear(jobUrl());
    await paste('https://boards.greenhouse.io/google/jobs/789');
    expect(await screen.findByText('Zurich, Switzerland', { exact: false }, SLOW)).toBeInTheDocument();
    expect(position()).toHaveValue('Staff Engineer, Search II');
  });

  it('says a closed posting seems closed, and leaves the refusal to the server', async () => {
    const api = fakeReferralsApi({
      preview: (url) => ({ ...open(url), title: null, location: null, status: 'closed' }),
    });
    renderPage();
    await paste(JOB);
    expect(await screen.findByText(JOB_CLOSED_MESSAGE, {}, SLOW)).toBeInTheDocument();
    await userEvent.type(position(), 'Engineer');
    await userEvent.click(submit());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toMatchObject({ jobUrl: JOB, position: 'Engineer', companyId: 1 });
  });

  it("fills the company from the posting when detection found none, as the seeker's own pick would", async () => {
    const api = fakeReferralsApi({
      detect: () => ({ companyName: null, companyId: null, confidence: null, message: null }),
      preview: (url) => ({ ...open(url), companyName: 'Acme Robotics', source: 'json-ld' }),
    });
    renderPage();
    await paste('https://acme.example/careers/42');
    const company = await screen.findByRole('combobox', { name: 'Company' }, SLOW);
    await waitFor(() => expect(company).toHaveValue('Acme Robotics'));
    await userEvent.click(submit());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toMatchObject({
      position: 'Staff Engineer, Search',
      detectedCompanyName: 'Acme Robotics',
    });
  });

  it('never says another company was detected than the one the form sends (issue 46 item 9)', async () => {
    // careers.example.org reads as 'Example', a company nobody lists; the posting names Stripe, listed.
    const api = fakeReferralsApi({
      detect: () => ({ companyName: 'Example', companyId: null, confidence: 'medium', message: null }),
      preview: (url) => ({ ...open(url), companyName: 'Stripe', source: 'json-ld' }),
    });
    renderPage();
    await paste('https://careers.example.org/jobs/1');
    const company = await screen.findByRole('combobox', { name: 'Company' }, SLOW);
    await waitFor(() => expect(company).toHaveValue('Stripe'));
    await waitFor(() => expect(screen.queryByTestId('company-detection')).not.toBeInTheDocument());
    expect(screen.queryByText('Example')).not.toBeInTheDocument();
    await userEvent.click(submit());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toMatchObject({ companyId: 4 });

    // With the field emptied the form sends the detected name, and the line says it again.
    await userEvent.clear(company);
    await waitFor(() =>
      expect(screen.getByTestId('company-detection')).toHaveTextContent('Company detected: Example'),
    );
  });

  it('shows nothing when the posting could not be read', async () => {
    fakeReferralsApi();
    renderPage();
    await paste(JOB);
    await waitFor(() => expect(screen.getByText(/Company detected:/)).toBeInTheDocument(), SLOW);
    expect(screen.queryByTestId('job-preview')).not.toBeInTheDocument();
    expect(position()).toHaveValue('');
    expect(toast).not.toHaveBeenCalled();
  });
});
