import { PRODUCT_NAME } from '@shared/brand';
import { parseId } from '@shared/ids';
import { statusLabel } from '@shared/referral-status';
import { useQuery, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { PageMain } from '@/components/main-landmark';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ApiRequestError } from '@/lib/api';
import { paths } from '@/paths';
import { adminPaths } from '../admin-paths';

/**
 * An admin's page of one thing by the id in its address (issue 46 item 9): back to the console (to `tab`),
 * then what `query` reads for that id, or `noSuch` when the address names no id. The window's title starts
 * with `title`, from the id and, once read, the view.
 */
export function AdminViewPage<T, Key extends QueryKey>({
  query,
  tab,
  noSuch,
  title,
  children,
}: {
  query: (id: number) => UseQueryOptions<T, Error, T, Key>;
  tab?: 'users';
  noSuch: string;
  title: (id: number | null, view: T | undefined) => string;
  children: (view: T) => ReactNode;
}) {
  const id = useIdParam();
  const view = useQuery({ ...query(id ?? 0), enabled: id !== null });
  const heading = title(id, view.data);
  useEffect(() => {
    document.title = `${heading} · Admin console · ${PRODUCT_NAME}`;
  }, [heading]);
  return (
    <PageMain className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <BackToConsole tab={tab} />
      {id === null ? (
        <p role="alert" className="text-destructive text-sm">
          {noSuch}
        </p>
      ) : (
        <ViewState query={view}>{children}</ViewState>
      )}
    </PageMain>
  );
}

/** The id in the address (/admin/users/:id, /admin/requests/:id, under /admin/*), or null when it is not one. */
function useIdParam(): number | null {
  return parseId((useParams()['*'] ?? '').split('/')[1]);
}

/** 'Back to the admin console', to the tab the view belongs to. */
function BackToConsole({ tab }: { tab?: 'users' }) {
  return (
    <Button asChild variant="ghost" size="sm" className="mb-4 -ml-3">
      <Link to={tab ? `${paths.admin}?tab=${tab}` : paths.admin}>
        <ArrowLeft aria-hidden="true" />
        Back to the admin console
      </Link>
    </Button>
  );
}

/** A view's loading and failure (the server's sentence: 'There is no such user.'), else the view. */
function ViewState<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <p className="text-muted-foreground text-sm">Loading…</p>;
  if (query.isError) {
    const sentence = query.error instanceof ApiRequestError ? query.error.serverMessage : undefined;
    return (
      <p role="alert" className="text-destructive text-sm">
        {sentence ?? 'Could not load this page. Please try again.'}
      </p>
    );
  }
  return <>{children(query.data)}</>;
}

/** A stored status as the cards say it ('Awaiting review', 'Passed on'); anything unknown raw. */
export function StatusText({ status }: { status: string }) {
  return <Badge variant="outline">{status === 'passed_on' ? 'Passed on' : statusLabel(status)}</Badge>;
}

/** A titled part of a view. */
export function ViewSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A person the console can open: their name linked to their view, with email and id. */
export function PersonLink({ person }: { person: { id: number; fullName: string; email: string } | null }) {
  if (!person) return <span className="text-muted-foreground">a deleted account</span>;
  return (
    <span className="break-words">
      <Link to={adminPaths.user(person.id)} className="font-medium underline underline-offset-4">
        {person.fullName}
      </Link>{' '}
      <span className="text-muted-foreground break-all">
        ({person.email}, #{person.id})
      </span>
    </span>
  );
}
