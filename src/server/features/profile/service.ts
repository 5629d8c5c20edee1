import { profileCompletion, type Education, type Experience, type Skill } from '../../../shared/profile.js';
import type { Db } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import {
  countEducation,
  countExperiences,
  countProfileParts,
  countSkills,
  deleteEducation,
  deleteExperience,
  deleteSkill,
  insertEducation,
  insertExperience,
  insertSkillIfNew,
  listEducation,
  listExperiences,
  listSkills,
  lockUser,
  unmarkProfileCompleted,
  updateEducation,
  updateExperience,
  type EducationRow,
  type EducationValues,
  type ExperienceRow,
  type ExperienceValues,
  type SkillRow,
} from './repo.js';

/** Generous caps that no real profile reaches; they keep one account from filling the database. */
export const PROFILE_LIMITS = { experiences: 50, education: 50, skills: 100 } as const;

/**
 * Runs work that counts or judges the user's items with the user's row locked: concurrent adds cannot
 * both pass a cap, and a delete cannot slip between marking complete and its check.
 */
export async function withUserLocked<T>(db: Db, userId: number, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) throw notFound('Profile not found.');
    return work(tx);
  });
}

/**
 * Keeps `profileCompleted` true to the data: once the profile is below 100% it is no longer complete.
 * Call it in the transaction that removed something, after the removal, with the user's row locked.
 */
export async function clearCompletionIfIncomplete(tx: Db, userId: number): Promise<void> {
  const { percentage } = profileCompletion(await countProfileParts(tx, userId));
  if (percentage < 100) await unmarkProfileCompleted(tx, userId);
}

export const toExperienceDto = (r: ExperienceRow): Experience => ({
  id: r.id,
  companyName: r.companyName,
  jobTitle: r.jobTitle,
  startDate: r.startDate,
  endDate: r.endDate,
  currentlyWorking: r.currentlyWorking,
  description: r.description,
  order: r.order,
});

export const toEducationDto = (r: EducationRow): Education => ({
  id: r.id,
  instituteName: r.instituteName,
  degree: r.degree,
  major: r.major,
  startDate: r.startDate,
  endDate: r.endDate,
  currentlyStudying: r.currentlyStudying,
  description: r.description,
  order: r.order,
});

export const toSkillDto = (r: SkillRow): Skill => ({ id: r.id, skill: r.skill, proficiency: r.proficiency });

export async function getExperiences(db: Db, userId: number): Promise<Experience[]> {
  return (await listExperiences(db, userId)).map(toExperienceDto);
}

export async function addExperience(db: Db, userId: number, input: ExperienceValues): Promise<Experience> {
  return withUserLocked(db, userId, async (tx) => {
    if ((await countExperiences(tx, userId)) >= PROFILE_LIMITS.experiences) {
      throw conflict(`You can add at most ${PROFILE_LIMITS.experiences} work experiences.`);
    }
    return toExperienceDto(await insertExperience(tx, userId, input));
  });
}

export async function changeExperience(db: Db, userId: number, id: number, input: ExperienceValues) {
  const row = await updateExperience(db, userId, id, input);
  if (!row) throw notFound('Experience not found.');
  return toExperienceDto(row);
}

export async function removeExperience(db: Db, userId: number, id: number): Promise<void> {
  await withUserLocked(db, userId, async (tx) => {
    if (!(await deleteExperience(tx, userId, id))) throw notFound('Experience not found.');
    await clearCompletionIfIncomplete(tx, userId);
  });
}

export async function getEducation(db: Db, userId: number): Promise<Education[]> {
  return (await listEducation(db, userId)).map(toEducationDto);
}

export async function addEducation(db: Db, userId: number, input: EducationValues): Promise<Education> {
  return withUserLocked(db, userId, async (tx) => {
    if ((await countEducation(tx, userId)) >= PROFILE_LIMITS.education) {
      throw conflict(`You can add at most ${PROFILE_LIMITS.education} education entries.`);
    }
    return toEducationDto(await insertEducation(tx, userId, input));
  });
}

export async function changeEducation(db: Db, userId: number, id: number, input: EducationValues) {
  const row = await updateEducation(db, userId, id, input);
  if (!row) throw notFound('Education not found.');
  return toEducationDto(row);
}

export async function removeEducation(db: Db, userId: number, id: number): Promise<void> {
  await withUserLocked(db, userId, async (tx) => {
    if (!(await deleteEducation(tx, userId, id))) throw notFound('Education not found.');
    await clearCompletionIfIncomplete(tx, userId);
  });
}

export async function getSkills(db: Db, userId: number): Promise<Skill[]> {
  return (await listSkills(db, userId)).map(toSkillDto);
}

export async function addSkill(db: Db, userId: number, skill: string): Promise<Skill> {
  return withUserLocked(db, userId, async (tx) => {
    if ((await countSkills(tx, userId)) >= PROFILE_LIMITS.skills) {
      throw conflict(`You can add at most ${PROFILE_LIMITS.skills} skills.`);
    }
    const row = await insertSkillIfNew(tx, userId, skill);
    if (!row) throw conflict('You already have this skill.');
    return toSkillDto(row);
  });
}

export async function removeSkill(db: Db, userId: number, id: number): Promise<void> {
  await withUserLocked(db, userId, async (tx) => {
    if (!(await deleteSkill(tx, userId, id))) throw notFound('Skill not found.');
    await clearCompletionIfIncomplete(tx, userId);
  });
}
