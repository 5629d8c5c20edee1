// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SignInPage, SignUpPage } from './auth-page';

function renderPage(page: React.ReactNode) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('sign-up privacy note', () => {
  it('says who can see the profile and links the terms and privacy pages', () => {
    renderPage(<SignUpPage />);
    expect(
      screen.getByText('Only you and the referrers you send a request to can see your profile and resume.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  });

  it('is not repeated on the sign-in screen', () => {
    renderPage(<SignInPage />);
    expect(screen.queryByText(/can see your profile and resume/)).not.toBeInTheDocument();
  });
});
