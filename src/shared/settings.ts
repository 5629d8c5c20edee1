import { z } from 'zod';

/** The signed-in user's account settings (GET and PUT /api/user/settings answer this). */
export const UserSettingsSchema = z.object({
  /** Every notification is also mailed to the sign-in address while this is on. */
  emailNotifications: z.boolean(),
});
export type UserSettings = z.infer<typeof UserSettingsSchema>;

export const UserSettingsInputSchema = z.strictObject({
  emailNotifications: z.boolean({ error: 'Choose whether to get notifications by email.' }),
});
export type UserSettingsInput = z.infer<typeof UserSettingsInputSchema>;
