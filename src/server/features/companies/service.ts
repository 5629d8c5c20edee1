import { normalizeCompanyName, type CompanySummary } from '../../../shared/companies.js';
import type { Db } from '../../db/client.js';
import {
  findCompanyByNormalizedName,
  insertCompanyIfMissing,
  listCompanySummaries,
  type CompanyRow,
} from './repo.js';

export async function listCompanies(db: Db): Promise<CompanySummary[]> {
  return listCompanySummaries(db);
}

/**
 * The company with this name (compared trimmed, case- and space-insensitively), created when unknown.
 * Race-safe: two users naming the same new employer at once end up with the same row.
 */
export async function findOrCreateCompanyByName(db: Db, name: string): Promise<CompanyRow> {
  const displayName = name.trim().replace(/\s+/g, ' ');
  if (!displayName) throw new Error('findOrCreateCompanyByName needs a non-blank name');
  const normalizedName = normalizeCompanyName(displayName);
  const existing = await findCompanyByNormalizedName(db, normalizedName);
  if (existing) return existing;
  await insertCompanyIfMissing(db, displayName, normalizedName);
  const created = await findCompanyByNormalizedName(db, normalizedName);
  if (!created) throw new Error(`company ${normalizedName} vanished right after its insert`);
  return created;
}
