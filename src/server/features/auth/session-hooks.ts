import type { FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema.js';
import type { HearsChanges, SessionMemo } from '../../kept/session-memo.js';
import { SESSION_ABSOLUTE_MS, resolveSession } from './sessions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads the session in its own query (sessions.readSession), in the same round trip as its
     * answer: request.user stays null and only request.sessionToken is set. For the hottest polls only.
     */
    ownSession?: boolean;
    /**
     * A write that changes nothing the signed-in user reads back (a page view's activity record): it takes
     * the user from memory as a read does, and leaves what is kept of them in place (issue 47: a page view
     * was a session read and a dropped memo, as dear as a list read).
     */
    keptSession?: boolean;
  }
}

export const sessionCookieName = (config: Config) => (config.secureCookies ? '__Host-sid' : 'sid');

/** Methods that only read: they may take the signed-in user from memory. */
const READS = new Set(['GET', 'HEAD']);

/**
 * The signed-in user of every /api and /auth request. A read takes them from memory while nothing of theirs
 * changed ([decision 045](../../../../docs/decisions/045-signed-in-user-in-memory.md)); a write reads them
 * afresh, under every session rule, and once it has committed drops what is kept of its user, so their next
 * read cannot be answered from before it.
 */
export function registerSessionLoading(
  app: FastifyInstance,
  db: Db,
  config: Config,
  signedIn: SessionMemo<UserRow>,
  keptOfUsers?: Pick<HearsChanges, 'changed'>,
): void {
  const cookieName = sessionCookieName(config);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (request) => {
    // The routed path, not the raw URL: '/%61pi/…' is routed to /api/… and must see the same session.
    const route = request.routeOptions.url;
    if (!route?.startsWith('/api/') && !route?.startsWith('/auth/')) return;
    const token = request.cookies[cookieName];
    if (!token) return;
    request.sessionToken = token;
    if (request.routeOptions.config.ownSession) return;
    const fromMemory = READS.has(request.method) || request.routeOptions.config.keptSession;
    request.user = fromMemory ? await signedIn.get(token) : await resolveSession(db, token);
  });
  // Only the routes that write carry this hook: the hot reads pay nothing for it.
  const dropKept: onSendHookHandler = async (request) => {
    if (request.user && !READS.has(request.method)) {
      signedIn.changed(request.user.id);
      keptOfUsers?.changed(request.user.id);
    }
  };
  app.addHook('onRoute', (route) => {
    if ([route.method].flat().every((method) => READS.has(method)) || route.config?.keptSession) return;
    route.onSend = [dropKept, ...[route.onSend ?? []].flat()];
  });
}

export function setSessionCookie(reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(sessionCookieName(config), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(sessionCookieName(config), {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
  });
}
