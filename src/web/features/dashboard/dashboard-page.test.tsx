// @vitest-environment jsdom
import type { User } from '@shared/auth';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { DashboardPage } from './dashboard-page';
import { aUser } from '@/testing/fixtures';

const user = aUser({ id: 1, fullName: 'ada lovelace' });

function renderDashboard(overrides: Partial<User> = {}) {
  return render(
    <MemoryRouter>
      <DashboardPage user={{ ...user, ...overrides }} />
    </MemoryRouter>,
  );
}

describe('DashboardPage', () => {
  beforeEach(() => sessionStorage.clear());

  it('welcomes on the first visit of the browser session, then says hey', () => {
    const first = renderDashboard();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Ada!');
    expect(screen.getByText("Let's find the perfect referral for your dream job.")).toBeInTheDocument();
    first.unmount();
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hey, Ada!');
  });

  it("falls back to 'User' without a name", () => {
    renderDashboard({ fullName: '  ' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, User!');
  });

  it('asks an incomplete profile to be completed and offers the profile card', () => {
    renderDashboard();
    expect(
      screen.getByText('Complete your profile to maximize your chances of getting referred!'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Complete Your Profile/ })).toHaveAttribute(
      'href',
      '/profile/edit',
    );
    expect(screen.getByRole('link', { name: /Request a Referral/ })).toHaveAttribute(
      'href',
      '/request-referral',
    );
    expect(screen.getByRole('link', { name: /^Openings/ })).toHaveAttribute('href', '/openings');
    expect(screen.queryByRole('link', { name: /My Referrals/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Manage Referrals/ })).not.toBeInTheDocument();
  });

  it('shows a complete profile ready to shine with its referrals card', () => {
    renderDashboard({ profileCompleted: true });
    expect(
      screen.getByText("Your profile is ready to shine! Let's find the perfect referral for your dream job."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /My Referrals/ })).toHaveAttribute('href', '/my-referrals');
    expect(screen.queryByRole('link', { name: /Complete Your Profile/ })).not.toBeInTheDocument();
  });

  it('gives referrers the manage card and everyone the four tips', () => {
    renderDashboard({ role: 'referrer' });
    expect(screen.getByRole('link', { name: /Manage Referrals/ })).toHaveAttribute(
      'href',
      '/referrer-dashboard',
    );
    expect(screen.getByRole('heading', { name: 'Tips for Getting Referred' })).toBeInTheDocument();
    for (const tip of [
      'Perfect your resume',
      'Research companies',
      'Polish your profile',
      'Be professional',
    ]) {
      expect(screen.getByText(tip)).toBeInTheDocument();
    }
  });
});
