import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BridgeArgs } from '../../../shared/bridge/bridge.ts';
import { call } from '../../bridge/client.ts';
import { nhleKeys } from '../../state/offline.ts';

/** The factors NHLe uses on the player page: the default computation's (no query), with the scout's pins. */
export const NHLE_FACTORS_QUERY: Record<string, string> = {};

/** The query of every league's factor into the NHL (`leagueFactors`), for the hook and a warm start alike. */
export const leagueFactorsQuery = (query: Record<string, string>) =>
  queryOptions({ queryKey: nhleKeys.factors(query), queryFn: () => call('leagueFactors', { query }) });

/** Every league's factor into the NHL for a query (`leagueFactors`); the last answer stays while the next loads. */
export function useLeagueFactors(query: Record<string, string>) {
  return useQuery({ ...leagueFactorsQuery(query), placeholderData: keepPreviousData });
}

/** After a pin changes: every factor, NHLe value, comparable and arc is read again. */
function useRefreshNhle() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: nhleKeys.all });
    void client.invalidateQueries({ queryKey: ['offline', 'leaders'] });
  };
}

/** Pins the scout's own factor for a league (`leagueFactorPin`). */
export function usePinFactor() {
  const refresh = useRefreshNhle();
  return useMutation({
    mutationFn: (pin: BridgeArgs<'leagueFactorPin'>) => call('leagueFactorPin', pin),
    onSuccess: refresh,
  });
}

/** Removes the scout's pin of a league (`leagueFactorUnpin`). */
export function useUnpinFactor() {
  const refresh = useRefreshNhle();
  return useMutation({
    mutationFn: (league: string) => call('leagueFactorUnpin', { league }),
    onSuccess: refresh,
  });
}

/** The query of the comparables of a player-season (`offlineComparables`), for the hook and a warm start alike. */
export const comparablesQuery = (args: BridgeArgs<'offlineComparables'>) =>
  queryOptions({ queryKey: nhleKeys.comparables(args), queryFn: () => call('offlineComparables', args) });

/** The comparables of a player-season (`offlineComparables`); the last answer stays while the next loads. */
export function useComparables(args: BridgeArgs<'offlineComparables'>) {
  return useQuery({ ...comparablesQuery(args), placeholderData: keepPreviousData });
}

/** Career arcs by draft age and a comparables' median arc (`offlineCareerArcs`); nothing asked without players. */
export function useCareerArcs(args: BridgeArgs<'offlineCareerArcs'>) {
  return useQuery({
    queryKey: nhleKeys.arcs(args),
    queryFn: () => call('offlineCareerArcs', args),
    enabled: args.playerIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
