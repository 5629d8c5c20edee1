import {
  DEMAND_CSV_COLUMNS,
  DEMAND_CURSOR_MESSAGE,
  type AdminDemandPage,
  type CompanyDemand,
} from '../../../../shared/demand.js';
import type { Db } from '../../../db/client.js';
import { demandPage, type DemandCursor } from '../../../lib/company-demand.js';
import { AppError } from '../../../lib/errors.js';

/**
 * Issue 49 item 4: GET /api/admin/demand, each company's exact demand and supply, a page at a time, and the
 * same as CSV (docs/decisions/079-demand-figures-and-their-threshold.md).
 */

/** The cursor names the last company of the page (its score, name and id), base64url-encoded JSON: opaque. */
export function encodeDemandCursor({ score, name, id }: DemandCursor): string {
  return Buffer.from(JSON.stringify([score, name, id]), 'utf8').toString('base64url');
}

function decodeDemandCursor(cursor: string): DemandCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new AppError(400, DEMAND_CURSOR_MESSAGE);
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length !== 3 ||
    !Number.isSafeInteger(parsed[0]) ||
    typeof parsed[1] !== 'string' ||
    !Number.isSafeInteger(parsed[2])
  ) {
    throw new AppError(400, DEMAND_CURSOR_MESSAGE);
  }
  const [score, name, id] = parsed as [number, string, number];
  return { score, name, id };
}

export async function readDemand(
  db: Db,
  query: { limit: number; cursor?: string | undefined },
  { at, capacity }: { at: Date; capacity: number },
): Promise<AdminDemandPage> {
  const after = query.cursor === undefined ? undefined : decodeDemandCursor(query.cursor);
  const rows = await demandPage(db, { at, capacity, limit: query.limit, after });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ score: _score, ...item }) => item),
    nextCursor:
      rows.length > query.limit && last
        ? encodeDemandCursor({ score: last.score, name: last.name, id: last.companyId })
        : null,
  };
}

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, its quotes doubled. A text
 * that a spreadsheet would run as a formula (starting =, +, -, @, a tab or a carriage return) gets a leading
 * apostrophe first: company names are typed by users.
 */
export function csvField(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** The page as CSV: a header row, then one row per company, CRLF line ends. */
export function demandCsv(items: readonly CompanyDemand[]): string {
  const rows = [
    DEMAND_CSV_COLUMNS.join(','),
    ...items.map((item) => DEMAND_CSV_COLUMNS.map((column) => csvField(item[column])).join(',')),
  ];
  return rows.map((row) => `${row}\r\n`).join('');
}
