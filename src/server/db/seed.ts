import { sql } from 'drizzle-orm';
import { FIXED_COMPANIES, normalizeCompanyName } from '../../shared/companies.js';
import type { Db } from './client.js';
import { companies } from './schema.js';

/** Idempotent: inserts the built-in employers that are missing, keeping ids 1-13 fixed. */
export async function seed(db: Db): Promise<void> {
  await db
    .insert(companies)
    .values(
      FIXED_COMPANIES.map((c) => ({
        id: c.id,
        name: c.name,
        normalizedName: normalizeCompanyName(c.name),
        domain: c.domain,
        website: `https://${c.domain}`,
        isPartner: c.isPartner ?? false,
      })),
    )
    .onConflictDoNothing();
  // Explicit ids do not move the serial; later inserts must start after the fixed ones.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('companies', 'id'), greatest((select max(id) from companies), 1))`,
  );
}
