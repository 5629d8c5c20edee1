import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { SESSION_ABSOLUTE_MS, resolveSession } from './sessions.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads the session in its own query (sessions.readSession), in the same round trip as its
     * answer: request.user stays null and only request.sessionToken is set. For the hottest polls only.
     */
    ownSession?: boolean;
  }
}

export const sessionCookieName = (config: Config) => (config.secureCookies ? '__Host-sid' : 'sid');

export function registerSessionLoading(app: FastifyInstance, db: Db, config: Config): void {
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
    request.user = await resolveSession(db, token);
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
