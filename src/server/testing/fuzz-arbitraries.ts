import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries for the fuzzer: values shaped by a route's own zod schema (through its JSON Schema),
 * with hostile values mixed in at every level, so requests get past the outer checks and reach the code.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
};

/** Strings that have broken servers: NUL, lone surrogates, direction overrides, huge, SQL and HTML. */
export const hostileString = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  '\u202e',
  '😀'.repeat(50),
  'x'.repeat(10_001),
  "' or 1=1--",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '\r\nSet-Cookie: x=1',
  '1e309',
  '-0',
  'NaN',
  '__proto__',
  'constructor',
  '2020-13-45',
  '+275760-09-13',
);

/** Values of the wrong kind for any field. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, -(2 ** 53), 1e308, [], {}, [null], { a: {} }),
  fc.integer(),
  fc.double({ noNaN: true }),
);

function fromSchema(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (depth > 4) return hostileValue;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options && options.length > 0) return fc.oneof(...options.map((s) => fromSchema(s, depth + 1)));
  if (schema.allOf?.[0]) return fromSchema(schema.allOf[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = Object.entries(schema.properties ?? {});
      const required = new Set(schema.required ?? []);
      // Required keys are always there, optional ones sometimes; any key may hold a hostile value instead.
      return fc.record(
        Object.fromEntries(
          properties.map(([key, value]) => [
            key,
            fc.oneof(
              { weight: 4, arbitrary: fromSchema(value, depth + 1) },
              { weight: 1, arbitrary: hostileValue },
            ),
          ]),
        ),
        {
          requiredKeys: properties
            .map(([key]) => key)
            .filter((key) => required.has(key) && Math.random() < 2),
        },
      );
    }
    case 'array':
      return fc.array(schema.items ? fromSchema(schema.items, depth + 1) : hostileValue, { maxLength: 5 });
    case 'string':
      if (schema.format === 'date' || schema.format === 'date-time') {
        return fc.oneof(
          fc
            .date({ noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, schema.format === 'date' ? 10 : 24)),
          hostileString,
        );
      }
      return fc.oneof(
        fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 40) }),
        // Any Unicode, of a length the schema takes: past the length checks, into the code.
        fc.string({
          unit: 'grapheme',
          minLength: Math.max(schema.minLength ?? 1, 1),
          maxLength: Math.min(schema.maxLength ?? 40, 40),
        }),
        fc.string({ unit: 'binary', maxLength: 20 }),
        hostileString,
      );
    case 'integer':
      return fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.integer(), hostileValue);
    case 'number':
      return fc.oneof(fc.double({ noNaN: true }), hostileValue);
    case 'boolean':
      return fc.oneof(fc.boolean(), hostileValue);
    case 'null':
      return fc.constant(null);
    default:
      return hostileValue;
  }
}

/** Bodies for a route: shaped by its schema most of the time, any JSON at all otherwise. */
export function bodyArbitrary(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  const shaped = schema
    ? fromSchema(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as JsonSchema, 0)
    : hostileValue;
  return fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) });
}

/** URL-encodes, standing in the raw bytes of a lone surrogate where the encoder refuses one. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

/** A path parameter: a real-looking id most of the time, or something hostile, URL-encoded. */
export const pathParam = fc
  .oneof(
    fc.integer({ min: 1, max: 50 }).map(String),
    fc.integer().map(String),
    fc.string({ maxLength: 12 }),
    hostileString.filter((s) => s.length < 100),
    fc.constantFrom('%2e%2e%2f', '..%2F..', '%00', '%ED%A0%80', '%F0', '9'.repeat(40)),
  )
  .map((value) => (/%[0-9A-F]{2}/i.test(value) ? value : encode(value)));

/** A query string: the route's own keys and some others, with values of any kind. */
export function queryArbitrary(keys: string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    fc.constantFrom(...(keys.length > 0 ? keys : ['q']), '__proto__[x]', 'limit[]'),
    fc.string({ maxLength: 8 }),
  );
  const value = fc.oneof(
    fc.string({ maxLength: 20 }),
    fc.integer().map(String),
    hostileString.filter((s) => s.length < 100),
  );
  return fc
    .array(fc.tuple(key, value), { maxLength: 4 })
    .map((pairs) =>
      pairs.length === 0 ? '' : `?${pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')}`,
    );
}

/** The request bodies' types a client may send, correct or not; JSON most of the time, to reach the code. */
export const contentType = fc.oneof(
  { weight: 4, arbitrary: fc.constant<string | undefined>('application/json') },
  { weight: 1, arbitrary: otherContentType() },
);

function otherContentType() {
  return fc.constantFrom(
    'application/json',
    'application/json; charset=utf-8',
    'application/json; charset=latin1',
    'text/plain',
    'text/html',
    'application/x-www-form-urlencoded',
    'multipart/form-data',
    'multipart/form-data; boundary=x',
    'application/xml',
    'application/octet-stream',
    'application/merge-patch+json',
    'application/json, text/plain',
    '*/*',
    'invalid',
    undefined,
  );
}
