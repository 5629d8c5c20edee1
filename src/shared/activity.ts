import { z } from 'zod';
import { requiredTextSchema } from './text.js';

/** The activity categories of docs/product.md, Data ('Analytics vocabulary'). */
export const ActivityCategorySchema = z.enum(
  [
    'authentication',
    'profile',
    'referral',
    'navigation',
    'resume',
    'notification',
    'referral_action',
    'user_preference',
  ],
  { error: 'Unknown activity category' },
);
export type ActivityCategory = z.infer<typeof ActivityCategorySchema>;

const MAX_DETAILS_CHARS = 2000;

export const ActivityInputSchema = z.object({
  category: ActivityCategorySchema,
  action: requiredTextSchema({ field: 'Action', max: 100 }),
  details: z
    .record(z.string(), z.unknown())
    .default({})
    .refine((d) => JSON.stringify(d).length <= MAX_DETAILS_CHARS, {
      message: `Details must be at most ${MAX_DETAILS_CHARS} characters of JSON`,
    }),
});
export type ActivityInput = z.input<typeof ActivityInputSchema>;
