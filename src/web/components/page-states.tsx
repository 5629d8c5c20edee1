import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/paths';
import { PageMain } from '@/components/main-landmark';

export function CenteredMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <PageMain className="flex min-h-[60vh] flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      {children}
    </PageMain>
  );
}

/** While a screen's code is on its way: it stands in for the screen's main landmark. */
export function PageLoading() {
  return (
    <PageMain className="flex min-h-[40vh] items-center justify-center">
      <div role="status" aria-label="Loading">
        <Loader2 className="text-primary size-6 animate-spin" aria-hidden="true" />
      </div>
    </PageMain>
  );
}

export function AuthLoading() {
  return (
    <CenteredMessage title="Loading...">
      <Loader2 className="text-primary size-6 animate-spin" aria-hidden="true" />
      <p className="text-muted-foreground">Please wait while we check your authentication status.</p>
    </CenteredMessage>
  );
}

export function AuthError() {
  return (
    <CenteredMessage title="Authentication Error">
      <p className="text-muted-foreground">There was a problem checking your authentication status.</p>
      <Button asChild>
        <Link to={paths.signIn}>Go to Sign In</Link>
      </Button>
    </CenteredMessage>
  );
}
