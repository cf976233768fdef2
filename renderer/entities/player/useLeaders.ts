import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../bridge/client.ts';
import { offlineKeys } from '../../state/offline.ts';

/** The query of one page of the stats browser's leaders (`offlineLeaders`), for the view and its prefetch alike. */
export const leadersQuery = (record: Record<string, string>) =>
  queryOptions({
    queryKey: offlineKeys.leaders(record),
    queryFn: () => call('offlineLeaders', { query: record }),
  });

/** One page of the stats browser's leaders (`offlineLeaders`); the previous page stays while the next loads. */
export function useLeaders(record: Record<string, string>) {
  return useQuery({ ...leadersQuery(record), placeholderData: keepPreviousData });
}

/**
 * Asks for a page of leaders now, before the view renders the change that needs it (a header click, a
 * page): the store's round trip then runs while the view re-renders, instead of after it. A page already
 * cached and fresh is not asked again.
 */
export function usePrefetchLeaders(): (record: Record<string, string>) => void {
  const client = useQueryClient();
  return (record) => void client.prefetchQuery(leadersQuery(record));
}
