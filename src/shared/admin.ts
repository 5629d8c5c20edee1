import { z } from 'zod';
import { idSchema } from './ids.js';
import { hasForbiddenCharacters, notAllowedMessage, optionalTextSchema } from './text.js';
import { VerificationMethodSchema } from './verification.js';

/** Issue 25: what the admin console reads and writes. */

export const ADMIN_AUDIT_PAGE_SIZE = 50;
/** A page of each queue the console works through: open reports, held requests, held messages. */
export const ADMIN_QUEUE_PAGE_SIZE = 50;
const LIMIT_MESSAGE = `The limit must be a whole number from 1 to 100.`;

const limitSchema = (pageSize: number) =>
  z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(100, LIMIT_MESSAGE)
    .default(pageSize);

/** GET /api/admin/audit: newest first, `before` an entry id for the next page. */
export const AdminAuditQuerySchema = z.object({
  limit: limitSchema(ADMIN_AUDIT_PAGE_SIZE),
  before: idSchema('The before cursor must be an audit entry id.').optional(),
});

/**
 * A page of an admin queue, oldest first (issue 26): `after` is the id of the last item of the page before,
 * `item` what the queue holds ('a report').
 */
export const adminQueuePageShape = (item: string) => ({
  limit: limitSchema(ADMIN_QUEUE_PAGE_SIZE),
  after: idSchema(`The after cursor must be ${item} id.`).optional(),
});
export interface AdminQueuePage {
  limit: number;
  after?: number | undefined;
}

/** GET /api/admin/queue-counts: how many items wait in each queue of the console, all pages together. */
export const AdminQueueCountsSchema = z.object({
  openReports: z.number().int().nonnegative(),
  heldRequests: z.number().int().nonnegative(),
  heldMessages: z.number().int().nonnegative(),
});
export type AdminQueueCounts = z.infer<typeof AdminQueueCountsSchema>;

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

/** A path id of /api/admin/users/{id}/… and /api/admin/companies/{id}/…. */
export const AdminUserIdParamsSchema = z.object({
  id: idSchema('The user id must be a positive whole number.'),
});
export const AdminCompanyIdParamsSchema = z.object({
  id: idSchema('The company id must be a positive whole number.'),
});

export const ADMIN_REASON_MAX = 1000;
/** Why an admin acts on someone: kept in the audit log, never shown to the user. */
const reasonSchema = z
  .string({ error: 'Give a reason.' })
  .trim()
  .min(1, 'Give a reason: it goes into the audit log.')
  .max(ADMIN_REASON_MAX, `The reason can be at most ${ADMIN_REASON_MAX} characters.`);

/**
 * POST /api/admin/users/{id}/verify: nothing, `{}`, or a note for the audit log (how the admin knows they
 * work there).
 */
export const VerifyUserInputSchema = z
  .strictObject({ note: optionalTextSchema({ field: 'Note', max: ADMIN_REASON_MAX }) })
  .nullish();
export type VerifyUserInput = z.input<typeof VerifyUserInputSchema>;

/** POST /api/admin/users/{id}/suspend. */
export const SuspendUserInputSchema = z.strictObject({ reason: reasonSchema });
export type SuspendUserInput = z.input<typeof SuspendUserInputSchema>;

/** GET /api/admin/users: a name or email fragment (empty: the newest users). */
export const AdminUserSearchQuerySchema = z.object({
  q: z
    .string({ error: 'The search must be text.' })
    .trim()
    .max(200, 'The search can be at most 200 characters.')
    .refine((q) => !hasForbiddenCharacters(q), notAllowedMessage('The search'))
    .default(''),
});

/** A user as the console shows them: who they are, where they refer, and whether they are suspended. */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(['job_seeker', 'referrer']),
  /** The company they refer at, null for none. */
  referrerCompany: z.string().nullable(),
  verified: z.boolean(),
  /** How, while verified: their sign-in email, a work-email code, or an admin by hand (who may undo it). */
  verificationMethod: VerificationMethodSchema.nullable(),
  suspendedAt: z.iso.datetime({ offset: true }).nullable(),
  suspensionReason: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserListSchema = z.array(AdminUserSchema);
export const ADMIN_USER_SEARCH_SIZE = 25;

/** One email domain as an admin types it: 'acme.com', '@Acme.com ' and 'acme.test' are all fine. */
export const EmailDomainSchema = z
  .string({ error: 'Each domain must be text.' })
  .trim()
  .toLowerCase()
  .transform((domain) => domain.replace(/^@/, '').replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .max(253, 'A domain can be at most 253 characters.')
      .regex(
        /^(?=[^.]{1,63}\.)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/,
        'Each domain must be a domain name such as acme.com: letters, digits, hyphens and dots.',
      ),
  );

export const COMPANY_EMAIL_DOMAINS_MAX = 20;
/** PUT /api/admin/companies/{id}: the whole list (an empty one: nobody verifies by email there). */
export const CompanyEmailDomainsInputSchema = z.strictObject({
  emailDomains: z
    .array(EmailDomainSchema, { error: 'The email domains must be a list.' })
    .max(COMPANY_EMAIL_DOMAINS_MAX, `A company can have at most ${COMPANY_EMAIL_DOMAINS_MAX} email domains.`)
    .transform((domains) => [...new Set(domains)]),
});
export type CompanyEmailDomainsInput = z.input<typeof CompanyEmailDomainsInputSchema>;

/** POST /api/admin/companies/{id}/merge: the company the duplicate folds into. */
export const MergeCompanyInputSchema = z.strictObject({
  intoId: z
    .number({ error: 'The company to merge into must be a company id.' })
    .int('The company to merge into must be a company id.')
    .positive('The company to merge into must be a company id.')
    .max(2_147_483_647, 'The company to merge into must be a company id.'),
});

/** GET /api/admin/companies: a name fragment (empty: the companies with the most referrers). */
export const AdminCompanySearchQuerySchema = AdminUserSearchQuerySchema;

export const AdminCompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  listed: z.boolean(),
  emailDomains: z.array(z.string()),
  referrers: z.number().int(),
  verifiedReferrers: z.number().int(),
  requests: z.number().int(),
});
export type AdminCompany = z.infer<typeof AdminCompanySchema>;
export const AdminCompanyListSchema = z.array(AdminCompanySchema);
