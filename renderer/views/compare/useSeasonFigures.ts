import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ListQuery } from '../../../shared/query/query.ts';
import { listQueryOptions, useList } from '../../bridge/queries.ts';
import { type GoalieRow, leagueReference, type TrendMetric, teamFigures, trendRows } from './model.ts';

/** A group of queries as the view reads it: each one's data and error in the order asked, once all have settled. */
interface SettledGroup<T> {
  settled: boolean;
  data: readonly (T | undefined)[];
  errors: readonly unknown[];
}
const UNSETTLED: SettledGroup<never> = { settled: false, data: [], errors: [] };

/**
 * `useQueries`' `combine`: nothing while a query of the group is pending, so the group's answers arriving one
 * by one do not render the view each time (the combined value is the same until all have settled).
 */
function settledGroup<T>(results: readonly UseQueryResult<T>[]): SettledGroup<T> {
  if (results.some((r) => r.isPending)) return UNSETTLED;
  return { settled: true, data: results.map((r) => r.data), errors: results.map((r) => r.error) };
}

/** Every record of a list in one page (the spec's largest page). */
export const ALL: ListQuery = { offset: 0, limit: 1000, filters: {} };
/** How many seasons the trend reads at most (one standings request each, in parallel). */
export const TREND_SEASONS = 30;
const GOALIE_FIELDS = ['id', 'player', 'regularStats'];
const NO_FILTERS: Record<string, string> = {};

/** A league-season's standings (the trend's seasons too), for the hooks and the warm start alike. */
export const standingsOptions = (league: string, season: string) =>
  listQueryOptions('leagueStandings', { slug: league }, { ...ALL, filters: { season } });

/** A team's goaltending leaders in a season, as Compare reads them (every goalie, the fields it needs). */
export const goalieOptions = (teamId: number, season: string | undefined) =>
  listQueryOptions(
    'teamGoaltendingLeaders',
    { id: teamId },
    { ...ALL, filters: season ? { season } : NO_FILTERS, fields: GOALIE_FIELDS },
  );

/** A league-season's team comparison, as Compare reads it. */
export const comparisonOptions = (league: string, season: string) =>
  listQueryOptions('leagueTeamComparison', { slug: league, season }, ALL);

/** The seasons the trend reads: the chosen one and those before it, newest first, at most {@link TREND_SEASONS}. */
export function trendSeasonSlugs(seasonList: readonly { slug: string }[], season: string | undefined): string[] {
  return seasonList
    .filter((s) => season === undefined || s.slug <= season)
    .slice(0, TREND_SEASONS)
    .map((s) => s.slug);
}

/**
 * A league-season's numbers for Compare: its standings (GP, PTS, GF, GA, GD), its team comparison
 * (average age, height, weight) and every team's goaltending leaders (aggregated to team SV% and GAA: the
 * league's reference needs them all), folded into each team's figures and the league's reference.
 */
export function useSeasonFigures(league: string | undefined, season: string | undefined) {
  const leaguePath = useMemo(() => ({ slug: league ?? '' }), [league]);
  const standingsQuery = useMemo<ListQuery>(() => ({ ...ALL, filters: season ? { season } : NO_FILTERS }), [season]);
  const enabled = league !== undefined && season !== undefined;
  const standings = useList('leagueStandings', leaguePath, standingsQuery, { enabled, prefetchNext: false });
  const comparisonPath = useMemo(() => ({ slug: league ?? '', season: season ?? '' }), [league, season]);
  const comparison = useList('leagueTeamComparison', comparisonPath, ALL, { enabled, prefetchNext: false });
  const standingRows = standings.data?.data;
  const leagueTeamIds = useMemo(
    () => (standingRows ?? []).flatMap((r) => (typeof r.team?.id === 'number' ? [r.team.id] : [])),
    [standingRows],
  );
  // One render when every team's goalies have settled, not one per team's answer.
  const goalieResults = useQueries({
    queries: leagueTeamIds.map((id) => ({
      ...goalieOptions(id, season),
      enabled: season !== undefined,
      retry: false,
    })),
    combine: settledGroup,
  });
  const goalies = useMemo(() => {
    const m = new Map<number, GoalieRow[]>();
    goalieResults.data.forEach((d, i) => {
      const id = leagueTeamIds[i];
      if (id !== undefined && d) m.set(id, d.data);
    });
    return m;
  }, [goalieResults, leagueTeamIds]);
  const all = useMemo(
    () => teamFigures(standingRows ?? [], comparison.data?.data ?? [], goalies),
    [standingRows, comparison.data, goalies],
  );
  const reference = useMemo(() => leagueReference(all), [all]);
  return {
    standings,
    standingRows,
    comparison,
    leagueTeamIds,
    goalieErrors: goalieResults.errors,
    goalies,
    goaliesSettled: goalieResults.settled,
    all,
    reference,
  };
}

/**
 * The trend: `metric` of the chosen teams in the chosen season and the ones before it the key can see,
 * newest first, at most {@link TREND_SEASONS} (one standings request each). Read only once teams are chosen
 * and `after` is true (the season's standings are in: their goalie requests go first, so the season's
 * three charts are drawn while the trend's seasons still load).
 */
export function useTrend(
  league: string | undefined,
  seasonList: readonly { slug: string }[],
  season: string | undefined,
  teamIds: readonly number[],
  metric: TrendMetric,
  after: boolean,
) {
  const trendSeasons = useMemo(() => trendSeasonSlugs(seasonList, season), [seasonList, season]);
  // One render when every season has settled, not one per season's answer.
  const trendResults = useQueries({
    queries: trendSeasons.map((s) => ({
      ...standingsOptions(league ?? '', s),
      enabled: teamIds.length > 0 && after,
      retry: false,
    })),
    combine: settledGroup,
  });
  const trend = useMemo(
    () =>
      trendRows(
        trendResults.data.flatMap((d, i) => (d ? [{ season: trendSeasons[i] as string, rows: d.data }] : [])),
        teamIds,
        metric,
      ),
    [trendResults, trendSeasons, teamIds, metric],
  );
  return { trend, trendSeasons, trendSettled: trendResults.settled };
}
