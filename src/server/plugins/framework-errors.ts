import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';

/** Sentences for the errors Fastify meets before routing, which it otherwise answers in codes. */
const ROUTING_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The address of this request is not valid.',
  FST_ERR_MAX_PARAM_LENGTH: 'The address of this request is too long.',
};

function clientErrorAnswer(code: string | undefined): [number, string] {
  if (code === 'HPE_HEADER_OVERFLOW') return [431, 'The request headers are too large.'];
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return [408, 'The request took too long to arrive.'];
  return [400, 'The request could not be understood.'];
}

/**
 * Fastify options that answer requests refused before any route or hook runs (an unparsable URL, a
 * request the HTTP parser rejects) like every other error: `{error: sentence}` with the security headers.
 */
export function frameworkErrorOptions(
  securityHeaders: Record<string, string>,
): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
      request.log.info({ err: error }, 'request refused before routing');
      void reply
        .status(400)
        .headers(securityHeaders)
        .send({ error: ROUTING_MESSAGES[error.code] ?? 'The request could not be understood.' });
    },
    clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
      // A reset connection has nobody left to answer.
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const [status, message] = clientErrorAnswer(error.code);
      const body = JSON.stringify({ error: message });
      const headers = {
        ...securityHeaders,
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(Buffer.byteLength(body)),
        connection: 'close',
      };
      const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
      if (socket.writable)
        socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
      socket.destroy();
    },
  };
}
