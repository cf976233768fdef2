import { useQueries } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ServiceErrorException } from '../../../shared/contract/errors.ts';
import { itemQueryOptions } from '../../bridge/queries.ts';
import type { TrendMetric } from './model.ts';
import { useSeasonFigures, useTrend } from './useSeasonFigures.ts';

const isForbidden = (e: unknown) => e instanceof ServiceErrorException && e.error.kind === 'forbidden';
const isNotFound = (e: unknown) => e instanceof ServiceErrorException && e.error.kind === 'not-found';

/** What Compare reads its numbers for: the league-season, its seasons, the chosen teams, the trend's metric. */
export interface CompareInput {
  league: string | undefined;
  season: string | undefined;
  seasonList: readonly { slug: string }[];
  /** Whether the league's seasons have been read (the trend's seasons come from them). */
  seasonsSettled: boolean;
  /** The league's name for notes (`NHL`). */
  leagueName: string;
  teamIds: readonly number[];
  trendMetric: TrendMetric;
}

/**
 * Every number Compare draws, and what it leaves out: the season's figures (useSeasonFigures), the
 * chosen teams among them in the order chosen, the trend, notes on chosen teams missing from the season
 * and on goalies that could not be read, whether the season has shots (SV%), and `ready` once every
 * request has settled: `figuresReady` once the season's (standings, team comparison, every team's goalies),
 * `trendReady` once the trend's.
 */
export function useCompareData(input: CompareInput) {
  const { league, season, leagueName, teamIds } = input;
  const figures = useSeasonFigures(league, season);
  const trend = useTrend(league, input.seasonList, season, teamIds, input.trendMetric, figures.standings.isSuccess);
  const { all, standingRows, leagueTeamIds, goalieErrors } = figures;
  const chosen = useMemo(() => teamIds.flatMap((id) => all.filter((t) => t.id === id)), [teamIds, all]);
  const missing = teamIds.filter((id) => standingRows && !leagueTeamIds.includes(id));
  // A chosen team not in the season's standings: the team itself says why (outside the key's
  // subscription, unknown, or in another league that season).
  const missingResults = useQueries({
    queries: missing.map((id) => ({ ...itemQueryOptions('team', { id }), retry: false })),
  });
  const missingNotes = missing.map((id, i) => {
    const r = missingResults[i];
    if (r?.isError && isForbidden(r.error)) return `Team ${id} is outside your subscription: it is left out.`;
    if (r?.isError && isNotFound(r.error)) return `There is no team ${id}: it is left out.`;
    const name = r?.data?.data.name;
    return name
      ? `${name} did not play in ${leagueName} ${season}: it is left out.`
      : `Team ${id} did not play in ${leagueName} ${season}, or is outside your subscription.`;
  });
  const goalieNoteList = chosen.flatMap((t) => {
    const error = goalieErrors[leagueTeamIds.indexOf(t.id)];
    if (error == null) return [];
    return [
      isForbidden(error)
        ? `The goaltending of ${t.name} is outside your subscription.`
        : `The goaltending of ${t.name} could not be read.`,
    ];
  });
  // The charts are memoised on their props: the notes keep their identity while their contents do.
  const goalieNoteKey = goalieNoteList.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: goalieNoteKey is the list's contents
  const goalieNotes = useMemo(() => goalieNoteList, [goalieNoteKey]);
  const shots = chosen.some((t) => t.SVP !== null) || all.some((t) => t.SVP !== null);
  const { standings, comparison } = figures;
  // The charts of each group are drawn as soon as its numbers are in (CompareCharts).
  const figuresReady = standings.isSuccess && (comparison.isSuccess || comparison.isError) && figures.goaliesSettled;
  // Before the league's seasons are in, the trend has no seasons to wait for: it is not ready yet.
  const trendReady = input.seasonsSettled && trend.trendSettled;
  const ready = figuresReady && trendReady;
  return {
    data: { ...figures, chosen, goalieNotes, shots },
    trend,
    missingNotes,
    ready,
    figuresReady,
    trendReady,
  };
}
