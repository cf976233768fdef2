import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_SETTINGS } from '../../../shared/bridge/settings-defaults.ts';
import { listQueryFromSearchParams } from '../../../shared/query/query.ts';
import { call } from '../../bridge/client.ts';
import { appQueries } from '../../bridge/queries.ts';
import { offlineKeys } from '../../state/offline.ts';
import type { WarmRoute } from '../../state/warmRoute.ts';
import { leadersServiceQuery, statsListOptions, statsState } from './spec.ts';

/** The query of one page of the stats browser's leaders (`offlineLeaders`), for the view and its prefetch alike. */
const leadersQuery = (record: Record<string, string>) =>
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

/**
 * The stats browser's first page from the route change (`#/players/stats?…`): the store is asked while the
 * view renders its filters, with the query the view reads from the same URL (the settings' page size once
 * they are in, else the default, as the view's).
 */
export const warmStats: WarmRoute = (client, _params, search) => {
  const pageSize = client.getQueryData(appQueries.settings.queryKey)?.pageSize ?? DEFAULT_SETTINGS.pageSize;
  const query = listQueryFromSearchParams(search, statsListOptions(pageSize));
  const record = leadersServiceQuery(query, statsState(query, search.get('adjusted') === '1'));
  void client.prefetchQuery(leadersQuery(record));
};
