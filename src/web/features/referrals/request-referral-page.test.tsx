// @vitest-environment jsdom
import { apiPath } from '@shared/api-routes';
import type { CompanyStats } from '@shared/companies';
import type { CompanyDetection } from '@shared/job-url';
import { REFERRAL_FORM_TEXTS, REFERRAL_REQUEST_ERRORS, REFERRAL_SUBMIT_TEXTS } from '@shared/referral-texts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/use-toast';
import { RequestReferralPage } from './request-referral-page';
import { aRequest, fakeReferralsApi, renderReferralsUi } from '@/testing/referrals-test-utils';
import { stubBrowserApis } from '@/testing/browser-stubs';
import { jsonResponse } from '@/testing/fake-api';

vi.mock('@/components/ui/use-toast', () => ({ toast: vi.fn() }));
beforeEach(() => {
  vi.mocked(toast).mockClear();
  stubBrowserApis();
});
afterEach(() => vi.unstubAllGlobals());

const RESUME = apiPath('resumeFile', { id: 1 });
/** Detection waits for a 400 ms pause in typing; leave room on a busy machine. */
const SLOW = { timeout: 4000 };
const CHECK_COMPANY = 'Check this is the right company.';
const JOB = 'https://careers.google.com/jobs/results/123';

function renderPage(fileUrl: string | null = RESUME, currentCompanyName: string | null = null) {
  return renderReferralsUi(
    <RequestReferralPage resume={{ isLoading: false, fileUrl }} currentCompanyName={currentCompanyName} />,
    '/request-referral',
  );
}

const STRIPE_JOB = 'https://jobs.lever.co/stripe/42';
const stats = (referrers: number): CompanyStats => ({
  referrers,
  verifiedReferrers: 0,
  responseRate: null,
  medianResponseHours: null,
});
const detectByHost = (url: string): CompanyDetection =>
  url.includes('stripe')
    ? { companyName: 'Stripe', companyId: 4, confidence: 'high', message: null }
    : { companyName: 'Google', companyId: 1, confidence: 'high', message: null };

const jobUrl = () => screen.getByRole('textbox', { name: 'Job URL' });
const position = () => screen.getByRole('textbox', { name: 'Position' });
const message = () => screen.getByRole('textbox', { name: /Message/ });
const submit = () => screen.getByRole('button', { name: 'Submit Request' });

describe('RequestReferralPage', () => {
  it('shows the validation texts of docs/product.md for empty and malformed input', async () => {
    fakeReferralsApi();
    renderPage();
    await userEvent.click(submit());
    expect(await screen.findByText(REFERRAL_FORM_TEXTS.jobUrlRequired)).toBeInTheDocument();
    expect(screen.getByText(REFERRAL_FORM_TEXTS.positionMin)).toBeInTheDocument();

    await userEvent.type(jobUrl(), 'not a url');
    await userEvent.click(position());
    await userEvent.paste('x'.repeat(101));
    await userEvent.click(submit());
    expect(await screen.findByText(REFERRAL_FORM_TEXTS.jobUrlInvalid)).toBeInTheDocument();
    expect(screen.getByText(REFERRAL_FORM_TEXTS.positionMax)).toBeInTheDocument();
  });

  it('counts message characters live and refuses more than 500', async () => {
    fakeReferralsApi();
    renderPage();
    expect(screen.getByText('0/500')).toBeInTheDocument();
    await userEvent.type(message(), 'Hello');
    expect(screen.getByText('5/500')).toBeInTheDocument();
    await userEvent.clear(message());
    await userEvent.click(message());
    await userEvent.paste('y'.repeat(501));
    expect(screen.getByText('501/500')).toBeInTheDocument();
    await userEvent.click(submit());
    expect(await screen.findByText(REFERRAL_FORM_TEXTS.messageMax)).toBeInTheDocument();
  });

  it('detects the company as the job URL is typed, with no word about confidence when it is sure', async () => {
    const api = fakeReferralsApi();
    renderPage();
    await userEvent.type(jobUrl(), JOB);
    expect(await screen.findByText('Google', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/Company detected:/)).toBeInTheDocument();
    // A sure detection needs no comment.
    expect(screen.queryByText(/confidence/i)).not.toBeInTheDocument();
    expect(screen.queryByText(CHECK_COMPANY)).not.toBeInTheDocument();
    // Debounced: one detection call for the whole typed URL, not one per keystroke.
    expect(api.calls.filter((c) => c.path.startsWith('/api/companies/detect'))).toHaveLength(1);
  });

  it("shows detection's message for a general careers page", async () => {
    const note = 'This is a general careers page for Stripe. Please provide a specific job posting URL.';
    fakeReferralsApi({
      detect: () => ({ companyName: 'Stripe', companyId: 4, confidence: 'low', message: note }),
    });
    renderPage();
    await userEvent.type(jobUrl(), 'https://stripe.com/jobs');
    expect(await screen.findByText(note, {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(CHECK_COMPANY)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
  });

  it('lets the user type a company when detection finds none, sent as detectedCompanyName', async () => {
    const manual = 'Indeed job listings do not include the company. Please enter the company name manually';
    const api = fakeReferralsApi({
      detect: () => ({ companyName: null, companyId: null, confidence: null, message: manual }),
    });
    renderPage();
    await userEvent.type(jobUrl(), 'https://www.indeed.com/viewjob?jk=1');
    expect(await screen.findByText(manual, {}, SLOW)).toBeInTheDocument();
    await userEvent.type(position(), 'Data Engineer');
    await userEvent.click(submit());
    expect(await screen.findByText(REFERRAL_REQUEST_ERRORS.companyUnknown)).toBeInTheDocument();

    await userEvent.type(screen.getByRole('combobox', { name: 'Company' }), 'Acme Robotics');
    await userEvent.click(submit());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({
      jobUrl: 'https://www.indeed.com/viewjob?jk=1',
      position: 'Data Engineer',
      message: '',
      resumeLink: RESUME,
      detectedCompanyName: 'Acme Robotics',
    });
  });

  it('picks a listed company by id when the typed name matches it', async () => {
    const api = fakeReferralsApi({
      detect: () => ({ companyName: null, companyId: null, confidence: null, message: null }),
    });
    renderPage();
    await userEvent.type(jobUrl(), 'https://example.org/apply/1');
    const company = await screen.findByRole('combobox', { name: 'Company' }, SLOW);
    await userEvent.type(company, 'stri');
    await userEvent.click(await screen.findByRole('option', { name: 'Stripe' }));
    await userEvent.type(position(), 'Designer');
    await userEvent.click(submit());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toMatchObject({ companyId: 4 });
  });

  it('submits, toasts the success with the sent text and goes to /dashboard', async () => {
    const api = fakeReferralsApi();
    renderPage();
    await userEvent.type(jobUrl(), JOB);
    await userEvent.type(position(), 'Software Engineer');
    await userEvent.type(message(), 'I would love to join.');
    await userEvent.click(submit());
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/dashboard'));
    expect(api.writes()[0]!.body).toEqual({
      jobUrl: JOB,
      position: 'Software Engineer',
      message: 'I would love to join.',
      resumeLink: RESUME,
      companyId: 1,
    });
    expect(toast).toHaveBeenCalledWith({
      title: REFERRAL_SUBMIT_TEXTS.success,
      description: REFERRAL_SUBMIT_TEXTS.sent,
    });
    expect(api.activities()).toContainEqual({
      category: 'referral',
      action: 'referral_request',
      details: { requestId: 99, companyId: 1, noReferrers: false },
    });
  });

  it('says we are looking for referrers when nobody could take the request', async () => {
    const api = fakeReferralsApi();
    api.overrides.set('POST /api/referral-requests', () =>
      jsonResponse(201, { ...aRequest(5), noReferrers: true }),
    );
    renderPage(null);
    await userEvent.type(jobUrl(), JOB);
    await userEvent.type(position(), 'Software Engineer');
    await userEvent.click(submit());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: REFERRAL_SUBMIT_TEXTS.success,
        description: REFERRAL_SUBMIT_TEXTS.noReferrers,
      }),
    );
    expect(api.writes()[0]!.body).toMatchObject({ resumeLink: null });
  });

  it('says plainly that nobody can take it when every referrer there declined this posting before', async () => {
    const api = fakeReferralsApi();
    api.overrides.set('POST /api/referral-requests', () =>
      jsonResponse(201, { ...aRequest(6), noReferrers: true, declinedBefore: true }),
    );
    renderPage();
    await userEvent.type(jobUrl(), JOB);
    await userEvent.type(position(), 'Software Engineer');
    await userEvent.click(submit());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: REFERRAL_SUBMIT_TEXTS.success,
        description:
          'Nobody at Google can take this request now. It waits here and goes to the first referrer there who can take it. You can withdraw it, or ask at another company.',
      }),
    );
  });

  it("puts the server's 409 error text in the failure toast and stays on the page", async () => {
    const api = fakeReferralsApi();
    api.overrides.set('POST /api/referral-requests', () =>
      jsonResponse(409, { error: REFERRAL_REQUEST_ERRORS.duplicate }),
    );
    renderPage();
    await userEvent.type(jobUrl(), JOB);
    await userEvent.type(position(), 'Software Engineer');
    await userEvent.click(submit());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: REFERRAL_SUBMIT_TEXTS.failed,
        description: REFERRAL_REQUEST_ERRORS.duplicate,
      }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/request-referral');
  });

  it('falls back to the raw body when the error is not JSON', async () => {
    const api = fakeReferralsApi();
    api.overrides.set('POST /api/referral-requests', () => new Response('Gateway down', { status: 502 }));
    renderPage();
    await userEvent.type(jobUrl(), JOB);
    await userEvent.type(position(), 'Software Engineer');
    await userEvent.click(submit());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: REFERRAL_SUBMIT_TEXTS.failed,
        description: 'Gateway down',
      }),
    );
  });

  it("says 'Company information unavailable' when detection fails, and lets the user name the company", async () => {
    const api = fakeReferralsApi();
    api.overrides.set('GET /api/companies/detect', () => jsonResponse(500, { error: 'boom' }));
    renderPage();
    await userEvent.type(jobUrl(), JOB);
    expect(await screen.findByText('Company information unavailable', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Company' })).toBeInTheDocument();
  });

  it("toasts 'An unexpected error occurred' when the answer cannot be read", async () => {
    const api = fakeReferralsApi();
    api.overrides.set('POST /api/referral-requests', () => jsonResponse(201, { surprise: true }));
    renderPage();
    await userEvent.type(jobUrl(), JOB);
    await userEvent.type(position(), 'Software Engineer');
    await userEvent.click(submit());
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        variant: 'destructive',
        title: 'Error',
        description: REFERRAL_SUBMIT_TEXTS.unexpected,
      }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/request-referral');
  });

  it('warns about a missing resume with a link to /profile/edit, and shows the tips', async () => {
    fakeReferralsApi();
    renderPage(null);
    expect(screen.getByRole('link', { name: 'Upload your resume in your profile' })).toHaveAttribute(
      'href',
      '/profile/edit',
    );
    expect(screen.getByRole('heading', { name: 'Tips for Success' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Dashboard/ })).toHaveAttribute('href', '/dashboard');
    expect(screen.getByRole('link', { name: /My Referrals/ })).toHaveAttribute('href', '/my-referrals');
  });

  it("says 'Applicant information unavailable' when the applicant's resume cannot be loaded", () => {
    fakeReferralsApi();
    renderReferralsUi(
      <RequestReferralPage
        resume={{ isLoading: false, isError: true, fileUrl: null }}
        currentCompanyName={null}
      />,
      '/request-referral',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Applicant information unavailable');
    // Not a missing resume: nobody knows whether there is one.
    expect(screen.queryByText("You haven't uploaded a resume yet")).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('shows no resume warning when the user has one', () => {
    fakeReferralsApi();
    renderPage();
    expect(screen.queryByText("You haven't uploaded a resume yet")).not.toBeInTheDocument();
  });
});

describe('RequestReferralPage, what the company means for the request', () => {
  it('drops the detected company as soon as the URL changes, until the new one is detected', async () => {
    fakeReferralsApi({ detect: detectByHost });
    renderPage();
    await userEvent.type(jobUrl(), JOB);
    expect(await screen.findByText('Google', {}, SLOW)).toBeInTheDocument();
    await userEvent.clear(jobUrl());
    await userEvent.type(jobUrl(), STRIPE_JOB);
    // At once: no stale 'Google', only a neutral check.
    expect(screen.queryByText('Google')).not.toBeInTheDocument();
    expect(screen.getByText('Detecting the company from the job URL...')).toBeInTheDocument();
    expect(await screen.findByText('Stripe', {}, SLOW)).toBeInTheDocument();
  });

  it('asks to check a low-confidence guess and lets the user pick another company', async () => {
    const api = fakeReferralsApi({
      detect: () => ({ companyName: 'Meta', companyId: 5, confidence: 'low', message: null }),
    });
    renderPage();
    await userEvent.type(jobUrl(), 'https://www.metaltech.com/careers/1');
    expect(await screen.findByText(CHECK_COMPANY, {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/confidence/i)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pick another company' }));
    const company = screen.getByRole('combobox', { name: 'Company' });
    await userEvent.type(company, 'stri');
    await userEvent.click(await screen.findByRole('option', { name: 'Stripe' }));
    await userEvent.type(position(), 'Designer');
    await userEvent.click(submit());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toMatchObject({ companyId: 4 });
  });

  it('takes a company the posting surely names (medium: a careers host), with nothing to pick', async () => {
    const api = fakeReferralsApi({
      detect: () => ({ companyName: 'Google', companyId: 1, confidence: 'medium', message: null }),
    });
    renderPage();
    await userEvent.type(jobUrl(), JOB);
    expect(await screen.findByText('Google', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(CHECK_COMPANY)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pick another company' })).not.toBeInTheDocument();
    await userEvent.type(position(), 'Designer');
    await userEvent.click(submit());
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toMatchObject({ companyId: 1 });
  });

  it("refuses the user's own company on the form, with the sentence of docs/product.md, Messages, before any submit", async () => {
    const api = fakeReferralsApi({ detect: detectByHost });
    renderPage(RESUME, 'google');
    await userEvent.type(jobUrl(), JOB);
    expect(await screen.findByText(REFERRAL_REQUEST_ERRORS.employee('Google'), {}, SLOW)).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await userEvent.type(position(), 'Software Engineer');
    expect(submit()).toBeDisabled();
    // Another company's posting may be sent.
    await userEvent.clear(jobUrl());
    await userEvent.type(jobUrl(), STRIPE_JOB);
    expect(await screen.findByText('Stripe', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(REFERRAL_REQUEST_ERRORS.employee('Google'))).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();
    expect(api.writes()).toEqual([]);
  });

  it('says a request will wait when the company has no referrers yet, and offers to watch it', async () => {
    const api = fakeReferralsApi({ detect: detectByHost, stats: { 1: stats(0), 4: stats(2) } });
    renderPage();
    await userEvent.type(jobUrl(), JOB);
    expect(
      await screen.findByText(
        'No referrers at Google yet: your request will wait until one joins.',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    expect(submit()).toBeEnabled();
    // Issue 49 item 1: beside it, the watch of the company, which the form's own submit does not send.
    const watch = screen.getByRole('button', { name: 'Tell me when one joins' });
    await waitFor(() => expect(watch).toBeEnabled());
    await userEvent.click(watch);
    await waitFor(() => expect(watch).toHaveAttribute('aria-pressed', 'true'));
    expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/companies/1/watch']);
    await userEvent.clear(jobUrl());
    await userEvent.type(jobUrl(), STRIPE_JOB);
    expect(await screen.findByText('2 referrers at Stripe', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByText(/No referrers at/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tell me when one joins' })).not.toBeInTheDocument();
  });

  it('says so too for a company nobody on the site works at', async () => {
    fakeReferralsApi({
      detect: () => ({ companyName: 'Acmerockets', companyId: null, confidence: 'high', message: null }),
    });
    renderPage();
    await userEvent.type(jobUrl(), 'https://jobs.lever.co/acmerockets/1');
    expect(
      await screen.findByText(
        'No referrers at Acmerockets yet: your request will wait until one joins.',
        {},
        SLOW,
      ),
    ).toBeInTheDocument();
    // Nobody lists it, so there is nothing to watch.
    expect(screen.queryByRole('button', { name: 'Tell me when one joins' })).not.toBeInTheDocument();
  });
});
