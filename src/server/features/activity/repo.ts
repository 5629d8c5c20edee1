import type { ActivityInputSchema } from '../../../shared/activity.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { activities } from '../../db/schema.js';

export async function recordActivity(db: Db, userId: number, input: z.output<typeof ActivityInputSchema>) {
  await db.insert(activities).values({ userId, ...input });
}
