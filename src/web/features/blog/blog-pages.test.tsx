// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, RouterProvider, Routes, createMemoryRouter, useLocation } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths, routePatterns } from '@/paths';
import { BlogArticlePage } from './blog-article-page';
import { BlogListPage } from './blog-list-page';
import { blogPosts, loadArticleBody } from './posts';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderBlog(url: string) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path={paths.blog} element={<BlogListPage />} />
        <Route path={routePatterns.blogPost} element={<BlogArticlePage />} />
        <Route path={paths.signUp} element={<p>Sign-up page</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');

// Bodies loaded up front render at once; the loading state has its own test file.
beforeAll(async () => {
  await Promise.all(blogPosts.map((post) => loadArticleBody(post.slug)));
});

beforeEach(() => {
  document.title = 'ReferBridge';
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});

describe('BlogListPage', () => {
  it('shows the hero and a card per article linking to it, without a search box', () => {
    renderBlog('/blog');
    expect(screen.getByRole('heading', { level: 1, name: 'The ReferBridge Blog' })).toBeInTheDocument();
    const cards = within(screen.getByRole('region', { name: 'Articles' })).getAllByRole('article');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]!);
    expect(first.getByRole('link', { name: /Hidden Networking Strategies/ })).toHaveAttribute(
      'href',
      '/blog/hidden-networking-strategies-2025',
    );
    expect(first.getByText('Networking')).toBeInTheDocument();
    expect(first.getByText('March 22, 2025')).toHaveAttribute('datetime', '2025-03-22');
    expect(first.getByText(/Most roles are filled before they are ever posted/)).toBeInTheDocument();
    const image = first.getByRole('img');
    expect(image).toHaveAttribute('src', '/images/blog/hidden-networking-strategies-2025.svg');
    expect(image).toHaveAttribute('width', '1200');
    expect(image).toHaveAttribute('height', '630');
    expect(within(cards[1]!).getByRole('link', { name: /Employee Referrals/ })).toHaveAttribute(
      'href',
      '/blog/employee-referrals-hidden-backdoor',
    );
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("fetches the first card's image at once and leaves the others until the reader scrolls near", () => {
    renderBlog('/blog');
    const [first, second] = within(screen.getByRole('region', { name: 'Articles' })).getAllByRole('img');
    expect(first).not.toHaveAttribute('loading');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    expect(second).toHaveAttribute('loading', 'lazy');
    expect(second).not.toHaveAttribute('fetchpriority');
  });

  it('has the site header and footer, and its own title and description', () => {
    renderBlog('/blog');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(document.title).toBe('Blog · ReferBridge');
    expect(meta('meta[name="description"]')).toMatch(/networking, employee referrals/);
  });

  it('applies the filter from a ?q= link', () => {
    renderBlog('/blog?q=referrals');
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('link', { name: /Employee Referrals/ })).toBeInTheDocument();
  });
});

describe('BlogArticlePage', () => {
  it('shows the article with its details, body and call to action', () => {
    renderBlog('/blog/employee-referrals-hidden-backdoor');
    expect(screen.getByRole('heading', { level: 2, name: 'Referrals by the numbers' })).toBeInTheDocument();
    expect(screen.queryByText('Loading article...')).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Back to blog' })).toHaveAttribute('href', '/blog');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Employee Referrals: The Hidden Backdoor to Your Dream Job',
    );
    expect(screen.getByText('March 19, 2025')).toBeInTheDocument();
    expect(screen.getByText('9 min read')).toBeInTheDocument();
    expect(screen.getByText('Referrals')).toBeInTheDocument();
    expect(screen.getByText('The ReferBridge Team')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /open side door/ })).toHaveAttribute('width', '1200');

    const cta = screen.getByRole('region', { name: 'Ready to get referred to your dream company?' });
    expect(within(cta).getByRole('link', { name: 'Sign up for free' })).toHaveAttribute('href', '/signup');
    expect(within(cta).getByRole('link', { name: 'Read more articles' })).toHaveAttribute('href', '/blog');
    // The site header (its account links) and footer surround the article.
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('names the page and sets its description and Open Graph tags', async () => {
    renderBlog('/blog/hidden-networking-strategies-2025');
    await screen.findByRole('heading', { level: 2, name: 'Why the hidden job market exists' });
    expect(document.title).toBe('Hidden Networking Strategies That Actually Work in 2025 · ReferBridge');
    expect(meta('meta[name="description"]')).toMatch(/^Most roles are filled/);
    expect(meta('meta[property="og:title"]')).toBe('Hidden Networking Strategies That Actually Work in 2025');
    expect(meta('meta[property="og:type"]')).toBe('article');
    expect(meta('meta[property="og:image"]')).toBe(
      `${window.location.origin}/images/blog/hidden-networking-strategies-2025.png`,
    );
  });

  it('puts the previous head back when the reader leaves', async () => {
    const view = renderBlog('/blog/hidden-networking-strategies-2025');
    await screen.findByRole('heading', { level: 2, name: 'Why the hidden job market exists' });
    view.unmount();
    expect(document.title).toBe('ReferBridge');
    expect(document.head.querySelector('meta[property="og:type"]')).toBeNull();
  });

  it('"Sign up for free" leads to the sign-up page', async () => {
    renderBlog('/blog/employee-referrals-hidden-backdoor');
    fireEvent.click(await screen.findByRole('link', { name: 'Sign up for free' }));
    expect(screen.getByText('Sign-up page')).toBeInTheDocument();
  });

  it('scrolls to the top on every slug change', async () => {
    renderBlog('/blog/employee-referrals-hidden-backdoor');
    await screen.findByRole('heading', { level: 2, name: 'Referrals by the numbers' });
    vi.mocked(window.scrollTo).mockClear();
    fireEvent.click(screen.getByRole('link', { name: 'Read more articles' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: /Hidden Networking Strategies/ }));
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/blog/hidden-networking-strategies-2025');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('sends an unknown slug to /blog silently, replacing the history entry', () => {
    renderBlog('/blog/no-such-article');
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/blog$/);
    expect(screen.getByRole('heading', { level: 1, name: 'The ReferBridge Blog' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('redirects by replacing the history entry, so Back does not return to the unknown slug', async () => {
    const router = createMemoryRouter(
      [
        { path: paths.blog, element: <BlogListPage /> },
        { path: routePatterns.blogPost, element: <BlogArticlePage /> },
      ],
      { initialEntries: ['/blog/no-such-article'] },
    );
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/blog'));
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
