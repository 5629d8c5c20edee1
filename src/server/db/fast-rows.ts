import { Column, getTableName, is, noopDecoder, SQL, Subquery } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import { parseTimestamptz } from './timestamptz.js';

/**
 * Gives a prepared select a row mapper built once from its selection, in place of drizzle's `mapResultRow`,
 * which works out every column of every row anew: which kind of field it is (`is()`, a walk up the class
 * chain for anything not a column), the column's path (an iterator per column), its table's name. On the
 * lists' reads that was a large share of the server's CPU (docs/performance.md, What the decisions measured). Timestamps are read by
 * parseTimestamptz instead of V8's `new Date(text)`.
 *
 * The rows are the same as drizzle's: the same nesting and keys in the same order, each value through its
 * column's own `mapFromDriverValue` (null left as null), and a left-joined table's object null when its first
 * column is (drizzle's rule, from the same join map). A query that is not a select with a selection (a
 * prepared insert, say) is given back untouched.
 *
 * It leans on two fields of drizzle's prepared query that its types do not show: `fields`, the ordered
 * selection, and `customResultMapper`, which the query calls with the driver's rows (arrays, in the
 * selection's order) when it is set. Every prepared read's tests go through it, on both databases.
 */
export function fastRows<Query>(query: Query): Query {
  const prepared = query as unknown as PreparedInternals;
  if (!Array.isArray(prepared.fields) || prepared.customResultMapper) return query;
  const mapRow = rowMapper(prepared.fields, prepared.joinsNotNullableMap);
  prepared.customResultMapper = (rows) => rows.map(mapRow);
  return query;
}

interface SelectedField {
  path: string[];
  field: unknown;
}

interface PreparedInternals {
  fields?: SelectedField[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

type Decode = (raw: unknown) => unknown;

/** A value of the row: the driver's row's index, and the key it goes under. */
interface Slot {
  key: string;
  index: number;
  /** Undefined where drizzle's decoding gives the driver's value back (text, booleans, plain SQL). */
  decode: Decode | undefined;
}
/** A key of the mapped row: a plain value, or an object of a table's (or a nested selection's) values. */
type Group =
  | { key: string; value: Slot }
  | {
      key: string;
      object: Slot[];
      /** The column whose null makes the whole object null (a left join that found nothing), if any. */
      nullWhen?: number;
    };

function rowMapper(fields: SelectedField[], joinsNotNullableMap: Record<string, boolean> | undefined) {
  const groups = toGroups(fields, joinsNotNullableMap);
  return (row: unknown[]): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const group of groups) {
      if ('value' in group) {
        out[group.key] = value(row, group.value);
      } else if (group.nullWhen !== undefined && row[group.nullWhen] === null) {
        out[group.key] = null;
      } else {
        const object: Record<string, unknown> = {};
        for (const slot of group.object) object[slot.key] = value(row, slot);
        out[group.key] = object;
      }
    }
    return out;
  };
}

function value(row: unknown[], slot: Slot): unknown {
  const raw = row[slot.index];
  return raw === null || slot.decode === undefined ? raw : slot.decode(raw);
}

function toGroups(
  fields: SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): Group[] {
  const groups: Group[] = [];
  type ObjectGroup = Extract<Group, { object: Slot[] }>;
  const byKey = new Map<string, { group: ObjectGroup; tables: Set<string>; firstColumn?: number }>();
  fields.forEach(({ path, field }, index) => {
    if (path.length > 2) {
      throw new Error(`fastRows maps selections one object deep; this one has the path ${path.join('.')}`);
    }
    const [key, inner] = path as [string, string | undefined];
    const slot: Slot = { key: inner ?? key, index, decode: decoderOf(field) };
    if (inner === undefined) {
      groups.push({ key, value: slot });
      return;
    }
    let entry = byKey.get(key);
    if (!entry) {
      entry = { group: { key, object: [] }, tables: new Set() };
      byKey.set(key, entry);
      groups.push(entry.group);
    }
    entry.group.object.push(slot);
    if (is(field, Column)) {
      entry.tables.add(getTableName(field.table));
      entry.firstColumn ??= index;
    }
  });
  // drizzle's rule: an object whose columns all come from one table that the joins may leave out is null when
  // its first column is.
  if (joinsNotNullableMap) {
    for (const { group, tables, firstColumn } of byKey.values()) {
      const [table] = tables;
      if (tables.size === 1 && firstColumn !== undefined && !joinsNotNullableMap[table!]) {
        group.nullWhen = firstColumn;
      }
    }
  }
  return groups;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What drizzle's mapResultRow decodes the field with, and a timestamp with time zone read the fast way. */
function decoderOf(field: unknown): Decode | undefined {
  const decoder: Decoder = is(field, Column) ? field : sqlOf(field).decoder;
  if (is(decoder, PgTimestamp) && decoder.withTimezone && decoder.mapFromDriverValue === timestampDecode) {
    return (raw) => (typeof raw === 'string' ? parseTimestamptz(raw) : raw);
  }
  if (IDENTITY.has(decoder.mapFromDriverValue)) return undefined;
  return (raw) => decoder.mapFromDriverValue(raw);
}

/** The SQL of a selected expression, an aliased one (`sql\`…\`.as()`) or a subquery; its decoder is internal. */
function sqlOf(field: unknown): { decoder: Decoder } {
  if (is(field, SQL)) return field as unknown as { decoder: Decoder };
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql;
  return (field as unknown as { sql: { decoder: Decoder } }).sql;
}

/** drizzle's decodings that give the value back as it is: a column's by default, and plain SQL's. */
const IDENTITY = new Set<unknown>([Column.prototype.mapFromDriverValue, noopDecoder.mapFromDriverValue]);

/** drizzle's own timestamp decoding (mode 'date'); a column with any other is decoded its own way. */
const timestampDecode = PgTimestamp.prototype.mapFromDriverValue;
