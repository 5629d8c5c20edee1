/**
 * The two fetch helpers of docs/product.md, The API (lib/api.ts) throw this on any non-success response: its message
 * is `status: body` (or the status text when the body is empty). Kept apart from the helpers, without the
 * schema library, because the query client on every page, the landing included, needs only this class.
 */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiRequestError';
  }

  /** The server's `{error}` sentence when the body carries one. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (typeof parsed !== 'object' || parsed === null || !('error' in parsed)) return undefined;
      return typeof parsed.error === 'string' ? parsed.error : undefined;
    } catch {
      return undefined; // not JSON
    }
  }
}
