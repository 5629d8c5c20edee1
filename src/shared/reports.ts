import { z } from 'zod';
import { adminQueuePageShape } from './admin.js';
import { idSchema } from './ids.js';

/** Issue 25 item 2: a user reports someone they share a request with; an admin resolves it. */

export const REPORT_REASONS = ['spam', 'payment', 'harassment', 'fake_referrer', 'other'] as const;
export const ReportReasonSchema = z.enum(REPORT_REASONS, {
  error: "The reason must be 'spam', 'payment', 'harassment', 'fake_referrer' or 'other'.",
});
export type ReportReason = z.infer<typeof ReportReasonSchema>;

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  payment: 'Offers or asks for money',
  harassment: 'Harassment',
  fake_referrer: 'Not really at the company',
  other: 'Something else',
};

export const REPORT_NOTE_MAX = 1000;

const positiveId = (what: string) =>
  z
    .number({ error: `The ${what} must be a positive whole number.` })
    .int(`The ${what} must be a positive whole number.`)
    .positive(`The ${what} must be a positive whole number.`)
    .max(2_147_483_647, `The ${what} must be a positive whole number.`);

/** POST /api/reports. 'other' needs a note saying what happened. */
export const ReportInputSchema = z
  .strictObject({
    subjectUserId: positiveId('user id'),
    requestId: positiveId('request id').nullable().optional(),
    reason: ReportReasonSchema,
    note: z
      .string({ error: 'The note must be text.' })
      .trim()
      .max(REPORT_NOTE_MAX, `The note can be at most ${REPORT_NOTE_MAX} characters.`)
      .default(''),
  })
  .refine((input) => input.reason !== 'other' || input.note !== '', {
    message: "Say what happened in the note when the reason is 'Something else'.",
    path: ['note'],
  });
export type ReportInput = z.input<typeof ReportInputSchema>;

export const REPORT_STATUSES = ['open', 'resolved'] as const;

/** What the reporter gets back: never the subject's details, only what they sent. */
export const ReportSchema = z.object({
  id: z.number().int(),
  subjectUserId: z.number().int(),
  requestId: z.number().int().nullable(),
  reason: ReportReasonSchema,
  note: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Report = z.infer<typeof ReportSchema>;

export const REPORT_ACTIONS = ['dismissed', 'warned', 'suspended', 'other'] as const;
export const ReportActionSchema = z.enum(REPORT_ACTIONS, {
  error: "The action must be 'dismissed', 'warned', 'suspended' or 'other'.",
});

export type ReportAction = z.infer<typeof ReportActionSchema>;

/** POST /api/admin/reports/{id}/resolve. */
export const ResolveReportInputSchema = z.strictObject({
  action: ReportActionSchema,
  note: z
    .string({ error: 'The note must be text.' })
    .trim()
    .max(REPORT_NOTE_MAX, `The note can be at most ${REPORT_NOTE_MAX} characters.`)
    .default(''),
});
export type ResolveReportInput = z.input<typeof ResolveReportInputSchema>;

const PartySchema = z.object({ id: z.number().int(), fullName: z.string(), email: z.string() });

/** GET /api/admin/reports: each open report with both users, the request and the note in full. */
export const AdminReportSchema = z.object({
  id: z.number().int(),
  reason: ReportReasonSchema,
  note: z.string(),
  status: z.enum(REPORT_STATUSES),
  createdAt: z.iso.datetime({ offset: true }),
  reporter: PartySchema.nullable(),
  subject: PartySchema.nullable(),
  request: z.object({ id: z.number().int(), position: z.string(), companyName: z.string() }).nullable(),
  resolution: z
    .object({
      action: ReportActionSchema,
      note: z.string(),
      at: z.iso.datetime({ offset: true }),
    })
    .nullable(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;
export const AdminReportListSchema = z.array(AdminReportSchema);
/** GET /api/admin/reports: open reports, oldest first, a page at a time. */
export const AdminReportQueueQuerySchema = z.object(adminQueuePageShape('a report'));

export const ReportIdParamsSchema = z.object({ id: idSchema('There is no such report.') });
