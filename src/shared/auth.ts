import { z } from 'zod';
import { SUPPORT_EMAIL } from './brand.js';

export const RoleSchema = z.enum(['job_seeker', 'referrer']);
export type Role = z.infer<typeof RoleSchema>;

export const UserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: RoleSchema,
  profilePicture: z.string().nullable(),
  profileCompleted: z.boolean(),
  bio: z.string().nullable(),
  currentCompanyName: z.string().nullable(),
  willingToGiveReferrals: z.boolean(),
  /** Said "I'm not working right now": no current company, and the company prompt does not ask. */
  notWorking: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthStatusSchema = z.object({
  isAuthenticated: z.boolean(),
  user: UserSchema.nullable(),
  /** Issue 25: whether the signed-in user is on ADMIN_EMAILS (the console and its routes are theirs). */
  isAdmin: z.boolean().default(false),
  /**
   * Issue 46 item 9: true once, on the first status read after the sign-in that created the account, so
   * the page that opened the popup welcomes a new person instead of welcoming them back.
   */
  isNewAccount: z.boolean().optional(),
  error: z.string().optional(),
});
export type AuthStatus = z.infer<typeof AuthStatusSchema>;

/** The message the sign-in popup posts to its opener when the callback succeeded. */
export const AUTH_SUCCESS_MESSAGE = 'AUTH_SUCCESS';

/**
 * The sign-in popup's sentence for a suspended account (issue 25), and /auth/status's `error` after it, so
 * the page that opened the popup says the same.
 */
export const SUSPENDED_SIGN_IN = `This account is suspended, so it cannot sign in. If you think this is a mistake, write to ${SUPPORT_EMAIL}.`;

export const SIGN_IN_POPUP = { width: 600, height: 700, closedCheckMs: 1000, redirectDelayMs: 1500 } as const;
