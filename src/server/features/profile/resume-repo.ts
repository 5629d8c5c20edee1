import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { resumes, users } from '../../db/schema.js';
import type { ResumeRow } from './repo.js';

export async function findActiveResume(db: Db, userId: number): Promise<ResumeRow | undefined> {
  const [row] = await db
    .select()
    .from(resumes)
    .where(and(eq(resumes.userId, userId), eq(resumes.isActive, true)));
  return row;
}

export async function findResumeById(db: Db, id: number): Promise<ResumeRow | undefined> {
  const [row] = await db.select().from(resumes).where(eq(resumes.id, id));
  return row;
}

export interface NewResume {
  userId: number;
  fileName: string;
  storageKey: string;
  sizeBytes: number;
}

/**
 * One transaction: the new row becomes the active one and the previous active row is kept as history.
 * If anything fails, the previous active resume stays active.
 */
export async function insertActiveResume(db: Db, resume: NewResume): Promise<ResumeRow> {
  return db.transaction(async (tx) => {
    // Two uploads by the same user queue here instead of racing into the one-active-per-user index.
    await tx.execute(sql`select 1 from ${users} where ${users.id} = ${resume.userId} for update`);
    await tx
      .update(resumes)
      .set({ isActive: false })
      .where(and(eq(resumes.userId, resume.userId), eq(resumes.isActive, true)));
    const [row] = await tx
      .insert(resumes)
      .values({ ...resume, isActive: true })
      .returning();
    return row!;
  });
}
