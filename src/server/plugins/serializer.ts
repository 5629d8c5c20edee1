import fastJsonStringify from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type RouteSchema = Parameters<FastifySchemaCompiler<unknown>>[0];
type Serializer = (data: unknown) => string;
type JsonSchema = { [keyword: string]: unknown };

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isNull = (schema: unknown) => isObject(schema) && schema.type === 'null';

/**
 * The JSON Schema as a writer needs it. zod says "or null" as `anyOf: [X, {type: 'null'}]`, and a union of
 * string enums as an `anyOf` of them; fast-json-stringify picks an `anyOf` branch by validating the value
 * against each with ajv, formats and date patterns included, for every field of every row (a twelfth of the
 * referrer's list in the CPU profile). Here "or null" becomes `nullable` (a null check) and a union of
 * strings one string; other unions stay as they are. What gets written is the same.
 */
export function forSerializing(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializing);
  if (!isObject(schema)) return schema;
  const out: JsonSchema = Object.fromEntries(
    Object.entries(schema).map(([keyword, value]) => [keyword, forSerializing(value)]),
  );
  const branches = out.anyOf;
  if (!Array.isArray(branches)) return out;
  const { anyOf: _, ...rest } = out;
  const others = branches.filter((branch) => !isNull(branch));
  const nullable = others.length < branches.length;
  if (others.length === 1 && isObject(others[0]) && others[0].anyOf === undefined) {
    return { ...rest, ...others[0], ...(nullable ? { nullable: true } : {}) };
  }
  if (
    others.length > 1 &&
    others.every((branch) => isObject(branch) && branch.type === 'string' && !branch.anyOf)
  ) {
    return { ...rest, type: 'string', ...(nullable ? { nullable: true } : {}) };
  }
  return out;
}

/**
 * Writes each route's answers with fast-json-stringify (Fastify's own serializer), compiled once per route
 * and status from the JSON Schema of its zod schema. The zod type provider's serializer checked every
 * answer against the schema and then called JSON.stringify: for a list of requests that took several
 * times the time of the compiled one (docs/performance.md, What the decisions measured). Like zod's, the compiled serializer writes only
 * the fields the schema names, so nothing the schema leaves out reaches a client.
 *
 * A schema that JSON Schema cannot express (a transform, a date object) keeps zod's encoding.
 */
export function compiledSerializer(route: RouteSchema): Serializer {
  const schema = route.schema as unknown;
  if (schema instanceof z.ZodType) {
    try {
      return fastJsonStringify(
        forSerializing(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as object,
      );
    } catch {
      // Not expressible as JSON Schema: zod's own encoding below.
    }
  }
  return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]) as Serializer;
}
