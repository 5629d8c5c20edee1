import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { identities, sessions, users } from '../../db/schema.js';
import { openTestDatabase, type TestDatabase } from '../../testing/test-database.js';
import { testDatabaseKinds } from '../../testing/test-environment.js';
import { upsertUserByIdentity, type IdentityClaims } from './repo.js';
import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  createSession,
  endAllSessions,
  endSession,
  readSession,
  readSignedIn,
  resolveSession,
  unchangedUntil,
} from './sessions.js';

/**
 * The session rules, called directly on a database with no app around them and a clock the test sets,
 * so each boundary is checked to the millisecond. sessions.test.ts walks the same rules through sign-in.
 */

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const T0 = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

const claims = (subject: string, extra: Partial<IdentityClaims> = {}): IdentityClaims => ({
  issuer: 'https://issuer.example',
  subject,
  email: `${subject}@example.com`,
  fullName: `Person ${subject}`,
  picture: null,
  ...extra,
});

// What a memo may keep a session's reads for (docs/decisions/045-signed-in-user-in-memory.md).
describe('how long a session stays as read', () => {
  it('until its hourly touch is due, or until it expires if that comes first', () => {
    expect(unchangedUntil({ lastSeenAt: T0, expiresAt: at(DAY) })).toBe(at(HOUR).getTime());
    expect(unchangedUntil({ lastSeenAt: T0, expiresAt: at(HOUR / 2) })).toBe(at(HOUR / 2).getTime());
  });
});

describe.each(testDatabaseKinds(process.env))('session rules (%s)', (kind) => {
  let database: TestDatabase;
  let aliceId: number;
  let bobId: number;

  // Only the database and two users are made once, without the code under test: vitest skips, rather than
  // fails, the tests after a beforeAll that threw, so a mutant breaking it would go unnoticed.
  beforeAll(async () => {
    database = await openTestDatabase(kind, null);
    const person = (name: string) => ({
      username: name,
      email: `${name}@example.com`,
      fullName: `Person ${name}`,
    });
    const [alice, bob] = await database.db
      .insert(users)
      .values([person('alice'), person('bob')])
      .returning();
    aliceId = alice!.id;
    bobId = bob!.id;
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await database.db.delete(sessions);
  });

  const rows = () => database.db.select().from(sessions).orderBy(sessions.createdAt);
  const rowOf = async (token: string) =>
    (
      await database.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashOf(token)))
    )[0];
  /** A session row put straight into the table, for the sweep's boundaries. */
  const plant = (tokenHash: string, lastSeenAt: Date, expiresAt: Date) =>
    database.db.insert(sessions).values({ tokenHash, userId: aliceId, createdAt: T0, lastSeenAt, expiresAt });

  describe('readSignedIn', () => {
    it('reads the user frozen, whose session it is, and until when it stays as read', async () => {
      const token = await createSession(database.db, aliceId, T0);
      const read = await readSignedIn(database.db, token, at(HOUR / 4));
      expect(read).toMatchObject({ userId: aliceId, value: { id: aliceId }, readUntil: at(HOUR).getTime() });
      expect(Object.isFrozen(read!.value)).toBe(true);
      expect(await readSignedIn(database.db, 'made-up', at(HOUR / 4))).toBeNull();
    });
  });

  describe('createSession', () => {
    it('stores only the hash of a fresh random token, seen now, ending in 30 days', async () => {
      const token = await createSession(database.db, aliceId, T0);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(await rows()).toEqual([
        {
          tokenHash: hashOf(token),
          userId: aliceId,
          createdAt: T0,
          lastSeenAt: T0,
          expiresAt: at(SESSION_ABSOLUTE_MS),
        },
      ]);
      expect(SESSION_ABSOLUTE_MS).toBe(30 * DAY);
      expect(SESSION_IDLE_MS).toBe(7 * DAY);
    });

    it('gives every sign-in its own token', async () => {
      const one = await createSession(database.db, aliceId, T0);
      const two = await createSession(database.db, aliceId, T0);
      expect(one).not.toBe(two);
      expect(await rows()).toHaveLength(2);
    });

    it('sweeps sessions past their expiry or idle past the limit, to the millisecond', async () => {
      const far = at(SESSION_ABSOLUTE_MS);
      await plant('expired', T0, at(-1));
      await plant('expires-now', T0, T0);
      await plant('idle-too-long', at(-SESSION_IDLE_MS - 1), far);
      await plant('idle-at-limit', at(-SESSION_IDLE_MS), far);
      await plant('fresh', T0, far);
      const token = await createSession(database.db, bobId, T0);
      expect((await rows()).map((row) => row.tokenHash).sort()).toEqual(
        ['expires-now', 'fresh', 'idle-at-limit', hashOf(token)].sort(),
      );
    });
  });

  describe('resolveSession', () => {
    it('finds the user behind a live token, and nobody behind an unknown one', async () => {
      const token = await createSession(database.db, aliceId, T0);
      expect(await resolveSession(database.db, token, at(1))).toMatchObject({
        id: aliceId,
        email: 'alice@example.com',
        fullName: 'Person alice',
      });
      expect(await resolveSession(database.db, `${token}x`, at(1))).toBeNull();
      expect(await resolveSession(database.db, hashOf(token), at(1))).toBeNull();
    });

    it('tells two users’ sessions apart', async () => {
      const alice = await createSession(database.db, aliceId, T0);
      const bob = await createSession(database.db, bobId, T0);
      expect((await resolveSession(database.db, alice, T0))?.id).toBe(aliceId);
      expect((await resolveSession(database.db, bob, T0))?.id).toBe(bobId);
    });

    it('ends a session at its absolute expiry, however recently it was seen', async () => {
      const token = await createSession(database.db, aliceId, T0);
      await database.db.update(sessions).set({ lastSeenAt: at(SESSION_ABSOLUTE_MS - 2) });
      expect(await resolveSession(database.db, token, at(SESSION_ABSOLUTE_MS - 1))).not.toBeNull();
      expect(await resolveSession(database.db, token, at(SESSION_ABSOLUTE_MS))).toBeNull();
    });

    it('keeps a session idle for exactly 7 days, ends and removes one idle a millisecond longer', async () => {
      const kept = await createSession(database.db, aliceId, T0);
      expect(await resolveSession(database.db, kept, at(SESSION_IDLE_MS))).not.toBeNull();
      await database.db.delete(sessions);

      const ended = await createSession(database.db, aliceId, T0);
      const other = await createSession(database.db, bobId, T0);
      expect(await resolveSession(database.db, ended, at(SESSION_IDLE_MS + 1))).toBeNull();
      expect(await rowOf(ended)).toBeUndefined();
      expect(await rowOf(other)).toBeDefined();
      // Gone for good: coming back sooner does not revive it.
      expect(await resolveSession(database.db, ended, at(1))).toBeNull();
    });

    it('records a visit only when the last one is more than an hour old', async () => {
      const token = await createSession(database.db, aliceId, T0);
      const other = await createSession(database.db, bobId, T0);
      for (const ms of [1, 30 * 60_000, HOUR]) {
        await resolveSession(database.db, token, at(ms));
        expect((await rowOf(token))?.lastSeenAt, `${ms} ms`).toEqual(T0);
      }
      await resolveSession(database.db, token, at(HOUR + 1));
      expect((await rowOf(token))?.lastSeenAt).toEqual(at(HOUR + 1));
      expect((await rowOf(other))?.lastSeenAt).toEqual(T0);
      // The hour now counts from the recorded visit.
      await resolveSession(database.db, token, at(2 * HOUR + 1));
      expect((await rowOf(token))?.lastSeenAt).toEqual(at(HOUR + 1));
      await resolveSession(database.db, token, at(2 * HOUR + 2));
      expect((await rowOf(token))?.lastSeenAt).toEqual(at(2 * HOUR + 2));
    });

    it('a session used every 6 days lives until its 30 days are over', async () => {
      const token = await createSession(database.db, aliceId, T0);
      for (const day of [6, 12, 18, 24])
        expect(await resolveSession(database.db, token, at(day * DAY))).not.toBeNull();
      expect(await resolveSession(database.db, token, at(30 * DAY + 1))).toBeNull();
    });
  });

  describe('readSession', () => {
    it('asks its query with the token’s hash and the time, and returns its row', async () => {
      const asked: [string, Date][] = [];
      const row = { lastSeenAt: T0, answer: 42 };
      const result = await readSession(database.db, 'the-token', at(5), async (hash, now) => {
        asked.push([hash, now]);
        return row;
      });
      expect(asked).toEqual([[hashOf('the-token'), at(5)]]);
      expect(result).toBe(row);
    });

    it('answers null when the query finds nothing', async () => {
      expect(await readSession(database.db, 't', T0, async () => undefined)).toBeNull();
    });

    it('applies the idle rule to whatever the query found', async () => {
      const token = await createSession(database.db, aliceId, T0);
      const read = async () => ({ lastSeenAt: T0 });
      expect(await readSession(database.db, token, at(SESSION_IDLE_MS + 1), read)).toBeNull();
      expect(await rowOf(token)).toBeUndefined();
    });

    it('touches the session row when the visit is over an hour later', async () => {
      const token = await createSession(database.db, aliceId, T0);
      const read = async () => ({ lastSeenAt: T0 });
      expect(await readSession(database.db, token, at(HOUR + 5), read)).toEqual({ lastSeenAt: T0 });
      expect((await rowOf(token))?.lastSeenAt).toEqual(at(HOUR + 5));
    });
  });

  describe('ending sessions', () => {
    it('endSession ends that one session only', async () => {
      const one = await createSession(database.db, aliceId, T0);
      const two = await createSession(database.db, aliceId, T0);
      await endSession(database.db, one);
      expect(await resolveSession(database.db, one, T0)).toBeNull();
      expect(await resolveSession(database.db, two, T0)).not.toBeNull();
    });

    it('endAllSessions ends every session of the user and nobody else’s', async () => {
      const one = await createSession(database.db, aliceId, T0);
      const two = await createSession(database.db, aliceId, T0);
      const bob = await createSession(database.db, bobId, T0);
      await endAllSessions(database.db, aliceId);
      expect(await resolveSession(database.db, one, T0)).toBeNull();
      expect(await resolveSession(database.db, two, T0)).toBeNull();
      expect((await rows()).map((row) => row.tokenHash)).toEqual([hashOf(bob)]);
    });
  });

  describe('upsertUserByIdentity', () => {
    it('creates the user and the identity on the first sign-in', async () => {
      const { user, created } = await upsertUserByIdentity(
        database.db,
        claims('carol', { email: 'carol.c@mail.example', fullName: 'Carol C', picture: 'https://p/c.png' }),
      );
      expect(created).toBe(true);
      expect(user).toMatchObject({
        username: 'carol.c',
        email: 'carol.c@mail.example',
        fullName: 'Carol C',
        profilePicture: 'https://p/c.png',
      });
      const [identity] = await database.db.select().from(identities).where(eq(identities.userId, user.id));
      expect(identity).toMatchObject({
        issuer: 'https://issuer.example',
        subject: 'carol',
        email: 'carol.c@mail.example',
      });
    });

    it('names the user by the subject when the email has no local part', async () => {
      const { user } = await upsertUserByIdentity(database.db, claims('subj-9', { email: '@example.com' }));
      expect(user.username).toBe('subj-9');
    });

    it('finds the same user again, taking the new email and a new picture, keeping the name', async () => {
      const first = await upsertUserByIdentity(database.db, claims('dave', { picture: 'https://p/1.png' }));
      const again = await upsertUserByIdentity(
        database.db,
        claims('dave', { email: 'dave@new.example', fullName: 'Renamed', picture: 'https://p/2.png' }),
      );
      expect(again.created).toBe(false);
      expect(again.user).toMatchObject({
        id: first.user.id,
        email: 'dave@new.example',
        fullName: 'Person dave',
        profilePicture: 'https://p/2.png',
      });
      expect(again.user.updatedAt.getTime()).toBeGreaterThanOrEqual(first.user.updatedAt.getTime());
      const [stored] = await database.db.select().from(users).where(eq(users.id, first.user.id));
      expect(stored).toEqual(again.user);
    });

    it('keeps the old picture when the provider sends none', async () => {
      const first = await upsertUserByIdentity(database.db, claims('erin', { picture: 'https://p/e.png' }));
      const again = await upsertUserByIdentity(database.db, claims('erin'));
      expect(again.user.id).toBe(first.user.id);
      expect(again.user.profilePicture).toBe('https://p/e.png');
    });

    it('the same subject at another issuer is another person, even with the same email', async () => {
      const here = await upsertUserByIdentity(database.db, claims('frank'));
      const there = await upsertUserByIdentity(
        database.db,
        claims('frank', { issuer: 'https://other.example' }),
      );
      const sameIssuerOtherSubject = await upsertUserByIdentity(
        database.db,
        claims('frank2', { email: 'frank@example.com' }),
      );
      expect(there.created).toBe(true);
      expect(sameIssuerOtherSubject.created).toBe(true);
      expect(new Set([here.user.id, there.user.id, sameIssuerOtherSubject.user.id]).size).toBe(3);
    });
  });
});
