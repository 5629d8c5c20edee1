// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EMPLOYER_PRIVACY_PROMISE } from '@shared/employer-privacy';
import { AboutPage } from './about-page';
import { PrivacyPage } from './privacy-page';
import { TermsPage } from './terms-page';

function renderAt(url: string, element: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={url} element={element} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/terms" element={<TermsPage />} />
        <Route path="/about" element={<AboutPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const headings = (level: number) =>
  screen.getAllByRole('heading', { level }).map((heading) => heading.textContent);

describe('PrivacyPage', () => {
  it('says what is stored, who can see a profile, how to export or delete, and which cookies', () => {
    renderAt('/privacy', <PrivacyPage />);
    expect(headings(1)).toEqual(['Privacy']);
    expect(headings(2)).toEqual([
      'What we store',
      'Who can see your profile and résumé',
      'How long we keep a request',
      'Cookies',
      'Export or delete your data',
      'Questions',
    ]);
    const main = within(screen.getByRole('main'));
    for (const stored of [
      /your name, email address and profile picture/,
      /work experience/,
      /PDF you upload/,
      /current company/,
    ]) {
      expect(main.getByText(stored)).toBeInTheDocument();
    }
    for (const stored of ['Referral requests', 'Notifications', 'An activity log']) {
      expect(main.getByText(stored)).toBeInTheDocument();
    }
    expect(
      main.getByText(/the referrers who hold one of your referral requests. Nobody else/),
    ).toBeInTheDocument();
    // Retention (docs/decisions/036-retention.md): what goes, when, what stays, and the notice.
    expect(
      main.getByText(/180 days after it ends, we erase the details written with it/),
    ).toBeInTheDocument();
    expect(main.getByText(/You keep a short line in your own list/)).toBeInTheDocument();
    expect(main.getByText(/14 days before the erasure we send you a notification/)).toBeInTheDocument();
    expect(main.getByText(/One session cookie keeps you signed in/)).toBeInTheDocument();
    expect(main.getByText(/no tracking or advertising cookies/)).toBeInTheDocument();
    // Issue 50 item 4: the job hunt hidden from the employer, in a sentence.
    expect(main.getByText(/Your job hunt stays hidden from your employer/)).toHaveTextContent(
      EMPLOYER_PRIVACY_PROMISE,
    );
    // Export and deletion are self-service, in Account Settings (as are the employer's two controls).
    for (const link of main.getAllByRole('link', { name: 'Account Settings' })) {
      expect(link).toHaveAttribute('href', '/profile/edit');
    }
    const mail = main.getAllByRole('link', { name: 'support@referbridge.app' });
    expect(mail[0]).toHaveAttribute('href', 'mailto:support@referbridge.app');
    expect(document.title).toBe('Privacy · ReferBridge');
  });
});

describe('TermsPage', () => {
  it('covers no guarantee, truthfulness, referrers in personal capacity, no spam and suspension', () => {
    renderAt('/terms', <TermsPage />);
    expect(headings(1)).toEqual(['Terms']);
    expect(headings(2)).toEqual(
      expect.arrayContaining([
        'No guarantee of a job',
        'Be truthful',
        'Referrers act in a personal capacity',
        'Respect people',
        'Suspension',
      ]),
    );
    expect(screen.getByText(/employer's referral policies/)).toBeInTheDocument();
    expect(screen.getByText(/No spam/)).toBeInTheDocument();
    expect(document.title).toBe('Terms · ReferBridge');
  });
});

describe('AboutPage', () => {
  it('explains the product, how it works in three steps, and the team', () => {
    renderAt('/about', <AboutPage />);
    expect(headings(1)).toEqual(['About']);
    expect(headings(2)).toEqual(['Why we built it', 'How it works', 'For referrers', 'The team']);
    const steps = within(screen.getAllByRole('list')[0]!).getAllByRole('listitem');
    expect(steps.map((step) => step.querySelector('strong')?.textContent)).toEqual([
      'Build your profile.',
      'Request a referral.',
      'Follow the answer.',
    ]);
  });
});

describe('trust pages in the footer', () => {
  it('are reachable from one another through the site footer', () => {
    renderAt('/about', <AboutPage />);
    const footer = () => within(screen.getByRole('contentinfo'));
    fireEvent.click(footer().getByRole('link', { name: 'Privacy' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy' })).toBeInTheDocument();
    fireEvent.click(footer().getByRole('link', { name: 'Terms' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Terms' })).toBeInTheDocument();
    fireEvent.click(footer().getByRole('link', { name: 'About' }));
    expect(screen.getByRole('heading', { level: 1, name: 'About' })).toBeInTheDocument();
  });
});
