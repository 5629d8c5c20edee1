import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { EducationInputSchema, ExperienceInputSchema } from '../../../shared/profile.js';
import type { Db } from '../../db/client.js';
import { education, experiences, resumes, skills, users } from '../../db/schema.js';
import type { UserRow } from '../../db/schema.js';

export type ExperienceRow = typeof experiences.$inferSelect;
export type EducationRow = typeof education.$inferSelect;
export type SkillRow = typeof skills.$inferSelect;
export type ResumeRow = typeof resumes.$inferSelect;
export type ExperienceValues = z.output<typeof ExperienceInputSchema>;
export type EducationValues = z.output<typeof EducationInputSchema>;

// Every item query is scoped by user id, so another user's item id behaves exactly like a missing one.

export async function listExperiences(db: Db, userId: number): Promise<ExperienceRow[]> {
  return db
    .select()
    .from(experiences)
    .where(eq(experiences.userId, userId))
    .orderBy(asc(experiences.order), desc(experiences.startDate), desc(experiences.id));
}

export async function insertExperience(
  db: Db,
  userId: number,
  values: ExperienceValues,
): Promise<ExperienceRow> {
  const [row] = await db
    .insert(experiences)
    .values({ ...values, userId })
    .returning();
  return row!;
}

export async function updateExperience(
  db: Db,
  userId: number,
  id: number,
  values: ExperienceValues,
): Promise<ExperienceRow | undefined> {
  const [row] = await db
    .update(experiences)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(experiences.id, id), eq(experiences.userId, userId)))
    .returning();
  return row;
}

export async function deleteExperience(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(experiences)
    .where(and(eq(experiences.id, id), eq(experiences.userId, userId)))
    .returning({ id: experiences.id });
  return rows.length > 0;
}

export async function listEducation(db: Db, userId: number): Promise<EducationRow[]> {
  return db
    .select()
    .from(education)
    .where(eq(education.userId, userId))
    .orderBy(asc(education.order), sql`${education.endDate} desc nulls first`, desc(education.id));
}

export async function insertEducation(
  db: Db,
  userId: number,
  values: EducationValues,
): Promise<EducationRow> {
  const [row] = await db
    .insert(education)
    .values({ ...values, userId })
    .returning();
  return row!;
}

export async function updateEducation(
  db: Db,
  userId: number,
  id: number,
  values: EducationValues,
): Promise<EducationRow | undefined> {
  const [row] = await db
    .update(education)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(education.id, id), eq(education.userId, userId)))
    .returning();
  return row;
}

export async function deleteEducation(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(education)
    .where(and(eq(education.id, id), eq(education.userId, userId)))
    .returning({ id: education.id });
  return rows.length > 0;
}

export async function listSkills(db: Db, userId: number): Promise<SkillRow[]> {
  return db
    .select()
    .from(skills)
    .where(eq(skills.userId, userId))
    .orderBy(asc(skills.createdAt), asc(skills.id));
}

/** Undefined when the user already has this skill in any letter case (a unique index decides). */
export async function insertSkillIfNew(db: Db, userId: number, skill: string): Promise<SkillRow | undefined> {
  const [row] = await db.insert(skills).values({ userId, skill }).onConflictDoNothing().returning();
  return row;
}

export async function deleteSkill(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(skills)
    .where(and(eq(skills.id, id), eq(skills.userId, userId)))
    .returning({ id: skills.id });
  return rows.length > 0;
}

/**
 * The parts a profile's completion counts, in one statement: inside a transaction (one connection) four
 * queries at once would only queue, and pg 9 refuses them.
 */
export async function countProfileParts(db: Db, userId: number) {
  const [row] = await db
    .select({
      experienceCount: db.$count(experiences, eq(experiences.userId, userId)),
      educationCount: db.$count(education, eq(education.userId, userId)),
      skillCount: db.$count(skills, eq(skills.userId, userId)),
      activeResumes: db.$count(resumes, and(eq(resumes.userId, userId), eq(resumes.isActive, true))),
    })
    .from(users)
    .where(eq(users.id, userId));
  const { experienceCount = 0, educationCount = 0, skillCount = 0, activeResumes = 0 } = row ?? {};
  return { experienceCount, educationCount, skillCount, hasResume: activeResumes > 0 };
}

/**
 * Holds the user's row until the transaction ends, so that per-user rules that count rows (item caps,
 * completion) see one writer at a time instead of racing between their count and their write.
 */
export async function lockUser(tx: Db, userId: number): Promise<boolean> {
  // NO KEY UPDATE still serialises these writers, without blocking inserts whose foreign keys point here.
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  return rows.length > 0;
}

export async function countExperiences(db: Db, userId: number): Promise<number> {
  return db.$count(experiences, eq(experiences.userId, userId));
}

export async function countEducation(db: Db, userId: number): Promise<number> {
  return db.$count(education, eq(education.userId, userId));
}

export async function countSkills(db: Db, userId: number): Promise<number> {
  return db.$count(skills, eq(skills.userId, userId));
}

/** Unmarks a profile marked complete; returns whether it changed anything. */
export async function unmarkProfileCompleted(db: Db, userId: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ profileCompleted: false, updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.profileCompleted, true)))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function updateUser(
  db: Db,
  id: number,
  values: Partial<
    Pick<UserRow, 'profileCompleted' | 'currentCompanyName' | 'notWorking' | 'willingToGiveReferrals'>
  >,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}
