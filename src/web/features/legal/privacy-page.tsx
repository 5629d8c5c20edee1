import { PRODUCT_NAME, SUPPORT_EMAIL } from '@shared/brand';
import { EMPLOYER_PRIVACY_PROMISE } from '@shared/employer-privacy';
import { Link } from 'react-router';
import { paths } from '@/paths';
import { LegalLayout } from './components/legal-layout';

const mail = <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>;

export function PrivacyPage() {
  return (
    <LegalLayout
      title="Privacy"
      description={`What ${PRODUCT_NAME} stores about you, who can see it, and how to get it exported or deleted.`}
      lead={`What ${PRODUCT_NAME} stores, who can see it, and how to have it exported or deleted. In short: only you and the referrers you send a request to can see your profile and résumé.`}
    >
      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your name, email address and profile picture (if any), as your
          sign-in provider (Google) gives them to us when you sign in, and an identifier of your account
          there. We never see or store a password.
        </li>
        <li>
          <strong>Your profile:</strong> the parts you choose to fill in: a short bio, work experience,
          education and skills.
        </li>
        <li>
          <strong>Your résumé:</strong> the PDF you upload, and its file name.
        </li>
        <li>
          <strong>Your current company</strong>, if you tell us where you work, and whether you are willing to
          give referrals.
        </li>
        <li>
          <strong>Referral requests</strong> you send or receive: the job link, the position, the messages and
          feedback written with them, and how each one progressed.
        </li>
        <li>
          <strong>Notifications</strong> we show you about your requests.
        </li>
        <li>
          <strong>An activity log</strong> of what you do in the app (for example, a request sent or a profile
          section saved), so we can keep the service working and spot abuse.
        </li>
      </ul>

      <h2>Who can see your profile and résumé</h2>
      <p>
        You, and the referrers who hold one of your referral requests. Nobody else: not other job seekers, not
        other referrers at the same company, and not the public. When a request passes from one referrer to
        another, the earlier referrer loses access.
      </p>
      <p>
        {EMPLOYER_PRIVACY_PROMISE} Both are in <Link to={paths.profileEdit}>Account Settings</Link>, under
        Privacy from your employer.
      </p>
      <p>
        A referrer who decides to refer you may pass your résumé to their employer through that company's own
        referral process. What the employer does with it then is governed by the employer's policies.
      </p>

      <h2>How long we keep a request</h2>
      <p>
        A referral request ends when it is withdrawn, declined, expires, closes with its job posting, gets an
        outcome (successful or not), or is submitted to the company. 180 days after it ends, we erase the
        details written with it: your message, every note and feedback from referrers, the decline reason, the
        company's candidate id and the messages you exchanged. From then on no referrer who held it can see
        your profile or résumé through it, and it leaves their lists.
      </p>
      <p>
        You keep a short line in your own list: the position, the company, the last status, and the dates it
        was sent and ended. We keep the same bare facts (without any text) for the company statistics everyone
        sees, which count referrals, never who sent or answered them.
      </p>
      <p>
        14 days before the erasure we send you a notification with the date. If a request gets an outcome
        after it was submitted, the 180 days start again from the outcome. Copies in notifications and emails
        we already sent stay until you delete them or your account.
      </p>

      <h2>Cookies</h2>
      <p>
        One session cookie keeps you signed in. It is not readable by scripts and expires after 30 days (or 7
        days without use). While a sign-in is under way, a short-lived cookie (at most 10 minutes) carries its
        security check between our pages and your sign-in provider. We use no tracking or advertising cookies.
      </p>

      <h2>Export or delete your data</h2>
      <p>
        Signed in, open <Link to={paths.profileEdit}>Account Settings</Link>: under Your data, Download my
        data gives you everything we store about you (your resume included) as one file, and Delete account
        removes your account and its data at once. Referral requests you hold as a referrer pass to another
        referrer. If you cannot sign in any more, write to {mail} from the email address you signed in with.
      </p>

      <h2>Questions</h2>
      <p>Anything else about your data: write to {mail}.</p>
    </LegalLayout>
  );
}
