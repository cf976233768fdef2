import type { BridgeArgs } from '../../../shared/bridge/bridge.ts';
import type { LeagueFactors } from '../../../shared/domain/nhle.ts';
import { COMPARABLES_K } from '../../../shared/domain/nhle-model.ts';
import type { OfflinePlayerDetail } from '../../../shared/domain/offline.ts';
import { itemQueryOptions } from '../../bridge/queries.ts';
import { leagueFactorsQuery, NHLE_FACTORS_QUERY } from '../../entities/league/useLeagueFactors.ts';
import { careerByLine, careerFromStore, isGoalieCareer } from '../../entities/player/career.ts';
import { playerIdParam } from '../../entities/player/links.tsx';
import type { WarmRoute } from '../../state/warmRoute.ts';
import { defaultSubject, factorLookup, nhleSeasons } from './playerNhle.ts';
import { comparablesQuery } from './useComparables.ts';
import { storePlayerQuery } from './usePlayer.ts';

/**
 * The comparables the player page asks for first (nhle/PlayerNhle.tsx): of his newest skating season in a
 * league with a factor and a known draft age, the default count, without height and weight; null for a
 * goalie or a skater without such a season. From the store's copy of him and the `leagueFactors` answer.
 */
export function firstComparables(
  player: OfflinePlayerDetail,
  factors: LeagueFactors,
): BridgeArgs<'offlineComparables'> | null {
  const career = careerFromStore(player.stats);
  if (isGoalieCareer(player.position, career)) return null;
  const seasons = nhleSeasons(careerByLine(career, false).own, factorLookup(factors.leagues), player.dateOfBirth);
  const subject = defaultSubject(seasons);
  if (subject === null) return null;
  return { playerId: player.id, league: subject.league, season: subject.season, k: COMPARABLES_K, size: false };
}

/**
 * The player page's data from the route change (`#/players/{id}`): the service's player, the store's copy of
 * him and the league factors at once, and his first comparables as soon as the store's copy and the factors
 * are in: the page would ask for them only after rendering both.
 */
export const warmPlayerPage: WarmRoute = (client, params) => {
  const id = playerIdParam(params.id);
  if (id === null) return;
  void client.prefetchQuery(itemQueryOptions('player', { id }));
  Promise.all([client.fetchQuery(storePlayerQuery(id)), client.fetchQuery(leagueFactorsQuery(NHLE_FACTORS_QUERY))])
    .then(([player, factors]) => {
      const args = player === null ? null : firstComparables(player, factors);
      if (args !== null) return client.prefetchQuery(comparablesQuery(args));
    })
    .catch(() => {});
};
