/**
 * What a crowd's browsers ask, in proportion (issue 47): each call a random person's, weighted as the open
 * pages of the web app make them. The bell polls the unread count on every page; the dashboard reads the
 * list; a card open on a thread reads it again; each page view writes one activity record.
 */
import type { Person } from './people.js';

export interface Call {
  /** As the bench prints it. */
  label: string;
  /** Parts per hundred of all calls. */
  share: number;
  /** The route as the server's metrics name it (its pattern). */
  route: string;
  /** The request for one person, or undefined when this person has nothing to ask it of (no thread). */
  request(person: Person, pick: <T>(items: readonly T[]) => T): CrowdRequest | undefined;
}

export interface CrowdRequest {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

const PAGES = ['/dashboard', '/profile', '/companies', '/notifications', '/request-referral'];

export const MIX: Call[] = [
  {
    label: 'unread count',
    share: 30,
    route: '/api/notifications/unread-count',
    request: () => ({ method: 'GET', path: '/api/notifications/unread-count' }),
  },
  {
    label: '/auth/status',
    share: 10,
    route: '/auth/status',
    request: () => ({ method: 'GET', path: '/auth/status' }),
  },
  {
    label: 'their list',
    share: 15,
    route: '/api/referral-requests',
    request: (person) => ({
      method: 'GET',
      path: person.role === 'referrer' ? '/api/referral-requests?role=referrer' : '/api/referral-requests',
    }),
  },
  {
    label: 'recent notifications',
    share: 10,
    route: '/api/notifications/recent',
    request: () => ({ method: 'GET', path: '/api/notifications/recent' }),
  },
  {
    label: 'notifications page',
    share: 5,
    route: '/api/notifications',
    request: () => ({ method: 'GET', path: '/api/notifications' }),
  },
  {
    label: 'the directory',
    share: 5,
    route: '/api/companies/directory',
    request: () => ({ method: 'GET', path: '/api/companies/directory' }),
  },
  {
    label: 'a thread',
    share: 10,
    route: '/api/referrals/:referralId/messages',
    request: (person, pick) =>
      person.threads.length === 0
        ? undefined
        : { method: 'GET', path: `/api/referrals/${pick(person.threads)}/messages` },
  },
  {
    label: 'page-view write',
    share: 10,
    route: '/api/activity',
    request: (_person, pick) => ({
      method: 'POST',
      path: '/api/activity',
      body: JSON.stringify({ category: 'navigation', action: 'page_view', details: { path: pick(PAGES) } }),
    }),
  },
  {
    label: 'skills',
    share: 5,
    route: '/api/user/skills',
    request: () => ({ method: 'GET', path: '/api/user/skills' }),
  },
];

if (MIX.reduce((sum, call) => sum + call.share, 0) !== 100) throw new Error('the mix must add up to 100');
