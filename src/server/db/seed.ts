import { sql } from 'drizzle-orm';
import { FIXED_COMPANIES, normalizeCompanyName } from '../../shared/companies.js';
import { EMPLOYERS } from '../../shared/employers.js';
import type { Db } from './client.js';
import { companies } from './schema.js';

const companyRow = (c: { name: string; domain: string }) => ({
  name: c.name,
  normalizedName: normalizeCompanyName(c.name),
  domain: c.domain,
  emailDomains: [c.domain.toLowerCase()],
  website: `https://${c.domain}`,
});

/**
 * Idempotent: inserts the built-in employers that are missing, keeping ids 1-13 fixed. An employer whose
 * normalised name a user already created is left as it is.
 */
export async function seed(db: Db): Promise<void> {
  await db
    .insert(companies)
    .values(FIXED_COMPANIES.map((c) => ({ ...companyRow(c), id: c.id, isPartner: c.isPartner ?? false })))
    .onConflictDoNothing();
  // Explicit ids do not move the serial; later inserts must start after the fixed ones.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('companies', 'id'), greatest((select max(id) from companies), 1))`,
  );
  // Only the missing ones: ON CONFLICT alone would still burn a serial value per existing row on every start.
  const existing = new Set(
    (await db.select({ normalizedName: companies.normalizedName }).from(companies)).map(
      (r) => r.normalizedName,
    ),
  );
  const missing = EMPLOYERS.slice(FIXED_COMPANIES.length)
    .map(companyRow)
    .filter((c) => !existing.has(c.normalizedName));
  if (missing.length === 0) return;
  await db.insert(companies).values(missing).onConflictDoNothing({ target: companies.normalizedName });
}
