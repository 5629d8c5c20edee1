import { z } from 'zod';

/** The answer of a write that has nothing else to say (a deleted profile item, a sign-out). */
export const SuccessSchema = z.object({ success: z.literal(true) });
export type Success = z.infer<typeof SuccessSchema>;
