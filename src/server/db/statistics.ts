import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { repeatEvery, type Repeating } from './repeat.js';
import { rowsOf } from './rows.js';

/**
 * Planner statistics where no autovacuum keeps them (docs/decisions/088-planner-statistics-kept.md). The
 * embedded database runs PostgreSQL in single-user mode, where no autovacuum ever starts, so its tables
 * would be planned from the sizes they had when created: a seeker's list then read every current referral
 * of every seeker and sorted them, to show two. A PostgreSQL server whose autovacuum is off is left the same
 * way. The keeper does what autovacuum's analyze does: a table changed by more than 50 rows and a tenth of
 * its size since it was last analyzed is analyzed again. The counts of changes start again from nothing when
 * the process stops without saving them (always, on PGlite, if it is killed), so a table is also analyzed
 * when it was never analyzed, or when its files grew by a tenth past the pages its last analysis counted.
 */

/** autovacuum_analyze_threshold and autovacuum_analyze_scale_factor, as PostgreSQL sets them. */
const THRESHOLD_ROWS = 50;
const SCALE_FACTOR = 0.1;
/** autovacuum_naptime: how often autovacuum looks. */
export const STATISTICS_EVERY_MS = 60_000;
/** Taken for a pass, so instances sharing a PostgreSQL server without autovacuum take turns. */
const STATISTICS_LOCK = 7_270_146_202;

/** Whether this database needs the keeper: always the embedded one; PostgreSQL when its autovacuum is off. */
export async function needsStatisticsKept(db: Db, embedded: boolean): Promise<boolean> {
  if (embedded) return true;
  const [row] = rowsOf<{ on: boolean }>(
    await db.execute(sql`select current_setting('autovacuum') = 'on' as "on"`),
  );
  return row?.on !== true;
}

/** One pass: analyzes the tables of this schema that changed enough, and answers their names. */
export async function analyzeChangedTables(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ got: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${STATISTICS_LOCK}) as got`),
    );
    if (!lock?.got) return [];
    // reltuples is -1 for a table never analyzed; relpages the pages its last analysis found.
    const changed = rowsOf<{ name: string }>(
      await tx.execute(sql`
        select s.relname as name
        from pg_stat_user_tables s
        join pg_class c on c.oid = s.relid
        where s.schemaname = current_schema()
          and (
            c.reltuples < 0
            or s.n_mod_since_analyze > ${THRESHOLD_ROWS}::int + ${SCALE_FACTOR}::float8 * c.reltuples
            or pg_relation_size(c.oid) / current_setting('block_size')::int > ${1 + SCALE_FACTOR}::float8 * c.relpages + 1
          )
        order by s.relname`),
    ).map((row) => row.name);
    for (const name of changed) await tx.execute(sql`analyze ${sql.identifier(name)}`);
    return changed;
  });
}

export type StatisticsKeeper = Repeating;

/**
 * Looks at once, then every STATISTICS_EVERY_MS; a pass that fails (the database away) is told and the next
 * one tries again. Never keeps the process alive.
 */
export function keepStatistics(
  db: Db,
  log: {
    info: (obj: object, msg: string) => void;
    warn: (obj: object, msg: string) => void;
  },
  everyMs = STATISTICS_EVERY_MS,
): StatisticsKeeper {
  return repeatEvery(
    everyMs,
    async () => {
      const analyzed = await analyzeChangedTables(db);
      if (analyzed.length > 0) log.info({ tables: analyzed }, 'planner statistics brought up to date');
    },
    {
      atOnce: true,
      failed: (err) => log.warn({ err }, 'planner statistics could not be brought up to date'),
    },
  );
}
