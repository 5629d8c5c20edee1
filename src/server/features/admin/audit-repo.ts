import { desc, lt } from 'drizzle-orm';
import type { AdminAuditEntry } from '../../../shared/admin.js';
import type { Db } from '../../db/client.js';
import { adminAuditLog } from '../../db/schema.js';

/**
 * Who made an admin write: an admin's account, or an operator at the command line (`npm run admin`), who has
 * no account: id null and `cli:<operating-system user>` for the name.
 */
export interface AdminActor {
  id: number | null;
  email: string;
}

export interface AdminAction {
  actor: AdminActor;
  action: string;
  targetType: string;
  targetId: number | null;
  reason?: string | null;
}

/** Keeps one admin write in the audit log; call it in the write's own transaction, so both or neither land. */
export async function recordAdminAction(tx: Db, entry: AdminAction): Promise<void> {
  await tx.insert(adminAuditLog).values({
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    reason: entry.reason ?? null,
  });
}

/** A page of the log, newest first; `before` is the last id of the page before. */
export async function listAdminActions(
  db: Db,
  page: { limit: number; before?: number },
): Promise<AdminAuditEntry[]> {
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(page.before === undefined ? undefined : lt(adminAuditLog.id, page.before))
    .orderBy(desc(adminAuditLog.id))
    .limit(page.limit);
  return rows.map((row) => ({
    id: row.id,
    actorId: row.actorId,
    actorEmail: row.actorEmail,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  }));
}
