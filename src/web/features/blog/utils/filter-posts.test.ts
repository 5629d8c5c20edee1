import { describe, expect, it } from 'vitest';
import { filterPosts } from './filter-posts';

const posts = [
  {
    title: 'Hidden Networking Strategies',
    description: 'Meet people before the posting.',
    category: 'Networking',
  },
  { title: 'Employee Referrals', description: 'The side door into a company.', category: 'Referrals' },
];

describe('filterPosts', () => {
  it('returns every post, in order, for a blank query', () => {
    expect(filterPosts(posts, '')).toEqual(posts);
    expect(filterPosts(posts, '   ')).toEqual(posts);
  });

  it('matches the title, ignoring case and surrounding spaces', () => {
    expect(filterPosts(posts, '  hidden NETWORKING ')).toEqual([posts[0]]);
  });

  it('matches the description', () => {
    expect(filterPosts(posts, 'side door')).toEqual([posts[1]]);
  });

  it('matches the category', () => {
    expect(filterPosts(posts, 'referrals')).toEqual([posts[1]]);
  });

  it('matches several posts, or none', () => {
    expect(filterPosts(posts, 'e')).toEqual(posts);
    expect(filterPosts(posts, 'salary negotiation')).toEqual([]);
  });

  it('does not change the list it is given', () => {
    const copy = [...posts];
    filterPosts(posts, 'referrals');
    expect(posts).toEqual(copy);
  });
});
