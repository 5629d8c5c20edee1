import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema.js';
import type { User } from '../../shared/auth.js';
import { unauthorized } from './errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, loaded once per API or auth request by the auth feature; null for visitors. */
    user: UserRow | null;
    sessionToken: string | null;
  }
}

/** The signed-in user, or a 401 for everyone else. Every feature's routes start here. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The user as the API shows it (docs/product.md, Data). */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    profilePicture: row.profilePicture,
    profileCompleted: row.profileCompleted,
    bio: row.bio,
    currentCompanyName: row.currentCompanyName,
    willingToGiveReferrals: row.willingToGiveReferrals,
    notWorking: row.notWorking,
  };
}
