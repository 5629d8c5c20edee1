import { AppError } from '../lib/errors.js';

/** The AppError a call is refused with; fails the test when it succeeds or throws anything else. */
export async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof AppError)) throw new Error(`expected an AppError, got ${String(err)}`);
  return err;
}
