import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../lib/errors.js';
import { rateLimitOptions, type RateLimitStore } from '../../plugins/rate-limit-store.js';

const TOO_MANY = 'Too many requests. Please wait a moment and try again.';

/** A limit to put on a route as its onRequest hook: past it, 429 with Retry-After and a sentence. */
export type Limit = (request: FastifyRequest) => Promise<void>;

export interface AuthLimits {
  /** Starting a sign-in, the callback and the development sign-in: what guesses or costs. */
  signIn: Limit;
  /** The session check every page load of every tab makes: cheap, so generously limited. */
  status: Limit;
}

export interface AuthLimitOptions {
  signInPerMinute: number;
  statusPerMinute: number;
  /** The server's own calls to the development provider: they are not the client's. */
  isInternal: (request: FastifyRequest) => boolean;
}

/**
 * Who spends the budget: a live session (loaded before any limit runs) counts as itself, so people behind
 * one address (an office's NAT) do not share one; anyone else counts by address. The key holds a hash of
 * the token, never the token.
 */
export function clientKey(request: FastifyRequest): string {
  if (request.user && request.sessionToken) {
    return `session:${createHash('sha256').update(request.sessionToken).digest('base64url')}`;
  }
  return `ip:${request.ip}`;
}

/**
 * The limits of the sign-in surface. Sign-out has none: ending a session must never be refused. Each
 * limit is one budget over every route that carries it (a per-route limit would count each route apart).
 */
export async function createAuthLimits(
  app: FastifyInstance,
  rateLimits: RateLimitStore,
  options: AuthLimitOptions,
): Promise<AuthLimits> {
  // Each in a scope of its own: the plugin's createRateLimit counts in the store it was registered with.
  const perMinute = async (
    name: string,
    max: number,
    allowList?: (request: FastifyRequest) => boolean,
  ): Promise<Limit> => {
    let limit: Limit | undefined;
    await app.register(async (scope) => {
      await scope.register(rateLimit, rateLimitOptions(rateLimits, name, { global: false }));
      limit = limitOf(
        scope.createRateLimit({ max, timeWindow: '1 minute', keyGenerator: clientKey, allowList }),
      );
    });
    return limit!;
  };
  return {
    signIn: await perMinute('sign-in', options.signInPerMinute, options.isInternal),
    status: await perMinute('auth-status', options.statusPerMinute),
  };
}

function limitOf(check: ReturnType<FastifyInstance['createRateLimit']>): Limit {
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded)
      throw tooManyRequests(TOO_MANY, Math.max(1, result.ttlInSeconds));
  };
}
