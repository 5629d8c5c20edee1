import { z } from 'zod';

/** Ids are PostgreSQL `serial`s: anything outside 1..2^31-1 cannot exist and must not reach the database. */
export const MAX_ID = 2_147_483_647;

/**
 * The one id parser, for path segments, query values and route params on both sides. Digits only:
 * '0x10', '1e3', '3.0', ' 3', '-1' and '0' are refused, so an id has exactly one spelling.
 */
export const idSchema = (message = 'The id must be a positive whole number.') =>
  z
    .string({ error: message })
    .regex(/^[1-9]\d{0,9}$/, message)
    .transform(Number)
    .refine((id) => id <= MAX_ID, message);

export const IdSchema = idSchema();

/** The id from a route parameter, or null when it is not a valid id. */
export function parseId(raw: string | undefined): number | null {
  const parsed = IdSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}
