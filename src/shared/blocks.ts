import { z } from 'zod';

/**
 * POST and DELETE /api/users/{id}/block (issue 25 item 3): the answer says where the block stands now. The
 * blocked user is never told.
 */
export const BlockStateSchema = z.object({
  userId: z.number().int(),
  blocked: z.boolean(),
});
export type BlockState = z.infer<typeof BlockStateSchema>;
