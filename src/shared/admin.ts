import { z } from 'zod';
import { idSchema } from './ids.js';

/** Issue 25: what the admin console reads and writes. */

export const ADMIN_AUDIT_PAGE_SIZE = 50;
const LIMIT_MESSAGE = `The limit must be a whole number from 1 to 100.`;

/** GET /api/admin/audit: newest first, `before` an entry id for the next page. */
export const AdminAuditQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(100, LIMIT_MESSAGE)
    .default(ADMIN_AUDIT_PAGE_SIZE),
  before: idSchema('The before cursor must be an audit entry id.').optional(),
});

export const AdminAuditEntrySchema = z.object({
  id: z.number().int(),
  /** Null once the admin's account was deleted; the email stays. */
  actorId: z.number().int().nullable(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().int().nullable(),
  reason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminAuditEntry = z.infer<typeof AdminAuditEntrySchema>;
export const AdminAuditPageSchema = z.array(AdminAuditEntrySchema);
