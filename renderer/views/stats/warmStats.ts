import { DEFAULT_SETTINGS } from '../../../shared/bridge/settings-defaults.ts';
import { listQueryFromSearchParams } from '../../../shared/query/query.ts';
import { appQueries } from '../../bridge/queries.ts';
import { leadersServiceQuery, statsListOptions, statsState } from '../../entities/player/leadersSpec.ts';
import { leadersQuery } from '../../entities/player/useLeaders.ts';
import type { WarmRoute } from '../../state/warmRoute.ts';
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
