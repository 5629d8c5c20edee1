import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { compiledSerializer, forSerializing } from './serializer.js';

/**
 * The compiled writer (plugins/serializer.ts): the same JSON zod's encoding and JSON.stringify would give,
 * with no `anyOf` left for "or null" and unions of strings (fast-json-stringify checks each with ajv).
 */
const Step = z.object({
  kind: z.union([z.enum(['requested', 'assigned']), z.enum(['accepted', 'declined'])]),
  at: z.iso.datetime(),
  note: z.string().nullable(),
});
const Card = z.object({
  id: z.number().int(),
  closedAt: z.iso.datetime().nullable(),
  reason: z.enum(['not_a_fit', 'other']).nullable(),
  referral: z.object({ id: z.number().int(), undoUntil: z.iso.datetime().nullable() }).nullable(),
  tags: z.array(z.string()).nullable(),
  timeline: z.array(Step),
  either: z.union([z.object({ a: z.number() }), z.object({ b: z.string() })]),
});
const Cards = z.array(Card);

const cards: z.infer<typeof Cards> = [
  {
    id: 1,
    closedAt: null,
    reason: null,
    referral: null,
    tags: null,
    timeline: [],
    either: { a: 1 },
  },
  {
    id: 2,
    closedAt: '2026-11-27T10:00:00.000Z',
    reason: 'other',
    referral: { id: 9, undoUntil: '2026-11-28T10:00:00.000Z' },
    tags: ['a', 'b "quoted"'],
    timeline: [
      { kind: 'requested', at: '2026-11-27T09:00:00.000Z', note: null },
      { kind: 'declined', at: '2026-11-27T09:30:00.000Z', note: 'Not this team\n' },
    ],
    either: { b: 'x' },
  },
];

const anyOfPaths = (schema: unknown, at = ''): string[] => {
  if (typeof schema !== 'object' || schema === null) return [];
  return Object.entries(schema).flatMap(([key, value]) => [
    ...(key === 'anyOf' ? [at] : []),
    ...anyOfPaths(value, `${at}.${key}`),
  ]);
};

describe('the compiled serializer', () => {
  it('writes what JSON.stringify writes, nulls and values alike', () => {
    const write = compiledSerializer({ schema: Cards } as Parameters<typeof compiledSerializer>[0]);
    expect(write(cards)).toBe(JSON.stringify(cards));
    expect(JSON.parse(write(cards))).toEqual(Cards.parse(cards));
  });

  it('leaves out what the schema does not name', () => {
    const write = compiledSerializer({ schema: Card } as Parameters<typeof compiledSerializer>[0]);
    expect(JSON.parse(write({ ...cards[1], secret: 'x' }))).not.toHaveProperty('secret');
  });

  it("turns 'or null' and unions of strings into plain types, and keeps other unions", () => {
    const jsonSchema = z.toJSONSchema(Cards, { io: 'output', target: 'draft-7' });
    expect(anyOfPaths(jsonSchema).length).toBeGreaterThan(6);
    const rewritten = forSerializing(jsonSchema) as { items: { properties: Record<string, unknown> } };
    expect(anyOfPaths(rewritten)).toEqual(['.items.properties.either']);
    expect(rewritten.items.properties.closedAt).toMatchObject({ type: 'string', nullable: true });
    expect(rewritten.items.properties.referral).toMatchObject({ type: 'object', nullable: true });
  });
});
