import { apiPath } from '@shared/api-routes';
import { apiRequest } from '@/lib/api';
import { useEndSession } from './use-end-session';

/** POST /auth/logout: JSON content type, no payload; ends this session. */
export function signOut() {
  return apiRequest(apiPath('signOut'), { method: 'POST' });
}

export function useSignOut(onSignedOut: () => void) {
  return useEndSession(signOut, onSignedOut);
}
