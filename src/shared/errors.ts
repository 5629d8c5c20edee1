import { z } from 'zod';

/** Every API error body: a sentence for people, and per-field sentences for bad input. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;
