import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ServiceErrorException } from '../../../shared/contract/errors.ts';
import type { OfflinePlayerDetail } from '../../../shared/domain/offline.ts';
import type { ListQuery } from '../../../shared/query/query.ts';
import { call } from '../../bridge/client.ts';
import { useItem, useList } from '../../bridge/queries.ts';
import { type CareerRow, careerFromService, careerFromStore, mergeCareer } from '../../entities/player/career.ts';
import type { PlayerLinkFrom } from '../../entities/player/links.tsx';

/**
 * Where the career rows came from: the offline store, the one team-season the page was opened from, both (the
 * store without that season's league), or nowhere.
 */
export type CareerSource = 'store' | 'team-season' | 'store+team-season' | 'none';

/** Fields of the one team-season asked for: the columns of a career row. */
const ROW_FIELDS = ['id', 'player', 'season', 'teamName', 'league', 'regularStats', 'postseasonStats'];

/** The store's answer: the player, or null when it does not hold him (its 404). Other errors throw. */
async function fromStore(id: number): Promise<OfflinePlayerDetail | null> {
  try {
    return await call('offlinePlayer', { id });
  } catch (err) {
    if (err instanceof ServiceErrorException && err.error.kind === 'not-found') return null;
    throw err;
  }
}

/** The query of the offline store's copy of a player (`offlinePlayer`), for the page and its warm start alike. */
export const storePlayerQuery = (id: number) =>
  queryOptions({ queryKey: ['offline', 'player', id] as const, queryFn: () => fromStore(id), retry: false });

/**
 * Everything the player page shows, from where it is: the bio from the service (`/players/{id}`), else from
 * the offline store; the career from the store (`offlinePlayer`) when it holds the player, else only the
 * team-season the page was opened from (`/teams/{id}/player-stats?season=…`): the spec has no operation
 * listing a player's seasons. Images (`/players/{id}/images`) once the service knows the player.
 */
export function usePlayer(id: number, from: PlayerLinkFrom | null) {
  const service = useItem('player', { id });
  const store = useQuery(storePlayerQuery(id));
  // The store answers by id alone; rows synced from another service (a base URL used before) may hold another
  // person under this id, so a store copy whose name differs from the service's is not his, and one the
  // service says does not exist (its 404) is not shown either. A service that does not answer leaves the store.
  const serviceName = service.data?.data.name;
  const serviceSaysNone = service.error instanceof ServiceErrorException && service.error.error.kind === 'not-found';
  const storeData =
    store.data && !serviceSaysNone && (serviceName == null || store.data.name === serviceName) ? store.data : null;
  // The team-season the page came from, when the store does not hold that row (his league not downloaded).
  const storeHasFrom = storeData?.stats.some((r) => r.team.id === from?.teamId && r.season === from?.season) ?? false;
  const teamSeasonQuery = useMemo<ListQuery>(
    () => ({ offset: 0, limit: 1000, filters: { season: from?.season ?? '' }, fields: ROW_FIELDS }),
    [from?.season],
  );
  // Only once the store and the service have answered (the store copy is his only if the service agrees).
  const wantTeamSeason =
    from !== null && Boolean(from.season) && store.isSuccess && !service.isLoading && !storeHasFrom;
  const teamSeason = useList('teamPlayerStats', { id: from?.teamId ?? 0 }, teamSeasonQuery, {
    enabled: wantTeamSeason,
    prefetchNext: false,
  });
  const images = useList(
    'playerImages',
    { id },
    { offset: 0, limit: 12, filters: {} },
    { enabled: service.isSuccess, prefetchNext: false },
  );

  const fromRows =
    wantTeamSeason && from && teamSeason.data
      ? careerFromService(
          from.teamId,
          teamSeason.data.data.filter((r) => r.player?.id === id),
        )
      : [];
  let career: CareerRow[] = [];
  let source: CareerSource = 'none';
  if (storeData) {
    career = mergeCareer(careerFromStore(storeData.stats), fromRows);
    source = fromRows.length > 0 ? 'store+team-season' : 'store';
  } else if (fromRows.length > 0) {
    career = fromRows;
    source = 'team-season';
  }
  // Rows already shown stay while the team-season row loads (no flash of "Loading" between the two).
  const careerLoading = store.isLoading || (wantTeamSeason && teamSeason.isLoading && career.length === 0);
  return {
    service,
    store,
    stored: storeData,
    teamSeason: wantTeamSeason ? teamSeason : null,
    images,
    career,
    source,
    careerLoading,
  };
}
