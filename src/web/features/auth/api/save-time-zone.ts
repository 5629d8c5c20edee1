import { apiPath } from '@shared/api-routes';
import { UserSettingsSchema } from '@shared/settings';
import { apiGet, apiRequest } from '@/lib/api';
import { browserTimeZone } from '@/lib/time-zone';

/**
 * PUT /api/user/settings {timeZone} right after a sign-in when the account has no zone yet, so mail writes
 * times in the reader's zone (the pages format them in the browser already). A zone already there stays:
 * it may be one the person chose in Account settings (issue 46 item 9). Best effort: a failure only leaves
 * mail in UTC.
 */
export async function saveBrowserTimeZone(): Promise<void> {
  const timeZone = browserTimeZone();
  if (!timeZone) return;
  try {
    const settings = UserSettingsSchema.parse(await apiGet(apiPath('mySettings')));
    if (settings.timeZone !== null) return;
    await apiRequest(apiPath('changeSettings'), { method: 'PUT', data: { timeZone } });
  } catch {
    // Mail keeps saying UTC until the next sign-in; nothing the user must act on.
  }
}
