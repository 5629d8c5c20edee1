import { apiPath } from '@shared/api-routes';
import { apiRequest } from '@/lib/api';
import { useEndSession } from './use-end-session';

/** POST /auth/logout-all: JSON content type, no payload; ends every session of the user. */
export function signOutEverywhere() {
  return apiRequest(apiPath('signOutEverywhere'), { method: 'POST' });
}

/** Then behaves exactly like 'Sign out'. */
export function useSignOutEverywhere(onSignedOut: () => void) {
  return useEndSession(signOutEverywhere, onSignedOut);
}
