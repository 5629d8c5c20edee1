import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { validationSentence } from './validation-messages.js';

const GENERIC_5XX = 'Something went wrong on our side. Please try again.';
const DATABASE_UNAVAILABLE = 'The database is unavailable right now. Please try again in a moment.';

/** Sentences for the framework's own 4xx errors, which otherwise speak in codes. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This request body type is not accepted; send JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length does not match its Content-Length.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_PROTO_VIOLATION: 'A form field may not be named __proto__, constructor or prototype.',
  FST_MP_PREMATURE_CLOSE: 'The upload is malformed or incomplete. Please try again.',
  FST_ERR_RATE_LIMIT: 'Too many requests. Please wait a moment and try again.',
};

/**
 * The multipart parser (@fastify/busboy) throws plain errors, told apart only by their messages: each one
 * a client's bytes can cause (a cut-off body or part, no boundary, a boundary over 252 characters, a
 * missing or unknown type). multipart-errors.test.ts reads every message from the parser's sources.
 */
const BROKEN_MULTIPART = [
  /^Multipart: Boundary not found$/,
  /^Boundary required$/,
  /^Unexpected end of multipart data$/,
  /^\w+ terminated early due to unexpected end of multipart data$/,
  /^The needle cannot have a length bigger than 256\.$/,
  /^Missing Content-Type-header\.$/,
  /^Unsupported Content-Type\.$/,
];
const isBrokenMultipart = (error: Error) => BROKEN_MULTIPART.some((message) => message.test(error.message));

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors: Record<string, string[]> = {};
      // Schema messages are whole sentences that name their field ('Job title is required'); where zod
      // speaks for itself ('Invalid input: expected string, received null'), validationSentence makes one,
      // for the field's own error too: a form shows those under its fields (issue 46 item 9, no 'null').
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
        const sentence = validationSentence(
          issue.message ?? 'is invalid',
          field === 'body' ? '' : field,
          error.validationContext,
        );
        (fieldErrors[field] ??= []).push(sentence);
      }
      const first = Object.values(fieldErrors)[0];
      const message = first ? first[0]! : 'The request is not valid.';
      return reply.status(400).send({ error: message, fieldErrors });
    }
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        ...error.details,
        error: error.message,
        ...(error.fieldErrors ? { fieldErrors: error.fieldErrors } : {}),
      });
    }
    if (isBrokenMultipart(error)) {
      return reply.status(400).send({ error: 'The upload is malformed or incomplete. Please try again.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      const message =
        FRAMEWORK_MESSAGES[error.code] ??
        (status === 429 ? FRAMEWORK_MESSAGES.FST_ERR_RATE_LIMIT : error.message);
      return reply.status(status).send({ error: message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ error: DATABASE_UNAVAILABLE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: GENERIC_5XX });
  });
}
