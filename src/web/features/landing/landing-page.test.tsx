// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from './landing-page';
import { SiteFooter } from '@/components/site-footer';

function renderLanding() {
  return render(
    <MemoryRouter initialEntries={['/']}>
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/blog" element={<p>Blog page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  // jsdom does not implement scrolling; stub it so clicks are observable and quiet.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('LandingPage', () => {
  it('renders the landmarks and a single h1', async () => {
    renderLanding();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toBeInTheDocument();
    // The footer loads after the page (below the fold, out of the first load).
    expect(await screen.findByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('top bar: wordmark links home when logged out, plus sign in / sign up', () => {
    renderLanding();
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'ReferBridge' })).toHaveAttribute('href', '/');
    expect(header.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signin');
    expect(header.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('top bar: wordmark links to the dashboard when logged in', () => {
    sessionStorage.setItem('isLoggedIn', 'true');
    renderLanding();
    const header = within(screen.getByRole('banner'));
    expect(header.getByRole('link', { name: 'ReferBridge' })).toHaveAttribute('href', '/dashboard');
  });

  it('hero: headline, subline and the get-referred button', () => {
    renderLanding();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/request referrals in seconds/i);
    expect(
      screen.getByText(/instantly unlock referrals from top professionals at your dream companies/i),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Get referred now' })).toHaveAttribute('href', '/signup');
  });

  it('employer grid: eleven plain wordmarks in order, then More leading to sign-up', () => {
    renderLanding();
    const list = screen.getByRole('list', { name: /get referred to the companies you love/i });
    const tiles = within(list).getAllByRole('listitem');
    expect(tiles.slice(0, 11).map((tile) => tile.textContent)).toEqual([
      'Google',
      'Microsoft',
      'Amazon',
      'Stripe',
      'Meta',
      'Apple',
      'Netflix',
      'Salesforce',
      'Adobe',
      'Uber',
      'Airbnb',
    ]);
    // Plain type: no artwork or per-company colour that could pass for a logo.
    for (const tile of tiles.slice(0, 11)) {
      expect(tile.querySelector('svg, img, [style]')).toBeNull();
    }
    // Its name starts with the words it shows, so saying them reaches it (WCAG 2.5.3).
    const more = within(tiles[11]!).getByRole('link', {
      name: 'More Any company: request a referral there after signing up',
    });
    expect(more).toHaveAttribute('href', '/signup');
    expect(tiles).toHaveLength(12);
    expect(screen.getByText(/a growing network of verified referrers/i)).toBeInTheDocument();
  });

  it('benefit blocks have the exact headings', () => {
    renderLanding();
    for (const name of ['Connecting Job Seekers', 'Top Companies', 'Verified Referrals']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
  });

  it('shows the sample success banner', () => {
    renderLanding();
    expect(screen.getByText('Your referral to Stripe is on its way!')).toBeInTheDocument();
  });

  it('closing call to action links to sign up', () => {
    renderLanding();
    expect(screen.getByRole('link', { name: 'Get referred to your dream job' })).toHaveAttribute(
      'href',
      '/signup',
    );
  });
});

describe('SiteFooter', () => {
  it('has blog, companies, get referred, contact and social links plus the copyright line', () => {
    renderLanding();
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog');
    expect(footer.getByRole('link', { name: 'Get Referred' })).toHaveAttribute('href', '/signup');
    expect(footer.getByRole('link', { name: 'Companies' })).toHaveAttribute('href', '/companies');
    expect(footer.getByRole('link', { name: 'About' })).toHaveAttribute('href', '/about');
    expect(footer.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    expect(footer.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(footer.getByRole('link', { name: 'Contact Us' })).toHaveAttribute(
      'href',
      'mailto:support@referbridge.app',
    );
    const social = footer.getByRole('link', { name: /linkedin/i });
    expect(social).toHaveAttribute('href', 'https://www.linkedin.com/company/referbridge');
    expect(social).toHaveAttribute('target', '_blank');
    expect(social).toHaveAttribute('rel', 'noopener noreferrer');
    expect(
      footer.getByText(`© ${new Date().getFullYear()} ReferBridge. All rights reserved.`),
    ).toBeInTheDocument();
  });

  it('scrolls to the top when a footer link is clicked', () => {
    renderLanding();
    const footer = within(screen.getByRole('contentinfo'));
    fireEvent.click(footer.getByRole('link', { name: 'Blog' }));
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
    expect(screen.getByText('Blog page')).toBeInTheDocument();
  });

  it('renders standalone (for blog pages)', () => {
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
