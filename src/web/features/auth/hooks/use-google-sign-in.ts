import { apiPath } from '@shared/api-routes';
import { AUTH_SUCCESS_MESSAGE, SIGN_IN_POPUP, SUSPENDED_SIGN_IN } from '@shared/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/components/ui/use-toast';
import { authStatusQuery } from '@/lib/auth';
import { sessionFlags } from '@/lib/session-flags';
import { paths } from '@/paths';
import { saveBrowserTimeZone } from '../api/save-time-zone';
import {
  STATUS_CHECK_FAILED,
  signInSuccessTexts,
  signInTexts,
  type SignInMode,
} from '../utils/sign-in-texts';

/**
 * Where to go after signing in: `?next=` when it is a page of this app (RequireAuth sends a visitor to
 * /signin?next=<the page they asked for>), else the dashboard. Only a path on this origin: never another
 * origin ('//evil', '/\\evil', 'https:'), a script URL, or the sign-in pages themselves.
 */
export function afterSignInPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  if (!next?.startsWith('/')) return paths.dashboard;
  const base = 'https://app.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return paths.dashboard;
  }
  if (url.origin !== base || url.pathname === paths.signIn || url.pathname === paths.signUp) {
    return paths.dashboard;
  }
  return url.pathname + url.search;
}

function openCenteredPopup(url: string): Window | null {
  const { width, height } = SIGN_IN_POPUP;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return window.open(url, 'referbridge-sign-in', `width=${width},height=${height},left=${left},top=${top}`);
}

/**
 * The popup flow of docs/product.md, Flows and statuses: open /auth/google, watch for the popup to close (every 1 s), then ask
 * /auth/status; an AUTH_SUCCESS message from that same popup on our own origin confirms early.
 */
export function useGoogleSignIn(mode: SignInMode) {
  const texts = signInTexts[mode];
  const [inProgress, setInProgress] = useState(false);
  const popupRef = useRef<Window | null>(null);
  const timers = useRef<{ poll?: number; redirect?: number }>({});
  const successToast = useRef<{ dismiss: () => void } | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const showSuccess = useCallback((newAccount: boolean) => {
    if (successToast.current) return;
    const toDashboard = afterSignInPath(window.location.search) === paths.dashboard;
    successToast.current = toast(signInSuccessTexts(newAccount, toDashboard));
  }, []);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== window.location.origin) return;
      if (!popupRef.current || event.source !== popupRef.current) return;
      const data: unknown = event.data;
      if (
        typeof data !== 'object' ||
        data === null ||
        !('type' in data) ||
        data.type !== AUTH_SUCCESS_MESSAGE
      )
        return;
      // Still in progress until the redirect: a second click now would open a second popup.
      showSuccess('newAccount' in data && data.newAccount === true);
    }
    window.addEventListener('message', onMessage);
    const pending = timers.current;
    return () => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(pending.poll);
      window.clearTimeout(pending.redirect);
    };
  }, [showSuccess]);

  const onPopupClosed = useCallback(async () => {
    popupRef.current = null;
    try {
      const status = await queryClient.fetchQuery({ ...authStatusQuery, staleTime: 0 });
      if (status.isAuthenticated) {
        if (mode === 'signin') sessionFlags.setLoggedIn();
        void saveBrowserTimeZone();
        showSuccess(status.isNewAccount === true);
        timers.current.redirect = window.setTimeout(() => {
          // 'Redirecting…' is said and done: it does not follow onto the dashboard.
          successToast.current?.dismiss();
          navigate(afterSignInPath(window.location.search));
        }, SIGN_IN_POPUP.redirectDelayMs);
        return;
      }
      setInProgress(false);
      if (status.error) {
        // A suspension is said as it is; any other failure keeps the sentence of docs/product.md, Messages.
        const description = status.error === SUSPENDED_SIGN_IN ? SUSPENDED_SIGN_IN : texts.failed;
        toast({ variant: 'destructive', title: 'Authentication failed', description });
      }
    } catch {
      setInProgress(false);
      toast({ variant: 'destructive', title: 'Error', description: STATUS_CHECK_FAILED });
    }
  }, [mode, navigate, queryClient, showSuccess, texts]);

  const start = useCallback(() => {
    try {
      successToast.current = null;
      const popup = openCenteredPopup(apiPath('signIn'));
      if (!popup || popup.closed) {
        toast({ variant: 'destructive', title: 'Popup blocked', description: texts.popupBlocked });
        return;
      }
      popupRef.current = popup;
      setInProgress(true);
      window.clearInterval(timers.current.poll);
      timers.current.poll = window.setInterval(() => {
        if (!popup.closed) return;
        window.clearInterval(timers.current.poll);
        void onPopupClosed();
      }, SIGN_IN_POPUP.closedCheckMs);
    } catch {
      setInProgress(false);
      toast({ variant: 'destructive', title: 'Error', description: texts.unexpected });
    }
  }, [onPopupClosed, texts]);

  return { start, inProgress, buttonText: texts.button };
}
