// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { routePatterns } from '@/paths';
import { BlogArticlePage } from './blog-article-page';
import type * as Posts from './posts';

const body = vi.hoisted(() => {
  let resolve: (html: string) => void = () => {};
  // One promise for every render, as the real loader keeps one per slug.
  const promise = new Promise<string>((r) => {
    resolve = r;
  });
  return { promise, resolve: (html: string) => resolve(html) };
});

vi.mock('./posts', async (importOriginal) => ({
  ...(await importOriginal<typeof Posts>()),
  loadArticleBody: () => body.promise,
}));

describe('BlogArticlePage while the body loads', () => {
  it('shows "Loading article..." under the title, then the body', async () => {
    await act(async () => {
      render(
        <MemoryRouter initialEntries={['/blog/employee-referrals-hidden-backdoor']}>
          <Routes>
            <Route path={routePatterns.blogPost} element={<BlogArticlePage />} />
          </Routes>
        </MemoryRouter>,
      );
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(/Employee Referrals/);
    expect(screen.getByRole('status')).toHaveTextContent('Loading article...');
    await act(async () => body.resolve('<h2>Loaded body</h2>'));
    expect(screen.getByRole('heading', { level: 2, name: 'Loaded body' })).toBeInTheDocument();
    expect(screen.queryByText('Loading article...')).not.toBeInTheDocument();
  });
});
