import { z } from 'zod';

/** GET /api/user/settings: the signed-in user's own settings. */
export const UserSettingsSchema = z.object({ emailNotifications: z.boolean() });
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** PUT /api/user/settings. */
export const UserSettingsInputSchema = z.object({ emailNotifications: z.boolean() });
export type UserSettingsInput = z.infer<typeof UserSettingsInputSchema>;
