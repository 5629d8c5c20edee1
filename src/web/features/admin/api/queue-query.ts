import { ADMIN_QUEUE_PAGE_SIZE, type AdminQueuePage } from '@shared/admin';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { fresh } from './admin-keys';

/**
 * A queue of the console (open reports, held requests, held messages), oldest first, a page of
 * ADMIN_QUEUE_PAGE_SIZE at a time; a full page means there may be more (issue 26). After a write TanStack
 * reads every loaded page again from the first, each after the last item of the fresh page before it, so
 * the admin keeps as many items in view and a reviewed one simply drops out.
 */
export const queueQuery = <Item extends { id: number }>(
  queryKey: readonly string[],
  getPage: (page: AdminQueuePage) => Promise<Item[]>,
) =>
  infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => getPage({ limit: ADMIN_QUEUE_PAGE_SIZE, after: pageParam }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page: Item[]) => (page.length < ADMIN_QUEUE_PAGE_SIZE ? undefined : page.at(-1)?.id),
    ...fresh,
  });
