import type { Opening } from '@shared/openings';
import { z } from 'zod';

/**
 * 'Ask for a referral' on an opening (issue 49 item 2): the request form opens filled with the opening's
 * company, title and posting, through the router's location state, as 'Ask again' does; the request then
 * carries `openingId`, so it goes to the referrer who posted it first.
 */
const AskThroughOpeningSchema = z.object({
  opening: z.object({
    id: z.number().int().positive(),
    companyName: z.string(),
    title: z.string(),
    jobUrl: z.string(),
    referrerFirstName: z.string(),
  }),
});
export type AskThroughOpening = z.infer<typeof AskThroughOpeningSchema>['opening'];

/** The location state an opening's 'Ask for a referral' sends. */
export function askThroughOpeningState(opening: Opening): z.infer<typeof AskThroughOpeningSchema> {
  return {
    opening: {
      id: opening.id,
      companyName: opening.company.name,
      title: opening.title,
      jobUrl: opening.jobUrl,
      referrerFirstName: opening.referrerFirstName,
    },
  };
}

/** The opening the form was opened from, when it was; anything else is ignored. */
export function readAskThroughOpening(state: unknown): AskThroughOpening | undefined {
  const parsed = AskThroughOpeningSchema.safeParse(state);
  return parsed.success ? parsed.data.opening : undefined;
}
