import { z } from 'zod';

/** docs/product.md, Privacy. */

export const DeleteAccountInputSchema = z.strictObject({
  confirmEmail: z
    .string({ error: 'Type your email address to confirm.' })
    .trim()
    .min(1, { error: 'Type your email address to confirm.' })
    .max(254, { error: 'That email address is too long.' }),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInputSchema>;

export const DELETE_EMAIL_MISMATCH =
  'The email you typed is not the one on this account. Nothing was deleted.';

const Rows = z.array(z.record(z.string(), z.unknown()));

/** GET /api/user/export: everything stored about the user, one list per kind. */
export const AccountExportSchema = z.object({
  exportedAt: z.string(),
  user: z.record(z.string(), z.unknown()),
  identities: Rows,
  sessions: Rows,
  experiences: Rows,
  education: Rows,
  skills: Rows,
  resumes: Rows,
  settings: z.record(z.string(), z.unknown()).nullable(),
  referrer: z.record(z.string(), z.unknown()).nullable(),
  verificationCodes: Rows,
  referralRequests: Rows,
  referralsAsReferrer: Rows,
  notifications: Rows,
  activities: Rows,
  mail: Rows,
  /** The companies the user watches (issue 49 item 1). */
  watches: Rows,
  /** The user's invitation code and who joined through it, by first name only (issue 49 item 3). */
  invitation: z.object({ code: z.string().nullable(), createdAt: z.unknown(), joined: Rows }),
  /** The openings the user posted as a referrer, open or closed (issue 49 item 2). */
  openings: Rows,
  /** The referral bonuses the user tracks as a referrer (issue 50 item 5). */
  referralBonuses: Rows,
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
