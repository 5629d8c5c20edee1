/** What the admin feature gets from others through app.ts (it imports no other feature). */

/** From referrals: a request the two users share (one its seeker, the other a referrer who held it), or null. */
export type SharedRequest = (
  userId: number,
  otherId: number,
  requestId?: number | null,
) => Promise<number | null>;
