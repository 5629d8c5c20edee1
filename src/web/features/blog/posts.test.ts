import { WORDS_PER_MINUTE, formatPostDate } from '@shared/blog';
import { describe, expect, it } from 'vitest';
import { blogPosts, findPost, loadArticleBody } from './posts';

describe('built-in articles (docs/product.md, Screens)', () => {
  it('are the two articles of docs/product.md, Screens, newest first, with their categories, read times and dates', () => {
    expect(
      blogPosts.map(({ slug, category, readTime, date }) => ({
        slug,
        category,
        readTime,
        date: formatPostDate(date),
      })),
    ).toEqual([
      {
        slug: 'hidden-networking-strategies-2025',
        category: 'Networking',
        readTime: '12 min read',
        date: 'March 22, 2025',
      },
      {
        slug: 'employee-referrals-hidden-backdoor',
        category: 'Referrals',
        readTime: '9 min read',
        date: 'March 19, 2025',
      },
    ]);
  });

  it('are signed by the product team and have distinct ids, a title, a description and an image', () => {
    expect(new Set(blogPosts.map((post) => post.id)).size).toBe(blogPosts.length);
    for (const post of blogPosts) {
      expect(post.author).toBe('The ReferBridge Team');
      expect(post.title.length).toBeGreaterThan(10);
      expect(post.description.length).toBeGreaterThan(40);
      expect(post.image).toBe(`/images/blog/${post.slug}.svg`);
      expect(post.ogImage).toBe(`/images/blog/${post.slug}.png`);
      expect(post.imageAlt).not.toBe('');
    }
  });

  it('are as long as their stated read time (within 15%)', () => {
    for (const post of blogPosts) {
      const minutes = Number.parseInt(post.readTime, 10);
      const expected = minutes * WORDS_PER_MINUTE;
      expect(post.wordCount, post.slug).toBeGreaterThan(expected * 0.85);
      expect(post.wordCount, post.slug).toBeLessThan(expected * 1.15);
    }
  });

  it('quote the statistics of docs/product.md, Limits as commonly cited figures', async () => {
    const text = (await Promise.all(blogPosts.map((post) => loadArticleBody(post.slug)))).join(' ');
    for (const figure of [
      '70% of jobs',
      'nine times higher chance',
      '45% of hires',
      '15 times more likely',
    ]) {
      expect(text).toContain(figure);
    }
    expect(text).not.toMatch(/https?:\/\//);
  });

  it('compile to HTML without the frontmatter or raw HTML', async () => {
    const html = await loadArticleBody('employee-referrals-hidden-backdoor');
    expect(html).toMatch(/^<p>/);
    expect(html).toContain('<h2>Referrals by the numbers</h2>');
    expect(html).not.toContain('readTime');
    expect(html).not.toMatch(/<script|<iframe|<style/);
  });

  it('are found by slug, and an unknown slug finds nothing', () => {
    expect(findPost('employee-referrals-hidden-backdoor')?.title).toMatch(/Employee Referrals/);
    expect(findPost('no-such-article')).toBeUndefined();
  });

  it('load each body once and reject an unknown slug', async () => {
    expect(loadArticleBody('hidden-networking-strategies-2025')).toBe(
      loadArticleBody('hidden-networking-strategies-2025'),
    );
    await expect(loadArticleBody('no-such-article')).rejects.toThrow('No article');
  });
});
