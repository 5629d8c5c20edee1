import { z } from 'zod';

/** docs/product.md, Verification: how a referrer's verification was earned. */
export const VerificationMethodSchema = z.enum(['sign-in-email', 'work-email', 'admin']);
export type VerificationMethod = z.infer<typeof VerificationMethodSchema>;

/** GET /api/referrer/verification. */
export const VerificationStatusSchema = z.object({
  verified: z.boolean(),
  method: VerificationMethodSchema.nullable(),
  companyName: z.string().nullable(),
  /** When a current verification lapses (VERIFICATION_TTL after it was earned or renewed); null unverified. */
  verifiedUntil: z.iso.datetime({ offset: true }).nullable(),
  /** A current verification close enough to its lapse that a new work-email code may renew it. */
  renewable: z.boolean(),
});
export type VerificationStatus = z.infer<typeof VerificationStatusSchema>;

export const SendVerificationCodeInputSchema = z.strictObject({
  workEmail: z
    .string({ error: 'Enter your work email address.' })
    .trim()
    .max(254, { error: 'That email address is too long.' })
    .pipe(z.email({ error: 'Enter a valid work email address.' })),
});
export type SendVerificationCodeInput = z.infer<typeof SendVerificationCodeInputSchema>;

/** POST /api/referrer/verification: where the code went. */
export const SendVerificationCodeResultSchema = z.object({
  sentTo: z.string(),
  expiresInMinutes: z.number().int(),
});
export type SendVerificationCodeResult = z.infer<typeof SendVerificationCodeResultSchema>;

export const ConfirmVerificationCodeInputSchema = z.strictObject({
  code: z
    .string({ error: 'Enter the 6-digit code from the email.' })
    .trim()
    .regex(/^\d{6}$/, { error: 'Enter the 6-digit code from the email.' }),
});
export type ConfirmVerificationCodeInput = z.infer<typeof ConfirmVerificationCodeInputSchema>;
