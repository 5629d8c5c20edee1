import type { ActivityInputSchema } from '../../../shared/activity.js';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { activities } from '../../db/schema.js';
import { batchedWrites } from '../../lib/batched-writes.js';

type ActivityRow = z.output<typeof ActivityInputSchema> & { userId: number };

/**
 * Records page views and clicks, the crowd's most frequent write (a tenth of its calls): those that arrive
 * while an insert is in flight go in the next one together (lib/batched-writes.ts). Each answer waits for
 * its own row's commit.
 */
export function activityRecorder(db: Db) {
  const write = batchedWrites<ActivityRow>(async (rows) => {
    await db.insert(activities).values(rows);
  });
  return (userId: number, input: z.output<typeof ActivityInputSchema>) => write({ userId, ...input });
}
