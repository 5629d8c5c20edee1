import { PRODUCT_NAME } from '@shared/brand';
import { createContext, Suspense, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { sessionFlags } from '@/lib/session-flags';
import { paths } from '@/paths';

/**
 * What a signed-in person has in the public top bar instead of Sign in and Sign up: the bell and the account
 * menu. The router provides it, loaded on demand; it shows `signedOut` when the session says so.
 */
export const SiteSessionActionsContext = createContext<((signedOut: ReactNode) => ReactNode) | null>(null);

/**
 * The public pages' top bar (landing, blog, trust pages): wordmark, then sign in and sign up, or for a
 * browser that was signed in when it last knew, what the session says (issue 46 item 9).
 */
export function SiteHeader() {
  const home = sessionFlags.isLoggedIn() ? paths.dashboard : paths.home;
  const sessionActions = useContext(SiteSessionActionsContext);
  const signIn = (
    <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.signIn}>Sign in</Link>
      </Button>
      <Button asChild size="sm">
        <Link to={paths.signUp}>Sign up</Link>
      </Button>
    </nav>
  );
  return (
    <header className="sticky top-0 z-40 border-b border-border/60 bg-background/80 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={home}
          className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
        >
          <BrandMark />
          {PRODUCT_NAME}
        </Link>
        {sessionActions && sessionFlags.mayBeSignedIn() ? (
          <Suspense fallback={null}>{sessionActions(signIn)}</Suspense>
        ) : (
          signIn
        )}
      </div>
    </header>
  );
}
