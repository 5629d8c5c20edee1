import { z } from 'zod';
import { idSchema, MAX_ID } from './ids.js';
import { JobUrlSchema } from './job-url-rules.js';
import { hasForbiddenCharacters, notAllowedMessage, optionalTextSchema } from './text.js';

/**
 * Issue 49 item 2: a willing referrer posts openings at their own company, and a request asked through one
 * goes to that referrer first (docs/decisions/081-openings-route-to-their-referrer.md).
 */

/** The most open openings one referrer has at once. */
export const MAX_OPEN_OPENINGS = 20;
/** An opening's title and location, each, as the referrer may correct them. */
export const OPENING_TEXT_MAX = 200;
/** A referrer's note on an opening. */
export const OPENING_NOTE_MAX = 500;
/** A page of GET /api/openings by default, and at most. */
export const OPENINGS_PAGE_SIZE = 20;
export const OPENINGS_MAX_PAGE_SIZE = 50;
/** The longest search GET /api/openings takes. */
export const OPENINGS_SEARCH_MAX = 100;

/** The sentences the openings routes answer with (the web shows them as they are). */
export const OPENING_ERRORS = {
  /** POST by someone who is not a willing referrer now (403). */
  needsReferrer:
    'Only a referrer who takes requests can post an opening. Say you are willing to refer first.',
  /** POST with a posting that is not at the referrer's own current company (400). */
  notYourCompany: (company: string) =>
    `This posting is not at ${company}. You can post openings at your own company only.`,
  /** POST whose posting's title could not be read, with none given (400). */
  titleNeeded: 'We could not read the title from this posting. Please give the title.',
  /** POST whose note offers or asks for money (400), by the same rules as a request's message. */
  notePayment: 'A note may not offer or ask for money for a referral. Please take that part out.',
  /** POST with MAX_OPEN_OPENINGS open already (409). */
  limit: `You have ${MAX_OPEN_OPENINGS} open openings already, the most at once. Remove one to post another.`,
  /** POST of a posting the referrer has open already (409). */
  duplicate: 'You have posted this opening already.',
  /** DELETE of an id that is not the asker's opening, or a request naming an opening that does not exist (404). */
  noSuchOpening: 'There is no such opening.',
  /** A request naming an opening at another company than the one it asks at (400). */
  otherCompany: 'This opening is at another company than the one you chose.',
} as const;

/** POST /api/openings: the posting, and what the referrer corrects or adds. Title and location come from
 * the posting when not given. */
export const CreateOpeningInputSchema = z.object({
  jobUrl: JobUrlSchema,
  note: optionalTextSchema({ field: 'Note', max: OPENING_NOTE_MAX }),
  title: optionalTextSchema({ field: 'Title', max: OPENING_TEXT_MAX }),
  location: optionalTextSchema({ field: 'Location', max: OPENING_TEXT_MAX }),
});
export type CreateOpeningInput = z.input<typeof CreateOpeningInputSchema>;

export const OpeningIdParamsSchema = z.object({ id: idSchema(OPENING_ERRORS.noSuchOpening) });

const LIMIT_MESSAGE = `The limit must be a whole number from 1 to ${OPENINGS_MAX_PAGE_SIZE}.`;
const CURSOR_MESSAGE = 'The cursor must be the nextCursor of an earlier page.';
const COMPANY_MESSAGE = 'The companyId must be a positive whole number.';
const MINE_MESSAGE = 'The mine parameter must be true or false.';

/**
 * GET /api/openings: newest first; `q` finds openings whose title or company name contains it (ignoring
 * case), `companyId` those at one company, `mine=true` the asker's own (open ones only); `cursor` is the
 * previous page's `nextCursor`.
 */
export const OpeningListQuerySchema = z.object({
  q: z
    .string({ error: 'The search must be text.' })
    .trim()
    .max(OPENINGS_SEARCH_MAX, `The search must be at most ${OPENINGS_SEARCH_MAX} characters.`)
    .refine((q) => !hasForbiddenCharacters(q), notAllowedMessage('The search'))
    .transform((q) => (q === '' ? undefined : q))
    .optional(),
  companyId: idSchema(COMPANY_MESSAGE).optional(),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(OPENINGS_MAX_PAGE_SIZE, LIMIT_MESSAGE)
    .default(OPENINGS_PAGE_SIZE),
  // The last opening's id of the previous page; read as given, never built by the client.
  cursor: z
    .string({ error: CURSOR_MESSAGE })
    .regex(/^[1-9]\d{0,9}$/, CURSOR_MESSAGE)
    .optional(),
  mine: z
    .enum(['true', 'false'], { error: MINE_MESSAGE })
    .transform((v) => v === 'true')
    .optional(),
});
export type OpeningListQuery = z.input<typeof OpeningListQuerySchema>;

/** One opening as the list shows it, and as POST /api/openings answers it. */
export const OpeningSchema = z.object({
  id: z.number().int(),
  company: z.object({ id: z.number().int(), name: z.string() }),
  title: z.string(),
  location: z.string().nullable(),
  jobUrl: z.string(),
  note: z.string().nullable(),
  postedAt: z.iso.datetime({ offset: true }),
  referrerFirstName: z.string(),
  referrerVerified: z.boolean(),
});
export type Opening = z.infer<typeof OpeningSchema>;

/** GET /api/openings: a page, newest first; `nextCursor` null on the last page. */
export const OpeningListSchema = z.object({
  items: z.array(OpeningSchema),
  nextCursor: z.string().nullable(),
});
export type OpeningList = z.infer<typeof OpeningListSchema>;

/** `openingId` on POST /api/referral-requests: the opening the seeker asks through, if any. */
export const OpeningIdSchema = z
  .number({ error: 'The openingId must be a positive whole number.' })
  .int('The openingId must be a positive whole number.')
  .positive('The openingId must be a positive whole number.')
  .max(MAX_ID, 'The openingId must be a positive whole number.');
