import { and, eq } from 'drizzle-orm';
import { currentEmployerLine } from '../../../../shared/employer-privacy.js';
import { honestPacketLines } from '../../../../shared/referral-honesty.js';
import { RelationshipSchema, type ReferralPacket } from '../../../../shared/referrals.js';
import type { Db } from '../../../db/client.js';
import { companies, referralRequests, referrals, resumes } from '../../../db/schema.js';
import { notFound } from '../../../lib/errors.js';
import { readSeekerView } from '../../../lib/seeker-view.js';
import { joinReferralRequest, referralSeeker as seeker } from '../../../lib/referral-parties.js';
import { REFERRAL_NOT_FOUND, REFERRAL_PARTIES, requireLiveReferral } from '../access.js';
import { resumeLinkExpiry, signResumeLink, WORKING } from './resume-link.js';

const storedRelationship = RelationshipSchema.nullable().catch(null);

/**
 * GET /api/referrals/{id}/packet (issue 24 item 8): what a company's referral tool asks, for the referrer
 * holding the referral (404 for anyone else, and once it was withdrawn or closed), with one block of text
 * to paste. The résumé link is signed: it opens for the recruiter it is pasted to, while the referral stands.
 */
export async function referralPacket(
  db: Db,
  referrerId: number,
  referralId: number,
  link: { publicUrl: string; secret: string; retentionMs: number; now: Date },
): Promise<ReferralPacket> {
  const [read] = await joinReferralRequest(
    db
      .select({
        status: referrals.status,
        relationship: referrals.relationship,
        ...REFERRAL_PARTIES,
        resumeId: resumes.id,
        closedAt: referralRequests.closedAt,
        packet: {
          candidateName: seeker.fullName,
          candidateEmail: seeker.email,
          jobUrl: referralRequests.jobUrl,
          jobTitle: referralRequests.jobTitle,
          jobLocation: referralRequests.jobLocation,
          position: referralRequests.position,
          company: companies.name,
          message: referralRequests.message,
          alreadyApplied: referralRequests.alreadyApplied,
        },
      })
      .from(referrals)
      .$dynamic(),
  )
    .leftJoin(resumes, and(eq(resumes.userId, referralRequests.jobSeekerId), eq(resumes.isActive, true)))
    .where(eq(referrals.id, referralId));
  // Erased by retention (docs/decisions/036-retention.md), the packet is gone with the request's text.
  const {
    status,
    seekerId,
    relationship: given,
    resumeId,
    closedAt,
    packet,
  } = requireLiveReferral(read, referrerId, 'holder');
  if (!WORKING.includes(status)) throw notFound(REFERRAL_NOT_FOUND);
  // Where the candidate works, as they let referrers read it (docs/decisions/085-a-job-hunt-hidden-from-the-employer.md).
  const candidateCurrentEmployer = (await readSeekerView(db, referrerId, seekerId)).employer;
  const relationship = storedRelationship.parse(given);
  // Signed, so it opens for whoever it is pasted to (issue 46 item 9; requests/resume-link.ts).
  const resumeUrl =
    resumeId == null
      ? null
      : `${link.publicUrl}/api/resume-links/${signResumeLink(link.secret, {
          referralId,
          resumeId,
          expiresAt: resumeLinkExpiry(closedAt, link.now, link.retentionMs),
        })}`;
  const lines = [
    `Candidate: ${packet.candidateName}`,
    `Email: ${packet.candidateEmail}`,
    candidateCurrentEmployer ? currentEmployerLine(candidateCurrentEmployer) : null,
    `Position: ${packet.position} at ${packet.company}`,
    packet.jobTitle ? `Posting title: ${packet.jobTitle}` : null,
    packet.jobLocation ? `Location: ${packet.jobLocation}` : null,
    `Posting: ${packet.jobUrl}`,
    resumeUrl ? `Résumé: ${resumeUrl}` : null,
    // The company's own questions, answered as the seeker and the referrer said.
    ...honestPacketLines(packet.alreadyApplied, relationship),
    packet.message ? `Message from the candidate:\n${packet.message}` : null,
  ];
  return {
    ...packet,
    candidateCurrentEmployer,
    resumeUrl,
    relationship,
    text: lines.filter((l) => l !== null).join('\n'),
  };
}
