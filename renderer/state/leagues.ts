import { useMemo } from 'react';
import type { League } from '../../shared/contract/records/index.ts';
import { uniqueSeasons } from '../../shared/contract/records/season.ts';
import type { ListQuery } from '../../shared/query/query.ts';
import { useList } from '../bridge/queries.ts';

/** Path parameters of endpoints without any (`/teams`, `/leagues`): one object, so hook inputs stay stable. */
export const NO_PATH: Record<string, never> = {};

/** The leagues list for selects: one page of up to 1000 (spec limit), the service's default order. */
export const LEAGUES_QUERY: ListQuery = { offset: 0, limit: 1000, filters: {} };

/** A team's or league's seasons: all of them in one page (a league has at most ~150 seasons). */
export const SEASONS_QUERY: ListQuery = { offset: 0, limit: 1000, filters: {} };

/** The league shown when the URL names none: the NHL when the service has it, else the first by name. */
export function defaultLeague(leagues: readonly League[]): string | undefined {
  return (
    leagues.find((l) => l.slug === 'nhl')?.slug ??
    [...leagues].sort((a, b) => (a.name ?? a.slug).localeCompare(b.name ?? b.slug))[0]?.slug
  );
}

/** The leagues the key can see (`GET /leagues`, one page), shared by every view that offers a league. */
export function useLeagues() {
  return useList('leagues', NO_PATH, LEAGUES_QUERY, { prefetchNext: false });
}

/**
 * A view's league and its seasons: the URL's league (`leagueParam`), else {@link defaultLeague}; its
 * record, its path parameters for league endpoints, and its seasons (`GET /leagues/{slug}/seasons`,
 * one entry per season slug, newest first).
 */
export function useLeagueSeasons(leagueParam: string | null) {
  const leagues = useLeagues();
  const league = leagueParam ?? defaultLeague(leagues.data?.data ?? []);
  const leagueRec = leagues.data?.data.find((l) => l.slug === league);
  const leaguePath = useMemo(() => ({ slug: league ?? '' }), [league]);
  const seasons = useList('leagueSeasons', leaguePath, SEASONS_QUERY, {
    enabled: league !== undefined,
    prefetchNext: false,
  });
  const seasonList = useMemo(() => uniqueSeasons(seasons.data?.data ?? []), [seasons.data]);
  return { leagues, league, leagueRec, leaguePath, seasons, seasonList };
}
