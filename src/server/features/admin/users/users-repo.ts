import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { AdminUser } from '../../../../shared/admin.js';
import type { Db } from '../../../db/client.js';
import { preparedPerDb } from '../../../db/prepared.js';
import { companies, referrers, users } from '../../../db/schema.js';

/** Escapes LIKE's wildcards, so a search for '50%' means those three characters. */
export const likeFragment = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function selectAdminUsers(db: Db) {
  return db
    .select({
      id: users.id,
      fullName: users.fullName,
      email: users.email,
      role: users.role,
      referrerCompany: companies.name,
      verified: sql<boolean>`coalesce(${referrers.isVerified}, false)`,
      // How, while verified: the console offers to undo a verification by hand only.
      verificationMethod: sql<
        AdminUser['verificationMethod']
      >`case when ${referrers.isVerified} then ${referrers.verificationMethod} end`,
      suspendedAt: users.suspendedAt,
      suspensionReason: users.suspensionReason,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(referrers, eq(referrers.userId, users.id))
    .leftJoin(companies, eq(companies.id, referrers.companyId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectAdminUsers>['execute']>>[number];

const toAdminUser = (row: Row): AdminUser => ({
  ...row,
  suspendedAt: row.suspendedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** Users whose name or email holds the fragment (case-insensitively), newest first; all of them for ''. */
export async function searchUsers(db: Db, q: string, limit: number): Promise<AdminUser[]> {
  const rows =
    q === ''
      ? await newestUsers(db).execute({ limit })
      : await selectAdminUsers(db)
          .where(or(ilike(users.fullName, likeFragment(q)), ilike(users.email, likeFragment(q))))
          .orderBy(desc(users.id))
          .limit(limit);
  return rows.map(toAdminUser);
}

// The console's first screen (an empty search): prepared, so it is planned once per connection.
const newestUsers = preparedPerDb((db) =>
  selectAdminUsers(db).orderBy(desc(users.id)).limit(sql.placeholder('limit')).prepare('admin_newest_users'),
);

export async function findAdminUser(db: Db, id: number): Promise<AdminUser | undefined> {
  const [row] = await selectAdminUsers(db).where(eq(users.id, id));
  return row && toAdminUser(row);
}

/**
 * Marks the user suspended (or lifts it); undefined when there is no such user or it already was so. The
 * row stays locked until the transaction ends, so two admins cannot both act on it.
 */
export async function setSuspension(
  tx: Db,
  id: number,
  suspension: { at: Date; reason: string } | null,
): Promise<{ id: number; email: string; fullName: string } | undefined> {
  const rows = await tx
    .update(users)
    .set(
      suspension
        ? { suspendedAt: suspension.at, suspensionReason: suspension.reason, updatedAt: suspension.at }
        : { suspendedAt: null, suspensionReason: null },
    )
    .where(
      and(
        eq(users.id, id),
        suspension ? sql`${users.suspendedAt} is null` : sql`${users.suspendedAt} is not null`,
      ),
    )
    .returning({ id: users.id, email: users.email, fullName: users.fullName });
  return rows[0];
}

export async function userExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, id));
  return row !== undefined;
}
