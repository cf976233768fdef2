import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseMinGp } from '../../entities/team/minGp.ts';
import { DEFAULT_TREND_METRIC, parseTeamIds, parseTrendMetric, type TrendMetric } from './model.ts';

/** Teams a comparison holds: at least two, at most eight. */
export const MIN_TEAMS = 2;
export const MAX_TEAMS = 8;
/** The goalie chart's games-played qualifier when the URL's `minGP` names none. */
export const GOALIE_MIN_GP = 10;

/**
 * Compare's state in the URL (`#/compare?league=nhl&season=2017-2018&teams=12,34,56&minGP=5&trend=gd`):
 * the league and season as named, the chosen teams, the goalie chart's Min GP and the trend's metric,
 * with their setters. Defaults are left out of the URL.
 */
export function useCompareParams() {
  const [params, setParams] = useSearchParams();
  // `replace`: a change that should not add a history entry per keystroke (Min GP typed digit by digit).
  const setParam = useCallback(
    (changes: Record<string, string | null>, replace = false) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes)) {
            if (v === null || v === '') out.delete(k);
            else out.set(k, v);
          }
          out.sort();
          return out;
        },
        { replace },
      ),
    [setParams],
  );
  const teamIds = useMemo(() => parseTeamIds(params.get('teams'), MAX_TEAMS), [params]);
  // The trend's metric is a choice to keep (a shared link shows it), so it adds a history entry.
  const onTrendMetric = useCallback(
    (m: TrendMetric) => setParam({ trend: m.key === DEFAULT_TREND_METRIC.key ? null : m.key }),
    [setParam],
  );
  const onMinGP = useCallback(
    (n: number) => setParam({ minGP: n === GOALIE_MIN_GP ? null : String(n) }, true),
    [setParam],
  );
  return {
    league: params.get('league'),
    season: params.get('season'),
    teamIds,
    minGP: parseMinGp(params.get('minGP')) ?? GOALIE_MIN_GP,
    trendMetric: parseTrendMetric(params.get('trend')),
    setParam,
    setTeams: (ids: number[]) => setParam({ teams: ids.length ? ids.join(',') : null }),
    onTrendMetric,
    onMinGP,
  };
}
