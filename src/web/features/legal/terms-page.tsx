import { PRODUCT_NAME, SUPPORT_EMAIL } from '@shared/brand';
import { LegalLayout } from './components/legal-layout';

export function TermsPage() {
  return (
    <LegalLayout
      title="Terms"
      description={`The plain rules for using ${PRODUCT_NAME}, for job seekers and for referrers.`}
      lead={`The plain rules for using ${PRODUCT_NAME}. By signing in you agree to them.`}
    >
      <h2>What {PRODUCT_NAME} does</h2>
      <p>
        {PRODUCT_NAME} connects job seekers with employees who are willing to refer them for a specific job
        posting at their company. We pass on requests; we are not an employer, a recruiter or an agency.
      </p>

      <h2>No guarantee of a job</h2>
      <p>
        A referrer may accept or decline any request, and a referral does not guarantee an interview or an
        offer. Hiring decisions are made by the employer alone.
      </p>

      <h2>Be truthful</h2>
      <p>
        Your profile, résumé and messages must be accurate and your own. Do not claim experience, education or
        an employer you do not have. Referrers must actually work at the company they refer for.
      </p>

      <h2>Referrers act in a personal capacity</h2>
      <p>
        A referrer helps you as an individual, not on behalf of their employer, and follows their employer's
        referral policies and processes. They may decline any request without giving a reason. Referral
        bonuses, if any, are a matter between the referrer and their employer.
      </p>

      <h2>Respect people</h2>
      <ul>
        <li>No spam: do not send bulk or repeated requests, or requests for jobs you do not want.</li>
        <li>No harassment, discrimination or pressure on referrers or job seekers.</li>
        <li>Use what you learn about others here only to handle the request it came with.</li>
        <li>Do not try to get around limits, scrape the service or access other people's data.</li>
      </ul>

      <h2>Suspension</h2>
      <p>
        We may limit, suspend or close an account that breaks these terms or abuses the service, and remove
        content that does. If you think we got it wrong, write to us.
      </p>

      <h2>The service as it is</h2>
      <p>
        We work to keep {PRODUCT_NAME} available and your data safe, but we provide it as it is, without
        promises of uninterrupted service. We may change these terms; if a change matters, we will tell you in
        the app before it applies.
      </p>

      <h2>Contact</h2>
      <p>
        Questions or complaints: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </LegalLayout>
  );
}
