import { apiPath } from '@shared/api-routes';
import { apiRequest } from '@/lib/api';

/** The browser's IANA time zone ('Europe/Berlin'), or undefined when it does not say. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/**
 * PUT /api/user/settings {timeZone} right after a sign-in, so mail writes times in the reader's zone (the
 * pages format them in the browser already). Best effort: a failure only leaves mail in UTC.
 */
export async function saveBrowserTimeZone(): Promise<void> {
  const timeZone = browserTimeZone();
  if (!timeZone) return;
  try {
    await apiRequest(apiPath('changeSettings'), { method: 'PUT', data: { timeZone } });
  } catch {
    // Mail keeps saying UTC until the next sign-in; nothing the user must act on.
  }
}
