import {
  MAX_WATCHES,
  NO_SUCH_WATCHED_COMPANY,
  WATCH_LIMIT_MESSAGE,
  WATCH_NOTICE,
  type CompanyWatchList,
  type WatchState,
} from '../../../shared/watches.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { isoTime } from '../../lib/iso-time.js';
import * as repo from './repo.js';

/** What the watch feature needs from the others, handed in by app-features.ts. */
export interface WatchPorts {
  /** The notifications feature's notify (mailed too, unless the user turned mail off). */
  notify: (
    tx: Db,
    notice: { userId: number; title: string; message: string; type: string; link: string },
  ) => Promise<unknown>;
  /** The referrals feature's: who of these users has a request at the company that matching still serves. */
  seekersWithOpenRequestAt: (tx: Db, companyId: number, userIds: readonly number[]) => Promise<Set<number>>;
}

async function listedCompany(db: Db, companyId: number) {
  const company = await repo.findListedCompany(db, companyId);
  if (!company) throw notFound(NO_SUCH_WATCHED_COMPANY);
  return company;
}

/**
 * POST /api/companies/{id}/watch: a listed company only (404 otherwise); watching it again changes nothing;
 * a 51st watch is refused (409). The user's row is held while counting, so two at once cannot both be the
 * 50th.
 */
export async function watchCompany(db: Db, userId: number, companyId: number, at: Date): Promise<WatchState> {
  await listedCompany(db, companyId);
  await db.transaction(async (tx) => {
    await repo.lockUser(tx, userId);
    if (await repo.isWatching(tx, userId, companyId)) return;
    if ((await repo.countWatches(tx, userId)) >= MAX_WATCHES) throw conflict(WATCH_LIMIT_MESSAGE);
    await repo.insertWatch(tx, userId, companyId, at);
  });
  return { companyId, watching: true };
}

/** DELETE /api/companies/{id}/watch: a listed company only (404 otherwise); not watching it already is fine. */
export async function unwatchCompany(db: Db, userId: number, companyId: number): Promise<WatchState> {
  await listedCompany(db, companyId);
  await repo.deleteWatch(db, userId, companyId);
  return { companyId, watching: false };
}

/** GET /api/user/watches. */
export async function listWatches(db: Db, userId: number): Promise<CompanyWatchList> {
  const rows = await repo.listWatches(db, userId);
  return { items: rows.map((r) => ({ ...r, createdAt: isoTime(r.createdAt) })) };
}

/** Where the notice takes its reader: the request form, with the company chosen. */
export const requestFormAt = (companyId: number) => `/request-referral?companyId=${companyId}`;

/**
 * The referrals feature's supplyArrived, in the transaction of the change: the company has gone from nobody
 * who can take a request to one, `arrivedId`. Every watch of it ends, and each watcher is told once, in the
 * app and by mail, unless a request of theirs there is still served by matching, or they are that referrer
 * (docs/decisions/078-a-watch-tells-once.md). Answers how many were told.
 */
export async function tellWatchers(
  tx: Db,
  ports: WatchPorts,
  companyId: number,
  arrivedId: number,
): Promise<number> {
  const watchers = await repo.takeWatchers(tx, companyId);
  if (watchers.length === 0) return 0;
  const company = await repo.findListedCompany(tx, companyId);
  if (!company) return 0;
  const served = await ports.seekersWithOpenRequestAt(tx, companyId, watchers);
  const told = watchers.filter((userId) => userId !== arrivedId && !served.has(userId));
  for (const userId of told) {
    await ports.notify(tx, {
      userId,
      title: WATCH_NOTICE.title,
      message: WATCH_NOTICE.message(company.name),
      type: WATCH_NOTICE.type,
      link: requestFormAt(companyId),
    });
  }
  return told.length;
}
