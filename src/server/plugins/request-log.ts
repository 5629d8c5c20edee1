import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** A request slower than this is worth a line at info even when it succeeded. */
export const SLOW_REQUEST_MS = 1000;

/**
 * One line per request instead of Fastify's two ("incoming request", "request completed"), and at info
 * only when an operator should look: a refusal, a failure or a slow answer. Answers that went well and fast
 * are logged at debug: two info lines for every poll of the bell cost more than the poll itself
 * (docs/performance.md). The errors themselves are logged with their stack by the error handler.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const { statusCode, elapsedTime } = reply;
    const level = error ? 'error' : statusCode >= 400 || elapsedTime > SLOW_REQUEST_MS ? 'info' : 'debug';
    reply.log[level](
      {
        req: { method: request.method, url: request.url, remoteAddress: request.ip },
        res: { statusCode },
        responseTime: Math.round(elapsedTime * 10) / 10,
        ...(error ? { err: error } : {}),
      },
      'request completed',
    );
  }
}
