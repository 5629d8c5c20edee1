/** Errors a service throws; the error handler turns each into its status and `{error}` body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly fieldErrors?: Record<string, string[]>,
    /** Sent as response headers (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
    /** More fields of the JSON body, beside `error` (the schema of the route's status declares them). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, fieldErrors?: Record<string, string[]>) =>
  new AppError(400, message, fieldErrors);
export const unauthorized = (message = 'Please sign in to continue.') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do that.') => new AppError(403, message);
export const notFound = (message = 'Not found.') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (
  message: string,
  retryAfterSeconds: number,
  details?: Record<string, unknown>,
) => new AppError(429, message, undefined, { 'retry-after': String(retryAfterSeconds) }, details);
