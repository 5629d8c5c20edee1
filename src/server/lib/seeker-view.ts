import { eq, inArray, sql } from 'drizzle-orm';
import { normalizeCompanyName } from '../../shared/companies.js';
import { HIDDEN_EMPLOYER } from '../../shared/employer-privacy.js';
import type { Db } from '../db/client.js';
import { userSettings, users } from '../db/schema.js';

/**
 * How a seeker's data is shaped for whoever views it (issue 50 item 4,
 * docs/decisions/085-a-job-hunt-hidden-from-the-employer.md). The one place the rule lives: every route
 * that returns a seeker to someone else (the referrer's card, the profile, the experience entries, the
 * packet) passes the seeker through `seekerView`.
 */

/** What the rule needs of a seeker: where they work now, and whether they show it. */
export interface SeekerEmployer {
  userId: number;
  currentCompanyName: string | null;
  showCurrentEmployer: boolean;
}

/** The seekers' current employer and whether they show it, by id (one query for any number of them). */
export async function readSeekerEmployers(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, SeekerEmployer>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: users.id,
      currentCompanyName: users.currentCompanyName,
      showCurrentEmployer: sql<boolean>`coalesce(${userSettings.showCurrentEmployer}, true)`,
    })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(rows.map((row) => [row.userId, row]));
}

export interface SeekerView {
  /** The current employer as this viewer reads it: its name, HIDDEN_EMPLOYER, or null when there is none. */
  employer: string | null;
  /** The user as their profile shows them to this viewer. */
  user<U extends { currentCompanyName: string | null }>(user: U): U;
  /** The work experience as this viewer reads it: the current employer's entries renamed when hidden. */
  experiences<E extends { companyName: string; currentlyWorking: boolean }>(entries: E[]): E[];
}

/**
 * The seeker's data as `viewerId` may read it. The seeker always reads their own as it is; anyone else
 * reads HIDDEN_EMPLOYER in place of the current employer's name when the seeker turned showCurrentEmployer
 * off: in the user, and in every experience entry at that company (by name, as the company list compares
 * names) or marked as current. A seeker unknown here (a deleted account) is shaped as hiding.
 */
export function seekerView(viewerId: number, seeker: SeekerEmployer | undefined): SeekerView {
  const hides = seeker === undefined || (viewerId !== seeker.userId && !seeker.showCurrentEmployer);
  const current = seeker?.currentCompanyName?.trim() ? normalizeCompanyName(seeker.currentCompanyName) : null;
  const employer = seeker?.currentCompanyName ?? null;
  const hiddenName = (name: string | null) => (name === null ? null : hides ? HIDDEN_EMPLOYER : name);
  return {
    employer: hiddenName(employer),
    user: (user) =>
      hides && user.currentCompanyName !== null ? { ...user, currentCompanyName: HIDDEN_EMPLOYER } : user,
    experiences: (entries) =>
      hides
        ? entries.map((entry) =>
            entry.currentlyWorking ||
            (current !== null && normalizeCompanyName(entry.companyName) === current)
              ? { ...entry, companyName: HIDDEN_EMPLOYER }
              : entry,
          )
        : entries,
  };
}

/** seekerView for one seeker, read now. */
export async function readSeekerView(db: Db, viewerId: number, seekerId: number): Promise<SeekerView> {
  return seekerView(viewerId, (await readSeekerEmployers(db, [seekerId])).get(seekerId));
}
