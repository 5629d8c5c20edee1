import type { FastifyRequest } from 'fastify';
import { isAdmin } from '../../lib/admins.js';

/**
 * Issue 25, hardened in issue 46: the admins' routes (/api/admin/…, as routed, so an encoded path is the
 * same path) do not exist for anyone else, a visitor included. app.ts hands this to registerHiddenEndpoints
 * (plugins/unknown-endpoints.ts), which answers such a request as an unknown endpoint before its body is read.
 */
export function hiddenFromNonAdmins(adminEmails: readonly string[]) {
  return (request: FastifyRequest): boolean => {
    const route = request.routeOptions.url;
    const adminRoute = route !== undefined && (route === '/api/admin' || route.startsWith('/api/admin/'));
    return adminRoute && !isAdmin(adminEmails, request.user);
  };
}
