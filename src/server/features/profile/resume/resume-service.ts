import { RESUME_MAX_BYTES, type Resume } from '../../../../shared/profile.js';
import type { Db } from '../../../db/client.js';
import { AppError, notFound } from '../../../lib/errors.js';
import type { ResumeRow } from '../repo.js';
import { findActiveResume, findResumeById, findResumeBytes, insertActiveResume } from './resume-repo.js';
import { displayResumeFileName, looksLikePdf } from './resume-file.js';
import type { ProfileViewRule } from '../ports.js';
import { assertCanViewProfile } from '../user/user-service.js';

export const RESUME_TOO_LARGE = 'The file is larger than 5 MB.';
export const RESUME_NOT_PDF = 'Only PDF files are accepted.';

export const resumeFileUrl = (id: number) => `/api/resumes/${id}/file`;

export function toResumeDto(row: ResumeRow): Resume {
  const url = resumeFileUrl(row.id);
  return {
    id: row.id,
    fileName: row.fileName,
    fileUrl: url,
    filePath: url,
    uploadedAt: row.uploadedAt.toISOString(),
  };
}

export interface ResumeUpload {
  /** The name the client gave the file; only its cleaned basename is kept, for display. */
  clientFileName: string | undefined;
  data: Buffer;
}

/**
 * The bytes and the row are written in one transaction, which also deletes the user's older resumes: a
 * failure changes nothing and the previous resume stays active.
 */
export async function uploadResume(db: Db, userId: number, upload: ResumeUpload): Promise<Resume> {
  if (upload.data.length > RESUME_MAX_BYTES) throw new AppError(413, RESUME_TOO_LARGE);
  if (!looksLikePdf(upload.data)) throw new AppError(415, RESUME_NOT_PDF);
  const row = await insertActiveResume(db, {
    userId,
    fileName: displayResumeFileName(upload.clientFileName),
    data: upload.data,
  });
  return toResumeDto(row);
}

/** The active resume of a profile the viewer may see (null when there is none). */
export async function getActiveResume(
  canView: ProfileViewRule,
  db: Db,
  viewerId: number,
  profileUserId: number,
): Promise<Resume | null> {
  await assertCanViewProfile(canView, db, viewerId, profileUserId);
  const row = await findActiveResume(db, profileUserId);
  return row ? toResumeDto(row) : null;
}

export interface ResumeFile {
  fileName: string;
  data: Buffer;
}

/**
 * The resume file of a profile the viewer may see. Not found, not allowed and a resume without stored bytes
 * all read the same, so resume ids reveal nothing.
 */
export async function openResumeFile(
  canView: ProfileViewRule,
  db: Db,
  viewerId: number,
  resumeId: number,
): Promise<ResumeFile> {
  const row = await findResumeById(db, resumeId);
  if (!row || !(await canView(db, viewerId, row.userId))) throw notFound('Resume not found.');
  const data = await findResumeBytes(db, row.id);
  if (!data) throw notFound('Resume not found.');
  return { fileName: row.fileName, data };
}
