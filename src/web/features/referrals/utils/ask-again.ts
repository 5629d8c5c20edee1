import { ENDED_REQUEST_STATUSES } from '@shared/referral-status';
import type { ShownReferralRequest } from '@shared/referrals';
import { z } from 'zod';

/**
 * 'Ask again' (issue 46 item 9): a withdrawn request's card opens the request form filled with what it
 * asked, through the router's location state (the form is checked and sent as any new request is).
 */
const AskAgainSchema = z.object({
  askAgain: z.object({
    jobUrl: z.string(),
    position: z.string(),
    message: z.string(),
    companyName: z.string(),
  }),
});
export type AskAgainValues = z.infer<typeof AskAgainSchema>['askAgain'];

/** The location state the card sends: what the withdrawn request asked. */
export function askAgainState(request: ShownReferralRequest): z.infer<typeof AskAgainSchema> {
  return {
    askAgain: {
      jobUrl: request.jobUrl,
      position: request.position,
      message: request.message ?? '',
      companyName: request.company.name,
    },
  };
}

/** What the form starts with, when the location came from 'Ask again'; anything else is ignored. */
export function readAskAgain(state: unknown): AskAgainValues | undefined {
  const parsed = AskAgainSchema.safeParse(state);
  return parsed.success ? parsed.data.askAgain : undefined;
}

/**
 * Whether a withdrawn request may be asked for again: no other request of the seeker's for the same posting
 * is open (the server's duplicate rule holds while one is; it has the last word on the URL's spelling).
 */
export function mayAskAgain(request: ShownReferralRequest, all: readonly ShownReferralRequest[]): boolean {
  if (request.status !== 'withdrawn') return false;
  return !all.some(
    (other) =>
      other.id !== request.id &&
      other.jobUrl === request.jobUrl &&
      !ENDED_REQUEST_STATUSES.some((ended) => ended === other.status),
  );
}
