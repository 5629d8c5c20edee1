import { asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { firstNameOf } from '../../../shared/names.js';
import type { Db } from '../../db/client.js';
import { BONUS_TERMS, OPENING_TEXT } from '../../lib/columns.js';
import { joinReferralCompany, seekerRequests } from '../../lib/referral-parties.js';
import { readReferralHistory, type ReferralNotes } from './history-repo.js';
import {
  activities,
  companies,
  companyWatches,
  education,
  experiences,
  identities,
  invitationJoins,
  referrerOpenings,
  mailOutbox,
  referralBonuses,
  notifications,
  referralRequests,
  referrals,
  referrerInvites,
  referrers,
  resumeFiles,
  resumes,
  sessions,
  skills,
  userSettings,
  users,
  type UserRow,
  verificationCodes,
} from '../../db/schema.js';

/** docs/product.md, Privacy: reading everything stored about one user, and deleting the user. */

export async function findUser(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}

export async function lockUser(tx: Db, userId: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
  return row;
}

/** What the export says of a referral, on either side of it. */
const REFERRAL_EXPORT = {
  id: referrals.id,
  status: referrals.status,
  feedback: referrals.feedback,
  // How the referrer said they know the seeker (docs/decisions/082-already-applied-and-relationship.md).
  relationship: referrals.relationship,
  // The changes the referrer asked for last and how many times (docs/decisions/084-changes-requested.md).
  requestedChanges: referrals.requestedChanges,
  changeRounds: referrals.changeRounds,
  submittedAt: referrals.submittedAt,
  supersededAt: referrals.supersededAt,
  createdAt: referrals.createdAt,
  updatedAt: referrals.updatedAt,
};

/** Every row about the user; secrets (session and code hashes) are left out. */
export async function readUserData(db: Db, userId: number, referralNotes: ReferralNotes) {
  const mine = (t: { userId: AnyPgColumn }) => eq(t.userId, userId);
  const [
    identityRows,
    sessionRows,
    experienceRows,
    educationRows,
    skillRows,
    resumeRows,
    settingRows,
    referrerRows,
    codeRows,
    requestRows,
    notificationRows,
    activityRows,
    mailRows,
    watchRows,
    inviteRows,
    joinerRows,
    openingRows,
    bonusRows,
  ] = await Promise.all([
    db
      .select({
        issuer: identities.issuer,
        subject: identities.subject,
        email: identities.email,
        createdAt: identities.createdAt,
      })
      .from(identities)
      .where(mine(identities)),
    db
      .select({
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .where(mine(sessions)),
    db.select().from(experiences).where(mine(experiences)).orderBy(asc(experiences.id)),
    db.select().from(education).where(mine(education)).orderBy(asc(education.id)),
    db.select().from(skills).where(mine(skills)).orderBy(asc(skills.id)),
    db
      .select({
        id: resumes.id,
        fileName: resumes.fileName,
        sizeBytes: resumes.sizeBytes,
        isActive: resumes.isActive,
        uploadedAt: resumes.uploadedAt,
        bytes: resumeFiles.bytes,
      })
      .from(resumes)
      .leftJoin(resumeFiles, eq(resumeFiles.resumeId, resumes.id))
      .where(mine(resumes))
      .orderBy(asc(resumes.id)),
    db.select().from(userSettings).where(mine(userSettings)),
    db
      .select({
        companyName: companies.name,
        position: referrers.position,
        department: referrers.department,
        isVerified: referrers.isVerified,
        verificationMethod: referrers.verificationMethod,
        verifiedAt: referrers.verifiedAt,
        lapseRemindedAt: referrers.lapseRemindedAt,
        startDate: referrers.startDate,
        lastAssignedAt: referrers.lastAssignedAt,
        createdAt: referrers.createdAt,
        updatedAt: referrers.updatedAt,
      })
      .from(referrers)
      .innerJoin(companies, eq(companies.id, referrers.companyId))
      .where(mine(referrers)),
    db
      .select({
        email: verificationCodes.email,
        attempts: verificationCodes.attempts,
        usedAt: verificationCodes.usedAt,
        createdAt: verificationCodes.createdAt,
      })
      .from(verificationCodes)
      .where(mine(verificationCodes)),
    seekerRequests(
      db
        .select({
          id: referralRequests.id,
          companyName: companies.name,
          position: referralRequests.position,
          jobUrl: referralRequests.jobUrl,
          status: referralRequests.status,
          message: referralRequests.message,
          alreadyApplied: referralRequests.alreadyApplied,
          createdAt: referralRequests.createdAt,
          updatedAt: referralRequests.updatedAt,
          closedAt: referralRequests.closedAt,
          erasedAt: referralRequests.erasedAt,
          // A review of a request its message held (issue 25 item 6).
          heldRule: referralRequests.heldRule,
          reviewedAt: referralRequests.reviewedAt,
          rejectionReason: referralRequests.rejectionReason,
        })
        .from(referralRequests)
        .$dynamic(),
      userId,
    ).orderBy(asc(referralRequests.id)),
    db.select().from(notifications).where(mine(notifications)).orderBy(asc(notifications.id)),
    db.select().from(activities).where(mine(activities)).orderBy(asc(activities.id)),
    db
      .select({
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        sentAt: mailOutbox.sentAt,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .where(mine(mailOutbox))
      .orderBy(asc(mailOutbox.id)),
    // The companies they watch (issue 49 item 1).
    db
      .select({ companyName: companies.name, createdAt: companyWatches.createdAt })
      .from(companyWatches)
      .innerJoin(companies, eq(companies.id, companyWatches.companyId))
      .where(mine(companyWatches))
      .orderBy(asc(companyWatches.createdAt), asc(companyWatches.companyId)),
    // Their invitation code, and who joined through it, by first name only (issue 49 item 3).
    db
      .select({ code: referrerInvites.code, createdAt: referrerInvites.createdAt })
      .from(referrerInvites)
      .where(mine(referrerInvites)),
    db
      .select({
        fullName: users.fullName,
        joinedAt: invitationJoins.joinedAt,
        becameReferrerAt: invitationJoins.referredAt,
      })
      .from(invitationJoins)
      .innerJoin(users, eq(users.id, invitationJoins.joinerId))
      .where(eq(invitationJoins.inviterId, userId))
      .orderBy(asc(invitationJoins.joinedAt), asc(invitationJoins.joinerId)),
    // The openings they posted, open or closed (issue 49 item 2).
    db
      .select({
        companyName: companies.name,
        ...OPENING_TEXT,
        closedAt: referrerOpenings.closedAt,
      })
      .from(referrerOpenings)
      .innerJoin(companies, eq(companies.id, referrerOpenings.companyId))
      .where(eq(referrerOpenings.referrerId, userId))
      .orderBy(asc(referrerOpenings.createdAt), asc(referrerOpenings.id)),
    // The referral bonuses they track as a referrer (issue 50 item 5).
    joinReferralCompany(
      db
        .select({
          referralId: referralBonuses.referralId,
          companyName: companies.name,
          ...BONUS_TERMS,
          recordedAt: referralBonuses.createdAt,
          updatedAt: referralBonuses.updatedAt,
        })
        .from(referralBonuses)
        .innerJoin(referrals, eq(referrals.id, referralBonuses.referralId))
        .$dynamic(),
    )
      .where(eq(referralBonuses.referrerId, userId))
      .orderBy(asc(referralBonuses.referralId)),
  ]);
  const requestIds = requestRows.map((r) => r.id);
  const [referralsOfMine, heldByMe, historyOf] = await Promise.all([
    requestIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ requestId: referrals.requestId, ...REFERRAL_EXPORT })
          .from(referrals)
          .where(inArray(referrals.requestId, requestIds))
          .orderBy(asc(referrals.id)),
    joinReferralCompany(
      db
        .select({
          requestId: referrals.requestId,
          companyName: companies.name,
          position: referralRequests.position,
          erasedAt: referralRequests.erasedAt,
          ...REFERRAL_EXPORT,
        })
        .from(referrals)
        .$dynamic(),
    )
      .where(eq(referrals.referrerId, userId))
      .orderBy(asc(referrals.id)),
    readReferralHistory(db, userId, referralNotes),
  ]);
  const withHistory = <T extends { id: number }>(referral: T) => ({ ...referral, ...historyOf(referral.id) });
  return {
    identities: identityRows,
    sessions: sessionRows,
    experiences: experienceRows,
    education: educationRows,
    skills: skillRows,
    resumes: resumeRows,
    settings: settingRows[0] ?? null,
    referrer: referrerRows[0] ?? null,
    verificationCodes: codeRows,
    referralRequests: requestRows.map((r) => ({
      ...r,
      referrals: referralsOfMine.filter((x) => x.requestId === r.id).map(withHistory),
    })),
    // An erased request's referral stays as the referrer's record (status, dates), without notes or thread.
    referralsAsReferrer: heldByMe.map(withHistory),
    notifications: notificationRows,
    activities: activityRows,
    mail: mailRows,
    watches: watchRows,
    invitation: {
      code: inviteRows[0]?.code ?? null,
      createdAt: inviteRows[0]?.createdAt ?? null,
      joined: joinerRows.map(({ fullName, ...join }) => ({ firstName: firstNameOf(fullName), ...join })),
    },
    openings: openingRows,
    referralBonuses: bonusRows,
  };
}

/** Cascades to everything the user owns: sessions, profile, files, notifications, settings, referrals. */
export async function deleteUser(tx: Db, userId: number): Promise<boolean> {
  const rows = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}

/** The companies this user names: their current company (from the row the caller holds) and their requests'. */
export async function companyNamesOf(
  db: Db,
  user: Pick<UserRow, 'id' | 'currentCompanyName'>,
): Promise<string[]> {
  const requestCompanies = await db
    .selectDistinct({ name: companies.name })
    .from(referralRequests)
    .innerJoin(companies, eq(companies.id, referralRequests.companyId))
    .where(eq(referralRequests.jobSeekerId, user.id));
  const names = requestCompanies.map((c) => c.name);
  if (user.currentCompanyName) names.push(user.currentCompanyName);
  return names;
}
