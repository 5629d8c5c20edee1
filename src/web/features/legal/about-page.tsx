import { PRODUCT_NAME, SUPPORT_EMAIL } from '@shared/brand';
import { LegalLayout } from './components/legal-layout';

export function AboutPage() {
  return (
    <LegalLayout
      title="About"
      description={`What ${PRODUCT_NAME} is, how getting referred works in three steps, and who builds it.`}
      lead={`${PRODUCT_NAME} is a referral marketplace: job seekers ask employees for a referral to one specific job posting, and employees who want to help answer.`}
    >
      <h2>Why we built it</h2>
      <p>
        Many roles are filled through people who already work at a company, and a referral often decides
        whether an application is read at all. Yet most job seekers do not know anyone on the inside, and
        employees who would gladly refer good people get buried in cold messages. {PRODUCT_NAME} puts the two
        together, with a clear request and a clear answer.
      </p>

      <h2>How it works</h2>
      <ol>
        <li>
          <strong>Build your profile.</strong> Sign in, add your experience, education and skills, and upload
          your résumé as a PDF.
        </li>
        <li>
          <strong>Request a referral.</strong> Paste the link of the job posting you want. We find a verified
          employee at that company who is willing to give referrals and send them your request.
        </li>
        <li>
          <strong>Follow the answer.</strong> The referrer accepts or declines, submits the referral through
          their company, and tells you the outcome. You get a notification at every step.
        </li>
      </ol>

      <h2>For referrers</h2>
      <p>
        Tell us where you work and switch on referrals. Requests come to you one at a time, with the
        applicant's profile and résumé attached, and you decide which ones to put forward.
      </p>

      <h2>The team</h2>
      <p>
        {PRODUCT_NAME} is built by a small team of engineers and designers who have been on both sides of a
        referral: waiting for one, and being asked for one. We write the articles on our blog, answer the
        support mailbox ourselves, and read every message at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </LegalLayout>
  );
}
