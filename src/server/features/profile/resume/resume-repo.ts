import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { resumeFiles, resumes, users } from '../../../db/schema.js';
import type { ResumeRow } from '../repo.js';

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

/** The stored bytes of a resume, or undefined when it has none (its file was lost before moving in). */
export async function findResumeBytes(db: Db, resumeId: number): Promise<Buffer | undefined> {
  const [row] = await db
    .select({ bytes: resumeFiles.bytes })
    .from(resumeFiles)
    .where(eq(resumeFiles.resumeId, resumeId));
  return row?.bytes;
}

export interface NewResume {
  userId: number;
  fileName: string;
  data: Buffer;
}

/**
 * One transaction: the new row and its bytes are written, it becomes the active one, and every older resume
 * of the user is deleted with its bytes, so a user holds at most one file. If anything fails, nothing
 * changes and the previous active resume stays active.
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
      .values({
        userId: resume.userId,
        fileName: resume.fileName,
        sizeBytes: resume.data.length,
        isActive: true,
      })
      .returning();
    await tx.insert(resumeFiles).values({ resumeId: row!.id, bytes: resume.data });
    // resume_files rows go with their resume (on delete cascade).
    await tx.delete(resumes).where(and(eq(resumes.userId, resume.userId), ne(resumes.id, row!.id)));
    return row!;
  });
}

/** Resumes whose file is still on disk under `$DATA_DIR/uploads` (from before bytes were stored here). */
export async function findResumesOnDisk(db: Db): Promise<{ id: number; storageKey: string }[]> {
  const rows = await db
    .select({ id: resumes.id, storageKey: resumes.storageKey })
    .from(resumes)
    .where(sql`${resumes.storageKey} is not null`);
  return rows.flatMap((r) => (r.storageKey ? [{ id: r.id, storageKey: r.storageKey }] : []));
}

/**
 * Stores the bytes of a resume's disk file and clears its key in one transaction: a crash before the file is
 * removed leaves a file with no row, which the next start deletes.
 */
export async function moveResumeBytesIn(db: Db, resumeId: number, data: Buffer): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(resumeFiles)
      .values({ resumeId, bytes: data })
      .onConflictDoUpdate({ target: resumeFiles.resumeId, set: { bytes: data } });
    await tx.update(resumes).set({ storageKey: null }).where(eq(resumes.id, resumeId));
  });
}

/** Older resumes kept from before only the active one was kept: their rows go, and their bytes with them. */
export async function deleteInactiveResumes(db: Db): Promise<number> {
  const gone = await db.delete(resumes).where(eq(resumes.isActive, false)).returning({ id: resumes.id });
  return gone.length;
}
