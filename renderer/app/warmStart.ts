import type { QueryClient } from '@tanstack/react-query';
import { DEFAULT_SETTINGS } from '../../shared/bridge/settings-defaults.ts';
import { listQueryFromSearchParams } from '../../shared/query/query.ts';
import { appQueries, listQueryOptions } from '../bridge/queries.ts';
import { LEAGUES_QUERY, NO_PATH } from '../state/leagues.ts';
import { teamsListOptions } from '../views/teams/spec.ts';

/**
 * Starts the launch's requests before React's first render (which takes a while on a slow machine):
 * the app-wide queries (settings, app info, `/about`, key status) and, when the page opens on Teams
 * (the default route), its first page and the leagues for its filter. The queries are the very ones
 * the hooks ask for (same keys), so the views find them in flight or answered and fetch nothing twice.
 * The Teams page uses the default page size, as the view does until the settings answer.
 *
 * @param hash `location.hash` at launch: `#/teams?q=…`, or empty (the router redirects `/` to Teams)
 */
export function warmStart(client: QueryClient, hash: string): void {
  const route = hash.replace(/^#/, '');
  const i = route.indexOf('?');
  const path = i < 0 ? route : route.slice(0, i);
  const teams = path === '' || path === '/' || path === '/teams';
  // The table's page first: the host answers the page's requests a few at a time.
  if (teams) {
    const params = new URLSearchParams(i < 0 ? '' : route.slice(i + 1));
    const query = listQueryFromSearchParams(params, teamsListOptions(DEFAULT_SETTINGS.pageSize));
    void client.prefetchQuery(listQueryOptions('teams', NO_PATH, query));
  }
  void client.prefetchQuery(appQueries.settings);
  void client.prefetchQuery(appQueries.appInfo);
  void client.prefetchQuery(appQueries.keyStatus);
  void client.prefetchQuery(appQueries.about);
  if (teams) void client.prefetchQuery(listQueryOptions('leagues', NO_PATH, LEAGUES_QUERY));
}
