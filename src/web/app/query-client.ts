import { MutationCache, QueryClient } from '@tanstack/react-query';
import { toast } from '@/components/ui/use-toast';
import { ApiRequestError } from '@/lib/api-error';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The toast text when this mutation fails; `silent` for mutations that handle failure themselves. */
      errorToast?: string;
      silent?: boolean;
      /** On a 409 the server's own sentence (e.g. 'not allowed from this status') replaces errorToast. */
      conflictFromServer?: boolean;
    };
  }
}

/** docs/product.md, Limits: data never stale, no refetch on focus, no polling, no retries, unless a query says so. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false, retry: false },
      mutations: { retry: false },
    },
    // Failed mutations toast from this one place.
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (mutation.meta?.silent) return;
        const conflict =
          mutation.meta?.conflictFromServer && error instanceof ApiRequestError && error.status === 409
            ? error.serverMessage
            : undefined;
        const description =
          conflict ??
          mutation.meta?.errorToast ??
          (error instanceof ApiRequestError
            ? (error.serverMessage ?? error.message)
            : 'An unexpected error occurred');
        toast({ variant: 'destructive', title: 'Error', description });
      },
    }),
  });
}
