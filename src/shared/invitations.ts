import { z } from 'zod';

/**
 * Issue 49 item 3: a willing referrer's invitation link, `/join/{code}`, which brings a colleague in as a
 * referrer at the same company (docs/decisions/080-an-invitation-counts-once.md).
 */

/** The page route of an invitation; the code is the referrer's own, unguessable and stable. */
export const joinPath = (code: string) => `/join/${code}`;

/** An invitation code: 16 url-safe characters (12 random bytes). Anything else is no code of ours. */
export const InviteCodeSchema = z.string().regex(/^[A-Za-z0-9_-]{16}$/);

/** GET /api/referrer/invite: the link, and how many joined through it and became referrers at the company. */
export const ReferrerInviteSchema = z.object({
  url: z.string(),
  joined: z.number().int().nonnegative(),
});
export type ReferrerInvite = z.infer<typeof ReferrerInviteSchema>;

/** GET /api/referrer/invite asked by someone who is not a willing referrer now (403). */
export const INVITE_NEEDS_REFERRER =
  'Only a referrer who takes requests has an invitation link. Say you are willing to refer first.';

/** What the inviter is told, in the app and by mail, once per colleague who became a referrer. */
export const INVITE_NOTICE = {
  title: 'Your invitation worked',
  message: (firstName: string, company: string) =>
    `${firstName} joined ${company} as a referrer through your invitation.`,
  type: 'invitation_joined',
} as const;

/** The short text a referrer pastes to a colleague, with their link. */
export const inviteText = (url: string) =>
  `I refer people to jobs at our company on ReferBridge. Join me as a referrer: ${url}`;
