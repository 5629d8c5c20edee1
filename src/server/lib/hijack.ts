import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/**
 * Takes the raw response over from Fastify, keeping the headers its hooks already set (the security
 * policy, plugins/security.ts): a hijacked reply no longer writes them itself.
 */
export function hijackWithHeaders(reply: FastifyReply): ServerResponse {
  const res = reply.raw;
  reply.hijack();
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) res.setHeader(name, value);
  }
  return res;
}
