import type { z } from 'zod';
import { ApiErrorSchema } from '../../shared/errors.js';

/** The refusals a feature's routes may answer, by status: each an ApiError body. */
export function refusals<const Status extends number>(
  ...statuses: Status[]
): Record<Status, typeof ApiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, ApiErrorSchema])) as Record<
    Status,
    typeof ApiErrorSchema
  >;
}

/** What a route reads besides the user: its path's parameters, its query and its body. */
interface RouteInput {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
}

/**
 * The route options of a feature whose routes share their tags and their refusals: the function it answers,
 * `route(summary, ok, input)`, declares a route that reads `input` and answers `ok` with 200, or one of the
 * refusals. A route that answers otherwise (201, a 429 of its own) writes its schema out.
 */
export function routeSchemas<const Errors extends Record<number, z.ZodType>>(tags: string[], errors: Errors) {
  return <Ok extends z.ZodType, const Input extends RouteInput = Record<never, never>>(
    summary: string,
    ok: Ok,
    input?: Input,
  ) => ({
    schema: { tags, summary, ...(input as Input), response: { 200: ok, ...errors } },
  });
}
