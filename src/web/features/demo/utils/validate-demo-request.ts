import { detectCompany } from '@shared/job-url';
import { JobUrlSchema } from '@shared/job-url-rules';
import { MOCK_COMPANIES, MOCK_REFERRERS, type MockCompany, type MockReferrer } from '../mock/mock-data';

/** docs/product.md, Demo pages. */
export const DEMO_REQUEST_TEXTS = {
  jobUrlRequired: 'Please enter a job URL',
  positionRequired: "Please enter the position you're applying for",
  companyUndetected: 'Could not identify company from URL',
  companyNotFound: 'Company not found',
  noReferrers: (company: string) =>
    `No referrers found at ${company}. Cannot process your request at this time.`,
  success: 'Request submitted successfully!',
  successDetail: 'Your referral request has been sent to available referrers.',
} as const;

export interface DemoRequestInput {
  jobUrl: string;
  position: string;
}

export type DemoRequestCheck =
  { ok: true; company: MockCompany } | { ok: false; field: 'jobUrl' | 'position'; message: string };

/**
 * The demo form's checks, in the order of docs/product.md, Demo pages: both fields present, a web URL (the shared validator), a
 * company read from the host by the shared detection (known hosts, then the fuzzy partial match for hosts
 * longer than 10 characters), a listed company, and a verified referrer there.
 */
export function validateDemoRequest(
  input: DemoRequestInput,
  companies: readonly MockCompany[] = MOCK_COMPANIES,
  referrers: readonly MockReferrer[] = MOCK_REFERRERS,
): DemoRequestCheck {
  const jobUrl = input.jobUrl.trim();
  if (jobUrl === '') return { ok: false, field: 'jobUrl', message: DEMO_REQUEST_TEXTS.jobUrlRequired };
  if (input.position.trim() === '') {
    return { ok: false, field: 'position', message: DEMO_REQUEST_TEXTS.positionRequired };
  }
  const url = JobUrlSchema.safeParse(jobUrl);
  if (!url.success) {
    return {
      ok: false,
      field: 'jobUrl',
      message: url.error.issues[0]?.message ?? 'Please enter a valid URL',
    };
  }
  const detected = detectCompany(url.data, companies);
  if (!detected.companyName) {
    return { ok: false, field: 'jobUrl', message: DEMO_REQUEST_TEXTS.companyUndetected };
  }
  const company = companies.find((c) => c.id === detected.companyId);
  if (!company) return { ok: false, field: 'jobUrl', message: DEMO_REQUEST_TEXTS.companyNotFound };
  if (!referrers.some((r) => r.companyId === company.id && r.isVerified)) {
    return { ok: false, field: 'jobUrl', message: DEMO_REQUEST_TEXTS.noReferrers(company.name) };
  }
  return { ok: true, company };
}
