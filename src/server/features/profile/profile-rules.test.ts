import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeCompanyName } from '../../../shared/companies.js';
import type { Database } from '../../db/client.js';
import {
  education as educationTable,
  experiences,
  resumes,
  skills,
  users,
  type UserRow,
} from '../../db/schema.js';
import { openSnapshotDatabase } from '../../testing/snapshot-database.js';
import type { CompanyDirectory, ProfileViewRule } from './ports.js';
import type { EducationValues, ExperienceValues } from './repo.js';
import {
  getActiveResume,
  openResumeFile,
  RESUME_NOT_PDF,
  RESUME_TOO_LARGE,
  uploadResume,
} from './resume/resume-service.js';
import {
  addEducation,
  addExperience,
  addSkill,
  changeEducation,
  changeExperience,
  getEducation,
  getExperiences,
  getSkills,
  PROFILE_LIMITS,
  removeEducation,
  removeExperience,
  removeSkill,
} from './service.js';
import { getViewableUser, setCurrentCompany, setNotWorking, setProfileStatus } from './user/user-service.js';
import { education, experience, pdfBytes } from '../../testing/profile-fixtures.js';
import { rejection } from '../../testing/rejection.js';

/**
 * The profile services called directly on one bare in-memory database: the caps, completion kept true to
 * the data, only-your-own rules, the company a user names, and resumes. Fast enough for mutation testing;
 * profile-items.test.ts, profile-limits.test.ts and user-profile.test.ts walk the same rules through HTTP.
 */

let database: Database;
let seq = 0;
beforeAll(async () => {
  database = await openSnapshotDatabase();
});
afterAll(() => database.close());

async function user(values: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  seq += 1;
  const [row] = await database.db
    .insert(users)
    .values({ username: `p${seq}`, email: `p${seq}@mail.example`, fullName: `Pat ${seq}`, ...values })
    .returning();
  return row!;
}
const reload = async (id: number) => (await database.db.select().from(users).where(eq(users.id, id)))[0]!;

const job: ExperienceValues = experience;
const school: EducationValues = { ...education, currentlyStudying: false, description: null };

/** A profile with everything that makes it 100%, marked complete. */
async function completeUser() {
  const u = await user();
  await addExperience(database.db, u.id, job);
  await addEducation(database.db, u.id, school);
  await addSkill(database.db, u.id, 'TypeScript');
  await addSkill(database.db, u.id, 'SQL');
  await uploadResume(database.db, u.id, { clientFileName: 'cv.pdf', data: pdfBytes() });
  await setProfileStatus(database.db, u, u.id, true);
  expect((await reload(u.id)).profileCompleted).toBe(true);
  return u;
}

describe('items', () => {
  it('adds, lists, changes and removes experiences, education and skills as DTOs', async () => {
    const u = await user();
    const exp = await addExperience(database.db, u.id, job);
    expect(exp).toEqual({ id: exp.id, ...job });
    expect(await getExperiences(database.db, u.id)).toEqual([exp]);
    const changed = await changeExperience(database.db, u.id, exp.id, { ...job, jobTitle: 'Lead' });
    expect(changed).toEqual({ ...exp, jobTitle: 'Lead' });

    const edu = await addEducation(database.db, u.id, school);
    expect(edu).toEqual({ id: edu.id, ...school });
    expect(await getEducation(database.db, u.id)).toEqual([edu]);
    expect(await changeEducation(database.db, u.id, edu.id, { ...school, major: 'Maths' })).toEqual({
      ...edu,
      major: 'Maths',
    });

    const skill = await addSkill(database.db, u.id, 'Go');
    expect(skill).toEqual({ id: skill.id, skill: 'Go', proficiency: null });
    expect(await getSkills(database.db, u.id)).toEqual([skill]);

    await removeExperience(database.db, u.id, exp.id);
    await removeEducation(database.db, u.id, edu.id);
    await removeSkill(database.db, u.id, skill.id);
    expect(await getExperiences(database.db, u.id)).toEqual([]);
    expect(await getEducation(database.db, u.id)).toEqual([]);
    expect(await getSkills(database.db, u.id)).toEqual([]);
  });

  it("answers 404 for another user's items and for unknown users", async () => {
    const owner = await user();
    const other = await user();
    const exp = await addExperience(database.db, owner.id, job);
    const edu = await addEducation(database.db, owner.id, school);
    const skill = await addSkill(database.db, owner.id, 'Go');
    const cases: [Promise<unknown>, string][] = [
      [changeExperience(database.db, other.id, exp.id, job), 'Experience not found.'],
      [removeExperience(database.db, other.id, exp.id), 'Experience not found.'],
      [changeEducation(database.db, other.id, edu.id, school), 'Education not found.'],
      [removeEducation(database.db, other.id, edu.id), 'Education not found.'],
      [removeSkill(database.db, other.id, skill.id), 'Skill not found.'],
      [addSkill(database.db, 9_999_999, 'Go'), 'Profile not found.'],
      [addExperience(database.db, 9_999_999, job), 'Profile not found.'],
    ];
    for (const [promise, message] of cases) {
      const err = await rejection(promise);
      expect([err.statusCode, err.message]).toEqual([404, message]);
    }
    expect(await getExperiences(database.db, owner.id)).toHaveLength(1);
    expect(await getEducation(database.db, owner.id)).toHaveLength(1);
    expect(await getSkills(database.db, owner.id)).toHaveLength(1);
  });

  it('refuses a skill the user already has', async () => {
    const u = await user();
    await addSkill(database.db, u.id, 'Rust');
    const err = await rejection(addSkill(database.db, u.id, 'Rust'));
    expect([err.statusCode, err.message]).toEqual([409, 'You already have this skill.']);
    expect(await getSkills(database.db, u.id)).toHaveLength(1);
  });

  it('keeps each list to its cap: the last one fits, the next is refused', async () => {
    const u = await user();
    const rows = (n: number) => Array.from({ length: n }, (_, i) => i);
    await database.db
      .insert(experiences)
      .values(rows(PROFILE_LIMITS.experiences - 1).map((i) => ({ ...job, userId: u.id, order: i })));
    await database.db
      .insert(educationTable)
      .values(rows(PROFILE_LIMITS.education - 1).map((i) => ({ ...school, userId: u.id, order: i })));
    await database.db
      .insert(skills)
      .values(rows(PROFILE_LIMITS.skills - 1).map((i) => ({ userId: u.id, skill: `skill ${i}` })));

    await addExperience(database.db, u.id, job);
    await addEducation(database.db, u.id, school);
    await addSkill(database.db, u.id, 'the last one');
    const refusals = [
      [addExperience(database.db, u.id, job), 'You can add at most 50 work experiences.'],
      [addEducation(database.db, u.id, school), 'You can add at most 50 education entries.'],
      [addSkill(database.db, u.id, 'one too many'), 'You can add at most 100 skills.'],
    ] as const;
    for (const [promise, message] of refusals) {
      const err = await rejection(promise);
      expect([err.statusCode, err.message]).toEqual([409, message]);
    }
    expect(PROFILE_LIMITS).toEqual({ experiences: 50, education: 50, skills: 100 });
  });
});

describe('completion', () => {
  it('names what is missing, in order, when marking an incomplete profile complete', async () => {
    const u = await user();
    const none = await rejection(setProfileStatus(database.db, u, u.id, true));
    expect([none.statusCode, none.message]).toEqual([
      409,
      'Your profile is 0% complete. Add a work experience, an education entry, at least two skills and a resume before marking it complete.',
    ]);
    await addExperience(database.db, u.id, job);
    await addSkill(database.db, u.id, 'Go');
    await addEducation(database.db, u.id, school);
    const two = await rejection(setProfileStatus(database.db, u, u.id, true));
    expect(two.message).toBe(
      'Your profile is 50% complete. Add at least two skills and a resume before marking it complete.',
    );
    await addSkill(database.db, u.id, 'SQL');
    const one = await rejection(setProfileStatus(database.db, u, u.id, true));
    expect(one.message).toBe('Your profile is 75% complete. Add a resume before marking it complete.');
    expect((await reload(u.id)).profileCompleted).toBe(false);
  });

  it('marks a full profile complete and unmarks it on request, but only for oneself', async () => {
    const u = await completeUser();
    const other = await user();
    const err = await rejection(setProfileStatus(database.db, other, u.id, false));
    expect([err.statusCode, err.message]).toEqual([403, 'You can only change your own profile.']);
    expect((await reload(u.id)).profileCompleted).toBe(true);
    const unmarked = await setProfileStatus(database.db, u, u.id, false);
    expect(unmarked.profileCompleted).toBe(false);
    // Unmarking needs nothing, even on an empty profile.
    const empty = await user();
    expect((await setProfileStatus(database.db, empty, empty.id, false)).profileCompleted).toBe(false);
  });

  it('a removal that drops the profile below 100% unmarks it; one that keeps it at 100% does not', async () => {
    const u = await completeUser();
    const extra = await addSkill(database.db, u.id, 'Rust');
    await removeSkill(database.db, u.id, extra.id);
    expect((await reload(u.id)).profileCompleted).toBe(true);
    const [first] = await getSkills(database.db, u.id);
    await removeSkill(database.db, u.id, first!.id);
    expect((await reload(u.id)).profileCompleted).toBe(false);

    const v = await completeUser();
    const [exp] = await getExperiences(database.db, v.id);
    await removeExperience(database.db, v.id, exp!.id);
    expect((await reload(v.id)).profileCompleted).toBe(false);

    const x = await completeUser();
    const [edu] = await getEducation(database.db, x.id);
    await removeEducation(database.db, x.id, edu!.id);
    expect((await reload(x.id)).profileCompleted).toBe(false);
  });
});

function fakeCompanies() {
  const calls: string[] = [];
  const companies: CompanyDirectory = {
    ensure: async (_db, name) => {
      calls.push(`ensure ${name}`);
      // 'Initrode' was merged into Initech.
      return { name: normalizeCompanyName(name) === 'initrode' ? 'Initech' : name };
    },
    release: async (_db, name) => calls.push(`release ${name}`),
    lock: async (_db, names) => calls.push(`lock ${names.join(' + ')}`),
  };
  return { calls, companies };
}

describe('current company', () => {
  it('saves the trimmed name, ensures it, tells referrals, and releases the previous one', async () => {
    const u = await user({ notWorking: true });
    const { calls, companies } = fakeCompanies();
    const changed: string[] = [];
    const onChanged = async (_tx: unknown, userId: number, name: string) => changed.push(`${userId} ${name}`);

    const first = await setCurrentCompany(companies, database.db, u, u.id, '  Initech  ', onChanged);
    expect([first.currentCompanyName, first.notWorking]).toEqual(['Initech', false]);
    expect(calls).toEqual(['lock Initech', 'ensure Initech']);

    calls.length = 0;
    await setCurrentCompany(companies, database.db, u, u.id, 'Globex', onChanged);
    expect(calls).toEqual(['lock Initech + Globex', 'ensure Globex', 'release Initech']);

    calls.length = 0;
    // The same company spelt differently: nothing to release.
    await setCurrentCompany(companies, database.db, u, u.id, ' GLOBEX ', onChanged);
    expect(calls).toEqual(['lock Globex + GLOBEX', 'ensure GLOBEX']);
    expect(changed).toEqual([`${u.id} Initech`, `${u.id} Globex`, `${u.id} GLOBEX`]);
    expect((await reload(u.id)).currentCompanyName).toBe('GLOBEX');

    calls.length = 0;
    changed.length = 0;
    // A name merged away: the user is saved as working at the company it went into.
    const merged = await setCurrentCompany(companies, database.db, u, u.id, ' initrode ', onChanged);
    expect(merged.currentCompanyName).toBe('Initech');
    expect(calls).toEqual(['lock GLOBEX + initrode', 'ensure initrode', 'release GLOBEX']);
    expect(changed).toEqual([`${u.id} Initech`]);
  });

  it("refuses to change someone else's company", async () => {
    const u = await user();
    const other = await user();
    const { calls, companies } = fakeCompanies();
    const err = await rejection(
      setCurrentCompany(companies, database.db, other, u.id, 'Initech', async () => 0),
    );
    expect([err.statusCode, err.message]).toEqual([403, 'You can only change your own profile.']);
    expect(calls).toEqual([]);
    expect((await reload(u.id)).currentCompanyName).toBeNull();
  });

  it('not working clears the company and willingness and releases the company; false only takes it back', async () => {
    const u = await user({ currentCompanyName: 'Initech', willingToGiveReferrals: true });
    const { calls, companies } = fakeCompanies();
    const set = await setNotWorking(companies, database.db, u, u.id, true);
    expect([set.notWorking, set.currentCompanyName, set.willingToGiveReferrals]).toEqual([true, null, false]);
    expect(calls).toEqual(['lock Initech', 'release Initech']);

    calls.length = 0;
    await setNotWorking(companies, database.db, u, u.id, true);
    expect(calls).toEqual([]);

    const back = await setNotWorking(companies, database.db, u, u.id, false);
    expect([back.notWorking, back.currentCompanyName, back.willingToGiveReferrals]).toEqual([
      false,
      null,
      false,
    ]);

    const w = await user({ currentCompanyName: 'Hooli', willingToGiveReferrals: true });
    const kept = await setNotWorking(companies, database.db, w, w.id, false);
    expect([kept.notWorking, kept.currentCompanyName, kept.willingToGiveReferrals]).toEqual([
      false,
      'Hooli',
      true,
    ]);
    expect(calls).toEqual([]);

    const err = await rejection(setNotWorking(companies, database.db, u, w.id, true));
    expect(err.statusCode).toBe(403);
    expect((await reload(w.id)).notWorking).toBe(false);
  });
});

describe('viewing and resumes', () => {
  const onlyFriends: ProfileViewRule = async (_db, viewer, owner) => viewer === owner || viewer === owner + 1;

  it('shows a profile only where the rule allows, with one answer for missing and hidden', async () => {
    const u = await user();
    expect((await getViewableUser(onlyFriends, database.db, u.id, u.id)).id).toBe(u.id);
    const hidden = await rejection(getViewableUser(onlyFriends, database.db, u.id + 5, u.id));
    expect([hidden.statusCode, hidden.message]).toEqual([404, 'Profile not found.']);
    const everyone: ProfileViewRule = async () => true;
    const missing = await rejection(getViewableUser(everyone, database.db, u.id, 9_999_999));
    expect([missing.statusCode, missing.message]).toEqual([404, 'Profile not found.']);
  });

  it('keeps one active resume, shown to whom the rule allows, and serves its bytes', async () => {
    const u = await user();
    expect(await getActiveResume(onlyFriends, database.db, u.id, u.id)).toBeNull();
    const old = await uploadResume(database.db, u.id, { clientFileName: 'old.pdf', data: pdfBytes('old') });
    const resume = await uploadResume(database.db, u.id, {
      clientFileName: '../secret/My CV',
      data: pdfBytes('new'),
    });
    expect(resume).toEqual({
      id: resume.id,
      fileName: 'My CV.pdf',
      fileUrl: `/api/resumes/${resume.id}/file`,
      filePath: `/api/resumes/${resume.id}/file`,
      uploadedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/) as unknown as string,
    });
    expect(await getActiveResume(onlyFriends, database.db, u.id, u.id)).toEqual(resume);
    expect(await getActiveResume(onlyFriends, database.db, u.id + 1, u.id)).toEqual(resume);
    const hidden = await rejection(getActiveResume(onlyFriends, database.db, u.id + 2, u.id));
    expect([hidden.statusCode, hidden.message]).toEqual([404, 'Profile not found.']);

    const file = await openResumeFile(onlyFriends, database.db, u.id + 1, resume.id);
    expect(file).toEqual({ fileName: 'My CV.pdf', data: pdfBytes('new') });
    for (const [viewer, id] of [
      [u.id + 2, resume.id],
      [u.id, 9_999_999],
      [u.id, old.id],
    ] as const) {
      const err = await rejection(openResumeFile(onlyFriends, database.db, viewer, id));
      expect([err.statusCode, err.message]).toEqual([404, 'Resume not found.']);
    }
  });

  it('answers 404 for a resume whose bytes were never stored', async () => {
    const u = await user();
    const [row] = await database.db
      .insert(resumes)
      .values({
        userId: u.id,
        fileName: 'lost.pdf',
        storageKey: `lost-${u.id}`,
        sizeBytes: 10,
        isActive: true,
      })
      .returning();
    const err = await rejection(openResumeFile(onlyFriends, database.db, u.id, row!.id));
    expect([err.statusCode, err.message]).toEqual([404, 'Resume not found.']);
  });

  it('refuses a file over 5 MB (413) and one that is not a PDF (415), keeping the active one', async () => {
    const u = await user();
    const kept = await uploadResume(database.db, u.id, { clientFileName: 'cv.pdf', data: pdfBytes() });
    const limit = 5 * 1024 * 1024;
    const fits = pdfBytes('resume', limit);
    expect(fits.length).toBe(limit);
    const big = await rejection(
      uploadResume(database.db, u.id, {
        clientFileName: 'big.pdf',
        data: Buffer.concat([fits, Buffer.from(' ')]),
      }),
    );
    expect([big.statusCode, big.message]).toEqual([413, RESUME_TOO_LARGE]);
    expect(RESUME_TOO_LARGE).toBe('The file is larger than 5 MB.');
    expect(RESUME_NOT_PDF).toBe('Only PDF files are accepted.');
    const text = await rejection(
      uploadResume(database.db, u.id, { clientFileName: 'cv.pdf', data: Buffer.from('hello') }),
    );
    expect([text.statusCode, text.message]).toEqual([415, RESUME_NOT_PDF]);
    expect(await getActiveResume(onlyFriends, database.db, u.id, u.id)).toEqual(kept);
    const exact = await uploadResume(database.db, u.id, { clientFileName: 'exact.pdf', data: fits });
    expect(exact.fileName).toBe('exact.pdf');
  });
});
