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

/**
 * GET /api/user/blocks (issue 46 item 9): whom the signed-in user blocked, newest first, so they can lift a
 * block from Account settings. The first name alone, as every card shows the other side.
 */
export const BlockedUserSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  blockedAt: z.iso.datetime({ offset: true }),
});
export type BlockedUser = z.infer<typeof BlockedUserSchema>;
export const BlockedUsersSchema = z.array(BlockedUserSchema);
