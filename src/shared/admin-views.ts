import { z } from 'zod';
import { AdminUserSchema } from './admin.js';
import { idSchema } from './ids.js';
import { ReportReasonSchema, REPORT_STATUSES } from './reports.js';

/**
 * Issue 46 item 9: what an admin reaches from a report: the user's own view (who they are, their requests,
 * the referrals they held, the reports about them) and one request's (who asked, where, its referrals and
 * its timeline). Read-only; statuses are the stored words, shown as they are.
 */

const when = z.iso.datetime({ offset: true });
const PartySchema = z.object({ id: z.number().int(), fullName: z.string(), email: z.string() });

/** GET /api/admin/requests/{id}. */
export const AdminRequestIdParamsSchema = z.object({
  id: idSchema('The request id must be a positive whole number.'),
});

/** How many of each list the user's view shows, newest first. */
export const ADMIN_USER_VIEW_LIST_SIZE = 50;

/** A request as a line of the user's view: theirs as a seeker, or one they held as a referrer. */
export const AdminRequestLineSchema = z.object({
  id: z.number().int(),
  position: z.string(),
  companyName: z.string(),
  /** The request's own status (as a seeker), or the referral's (as a referrer). */
  status: z.string(),
  /** As a referrer: when it passed on from them to someone else; null while it is theirs. */
  passedOnAt: when.nullable(),
  createdAt: when,
});
export type AdminRequestLine = z.infer<typeof AdminRequestLineSchema>;

/** GET /api/admin/users/{id}: the user, their requests and referrals, and the reports about them. */
export const AdminUserViewSchema = z.object({
  user: AdminUserSchema,
  requests: z.array(AdminRequestLineSchema),
  referrals: z.array(AdminRequestLineSchema),
  reportsAbout: z.array(
    z.object({
      id: z.number().int(),
      reason: ReportReasonSchema,
      status: z.enum(REPORT_STATUSES),
      note: z.string(),
      reporter: PartySchema.nullable(),
      requestId: z.number().int().nullable(),
      createdAt: when,
    }),
  ),
});
export type AdminUserView = z.infer<typeof AdminUserViewSchema>;

/** One referral of a request: who held it, how far it went, and whether it passed on. */
export const AdminRequestReferralSchema = z.object({
  id: z.number().int(),
  referrer: PartySchema,
  status: z.string(),
  declineReason: z.string().nullable(),
  candidateId: z.string().nullable(),
  assignedAt: when,
  submittedAt: when.nullable(),
  passedOnAt: when.nullable(),
});

/**
 * One step of the request's life, oldest first: 'requested', 'held', 'released', 'rejected' (the payment
 * review), 'assigned' and 'passed_on' (a referral), each status a referral took (with its note), and how the
 * request closed when no referral says so ('withdrawn', 'job_closed', 'expired').
 */
export const AdminRequestStepSchema = z.object({
  kind: z.string(),
  at: when,
  /** The referral the step belongs to, and its referrer's full name. */
  referralId: z.number().int().nullable(),
  referrerName: z.string().nullable(),
  note: z.string().nullable(),
});
export type AdminRequestStep = z.infer<typeof AdminRequestStepSchema>;

export const AdminRequestViewSchema = z.object({
  id: z.number().int(),
  position: z.string(),
  jobUrl: z.string(),
  status: z.string(),
  /** Null once retention erased it (erasedAt), or when none was written. */
  message: z.string().nullable(),
  seeker: PartySchema,
  company: z.object({ id: z.number().int(), name: z.string() }),
  job: z.object({ title: z.string().nullable(), location: z.string().nullable(), status: z.string() }),
  heldRule: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: when,
  closedAt: when.nullable(),
  erasedAt: when.nullable(),
  referrals: z.array(AdminRequestReferralSchema),
  timeline: z.array(AdminRequestStepSchema),
});
export type AdminRequestView = z.infer<typeof AdminRequestViewSchema>;
