import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { z } from 'zod';
import type { Db } from '../db/client.js';
import * as schema from '../db/schema.js';

const TablesSchema = z.object({ rows: z.array(z.object({ table: z.string() })) });

/**
 * The tables a read names in the SQL it sends (FROM and JOIN), seen through a drizzle logger over the same
 * connection: a kept answer's cover is checked against its query itself, so a table joined later cannot be
 * left out of it (issue 47 item 3).
 */
export async function tablesRead(db: Db, read: (db: Db) => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const logger = { logQuery: (query: string) => sent.push(query) };
  const client = (db as unknown as { $client: PGlite | pg.Pool }).$client;
  const logged = (
    'query' in client && 'waitReady' in client
      ? drizzlePglite(client as PGlite, { schema, logger })
      : drizzlePg(client as pg.Pool, { schema, logger })
  ) as unknown as Db;
  await read(logged);
  const tables = new Set<string>();
  for (const query of sent) {
    for (const [, table] of query.matchAll(/\b(?:from|join)\s+"([a-z_]+)"/gi)) tables.add(table!);
  }
  return [...tables].sort();
}

/**
 * The tables whose every change (update and delete at least) is announced on the notification channel: each
 * has a row trigger whose function calls pg_notify.
 */
export async function announcedTables(db: Db): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct c.relname as "table"
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_proc p on p.oid = t.tgfoid
    where not t.tgisinternal
      and t.tgenabled <> 'D'
      and p.prosrc like '%pg_notify%'
      -- A row trigger (bit 0) that fires on UPDATE (bit 4) and DELETE (bit 3).
      and (t.tgtype & 1) = 1 and (t.tgtype & 16) = 16 and (t.tgtype & 8) = 8
    order by 1`);
  return TablesSchema.parse(result).rows.map((row) => row.table);
}
