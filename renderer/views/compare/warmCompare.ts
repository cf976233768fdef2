import type { QueryClient } from '@tanstack/react-query';
import { uniqueSeasons } from '../../../shared/contract/records/season.ts';
import { listQueryOptions } from '../../bridge/queries.ts';
import { defaultLeague, LEAGUES_QUERY, NO_PATH, SEASONS_QUERY } from '../../state/leagues.ts';
import type { WarmRoute } from '../../state/warmRoute.ts';
import { parseTeamIds } from './model.ts';
import { MAX_TEAMS } from './useCompareParams.ts';
import { comparisonOptions, goalieOptions, standingsOptions, trendSeasonSlugs } from './useSeasonFigures.ts';

/** The view's league: the URL's, else the default of the leagues the key can see. */
async function leagueOf(client: QueryClient, param: string | null): Promise<string | undefined> {
  if (param !== null) return param;
  return defaultLeague((await client.fetchQuery(listQueryOptions('leagues', NO_PATH, LEAGUES_QUERY))).data);
}

/**
 * Compare's data from the route change (`#/compare?league=nhl&season=2017-2018&teams=12,34`), in the order
 * its charts are drawn: the leagues and the league's seasons, the season's standings and team comparison,
 * every team's goalies as soon as the standings name the teams, then, with teams chosen, the trend's
 * standings (the chart drawn last, useCompareData). The view's hooks find each query in flight or answered.
 */
export const warmCompare: WarmRoute = (client, _params, search) => {
  void client.prefetchQuery(listQueryOptions('leagues', NO_PATH, LEAGUES_QUERY));
  const teams = parseTeamIds(search.get('teams'), MAX_TEAMS);
  const warm = async () => {
    const league = await leagueOf(client, search.get('league'));
    if (league === undefined) return;
    const seasons = client.fetchQuery(listQueryOptions('leagueSeasons', { slug: league }, SEASONS_QUERY));
    const seasonList = search.get('season') === null ? uniqueSeasons((await seasons).data) : null;
    const season = search.get('season') ?? seasonList?.[0]?.slug;
    if (season === undefined) return;
    void client.prefetchQuery(comparisonOptions(league, season));
    const standings = await client.fetchQuery(standingsOptions(league, season));
    for (const r of standings.data) {
      if (typeof r.team?.id === 'number') void client.prefetchQuery(goalieOptions(r.team.id, season));
    }
    if (teams.length === 0) return;
    for (const s of trendSeasonSlugs(seasonList ?? uniqueSeasons((await seasons).data), season)) {
      void client.prefetchQuery(standingsOptions(league, s));
    }
  };
  warm().catch(() => {});
};
