import { type UseQueryResult, useQueries } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { TeamHistoryRow } from '../../../shared/columns/index.ts';
import type { ListEnvelope } from '../../../shared/contract/envelope.ts';
import type { StandingsRecord, TeamSeason } from '../../../shared/contract/records/index.ts';
import { listQueryOptions } from '../../bridge/queries.ts';
import { historyRequests, teamHistoryRows } from './history.ts';

/** What the team page knows of a team's history: its rows once every request answered, or the first error. */
export interface TeamHistory {
  /** Newest season first; undefined while the seasons or any league's standings load. */
  rows: TeamHistoryRow[] | undefined;
  /** The first failed standings request's error (the seasons list's own error is the page's). */
  error: unknown;
  refetch: () => void;
}

/**
 * A team's seasons joined with its standings rows: one `GET /leagues/{slug}/standings?team=…&season=…`
 * per league the team played in (history.ts), all at once, cached as any list page is.
 * `seasons`: every entry of `/teams/{id}/seasons` (undefined while it loads).
 */
export function useTeamHistory(teamId: number, seasons: readonly TeamSeason[] | undefined): TeamHistory {
  const requests = useMemo(() => historyRequests(teamId, seasons ?? []), [teamId, seasons]);
  // Re-run only when a request answers (react-query memoises `combine`'s result while it and the results stay).
  const combine = useCallback(
    (results: UseQueryResult<ListEnvelope<StandingsRecord>>[]): TeamHistory => {
      const failed = results.find((r) => r.isError);
      const done = seasons !== undefined && results.every((r) => r.isSuccess);
      return {
        rows: done
          ? teamHistoryRows(
              seasons,
              requests.map((r, i) => ({ league: r.league, rows: results[i]?.data?.data ?? [] })),
            )
          : undefined,
        error: failed?.error ?? null,
        refetch: () => {
          for (const r of results) if (r.isError) void r.refetch();
        },
      };
    },
    [seasons, requests],
  );
  return useQueries({
    queries: requests.map((r) => listQueryOptions('leagueStandings', { slug: r.league }, r.query)),
    combine,
  });
}
