import { useMemo } from 'react';
import type { Coaches } from '../../../shared/contract/records/index.ts';
import type { ListQuery } from '../../../shared/query/query.ts';
import { useList } from '../../bridge/queries.ts';
import { ALL_SEASONS } from '../../entities/team/links.tsx';

/**
 * A team-season's coaches as its player statistics records give them (spec, "Player statistics record":
 * `coaches` with `headCoaches`, `assistantCoaches`, `goaltendingCoaches`): one record of
 * `GET /teams/{id}/player-stats?season=…&fields=id,coaches&limit=1` (every record of the team-season carries
 * the same coaches). Nothing is asked for all seasons at once or before the season is known.
 */
export function useTeamCoaches(teamId: number, season: string | undefined) {
  const path = useMemo(() => ({ id: teamId }), [teamId]);
  const query = useMemo<ListQuery>(() => {
    const filters: Record<string, string> = {};
    if (season) filters.season = season;
    return { offset: 0, limit: 1, filters, fields: ['id', 'coaches'] };
  }, [season]);
  const enabled = season !== undefined && season !== ALL_SEASONS;
  const list = useList('teamPlayerStats', path, query, { enabled, prefetchNext: false });
  const coaches: Coaches | null | undefined = list.data ? (list.data.data[0]?.coaches ?? null) : undefined;
  return { list, coaches, enabled };
}
