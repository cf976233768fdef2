import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ServiceErrorException } from '../../shared/contract/errors.ts';
import { shouldRetry } from '../bridge/queries.ts';
import { openKeyDialog } from '../state/keyDialogStore.ts';

function onError(error: unknown): void {
  if (error instanceof ServiceErrorException && error.error.kind === 'unauthorized') {
    openKeyDialog('unauthorized', error.error.message);
  }
}

/** The page's one query client: a 401 anywhere opens the key dialog; no retries of errors the host returned. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => {
        if (mutation.meta?.inlineUnauthorized !== true) onError(error);
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        // Pages of a read-only service change rarely; 30 s keeps paging back and forth instant
        // and makes the next-page prefetch a no-op when the page is already cached.
        staleTime: 30_000,
        refetchOnWindowFocus: false,
      },
    },
  });
}
