import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { KeptSettings } from '../../kept/kept.js';
import { createSessionMemo, type SessionMemo, type SessionRead } from '../../kept/session-memo.js';
import {
  deleteSession,
  deleteStaleSessions,
  deleteUserSessions,
  findLiveSession,
  insertSession,
  touchSession,
} from './repo.js';

export const SESSION_ABSOLUTE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * A new session for the user. Sessions nobody presents again would stay forever, so each sign-in also
 * sweeps the stale ones (the expiry and idle indexes keep this cheap).
 */
export async function createSession(db: Db, userId: number, now = new Date()): Promise<string> {
  await deleteStaleSessions(db, now, new Date(now.getTime() - SESSION_IDLE_MS));
  const token = randomBytes(32).toString('base64url');
  await insertSession(db, {
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
  });
  return token;
}

/** The user holding this token, or null when the session is unknown, expired or idle too long. */
export async function resolveSession(db: Db, token: string, now = new Date()): Promise<UserRow | null> {
  return (await readSignedIn(db, token, now))?.value ?? null;
}

/**
 * The signed-in user as a session memo keeps it (kept/session-memo.ts): frozen, since every read of the
 * session shares it, and kept no longer than the session stays as read.
 */
export async function readSignedIn(
  db: Db,
  token: string,
  now = new Date(),
): Promise<SessionRead<UserRow> | null> {
  const row = await readSession(db, token, now, async (tokenHash) => {
    const found = await findLiveSession(db, tokenHash, now);
    return found && { ...found, lastSeenAt: found.session.lastSeenAt };
  });
  if (!row) return null;
  return { userId: row.user.id, value: Object.freeze(row.user), readUntil: unchangedUntil(row.session) };
}

/** Every session's signed-in user, kept while nothing of theirs changes (docs/decisions/045-signed-in-user-in-memory.md). */
export function signedInMemo(db: Db, settings: KeptSettings): SessionMemo<UserRow> {
  return createSessionMemo({ name: 'signed-in user', read: (token) => readSignedIn(db, token), settings });
}

/**
 * A live session's row as `read` selects it (by token hash, unexpired), with the idle rule applied: null
 * when it is unknown, expired or idle too long. Lets the hottest read fetch its answer in the session's
 * own query (the unread count) and still follow every rule of resolveSession.
 */
export async function readSession<Row extends { lastSeenAt: Date }>(
  db: Db,
  token: string,
  now: Date,
  read: (tokenHash: string, now: Date) => Promise<Row | undefined>,
): Promise<Row | null> {
  const tokenHash = hashToken(token);
  const row = await read(tokenHash, now);
  if (!row) return null;
  const idleFor = now.getTime() - row.lastSeenAt.getTime();
  if (idleFor > SESSION_IDLE_MS) {
    await deleteSession(db, tokenHash);
    return null;
  }
  if (idleFor > TOUCH_EVERY_MS) await touchSession(db, tokenHash, now);
  return row;
}

/**
 * Until when a session, as just read, signs its user in with no write: then it expires, or last_seen_at is
 * due its touch. A cache of an answer read with the session may keep it that long (and no longer).
 */
export function unchangedUntil(session: { lastSeenAt: Date; expiresAt: Date }): number {
  return Math.min(session.expiresAt.getTime(), session.lastSeenAt.getTime() + TOUCH_EVERY_MS);
}

export async function endSession(db: Db, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}

/** Signs the user out in every browser: all their sessions end at once. */
export async function endAllSessions(db: Db, userId: number): Promise<void> {
  await deleteUserSessions(db, userId);
}
