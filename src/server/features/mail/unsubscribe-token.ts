import { createHmac, timingSafeEqual } from 'node:crypto';

const PURPOSE = 'mail-unsubscribe';

function signature(secret: string, userId: number): Buffer {
  return createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest();
}

/**
 * `<userId>.<HMAC(secret, purpose:userId)>`: it only ever turns mail off for that user, so it needs no
 * expiry, and the purpose keeps it from being mistaken for any other signed value.
 */
export function createUnsubscribeToken(secret: string, userId: number): string {
  return `${userId}.${signature(secret, userId).toString('base64url')}`;
}

/** The user the token was made for; undefined for anything we did not sign. */
export function verifyUnsubscribeToken(secret: string, token: string): number | undefined {
  const match = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const userId = Number(match[1]);
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647) return undefined;
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = signature(secret, userId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : undefined;
}
