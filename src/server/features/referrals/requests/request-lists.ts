import type { Db } from '../../../db/client.js';
import type { KeptSettings } from '../../../kept/kept.js';
import { createViewerMemo, type ViewerMemo } from '../../../kept/viewer-memo.js';
import { readListPage, usersShown, type ListPage } from './list-repo.js';

/** A list's first page as one viewer asks for it: every part of what is read. */
export interface FirstPageKey {
  viewerId: number;
  role: 'seeker' | 'referrer';
  limit: number;
}

export type RequestLists = ViewerMemo<FirstPageKey, ListPage>;

/**
 * The lists' first pages (what the dashboards ask for), kept per viewer as the database gave them, until a
 * change of anyone a page shows is heard ([decision 089](../../../../../docs/decisions/089-request-lists-kept-until-their-people-change.md)):
 * the clock judges each card afresh on every read (list-repo.ts listCards). Later pages are read afresh.
 */
export function createRequestLists(db: Db, settings: KeptSettings): RequestLists {
  return createViewerMemo({
    name: 'request lists',
    keyText: ({ viewerId, role, limit }) => `${role} ${viewerId} ${limit}`,
    read: async ({ viewerId, role, limit }) => {
      const page = await readListPage(db, role, viewerId, { limit });
      return { value: page, users: usersShown(page) };
    },
    settings,
    // A referrer's page may hold a hundred cards, a seeker's a few: memory is bounded by the cards kept.
    weigh: (page) => page.rows.length + 1,
  });
}
