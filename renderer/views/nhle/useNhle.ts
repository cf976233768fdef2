import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BridgeArgs } from '../../../shared/bridge.ts';
import { call } from '../../bridge/client.ts';
import { nhleKeys } from '../../state/offline.ts';

/** Every league's factor into the NHL for a query (`leagueFactors`); the last answer stays while the next loads. */
export function useLeagueFactors(query: Record<string, string>) {
  return useQuery({
    queryKey: nhleKeys.factors(query),
    queryFn: () => call('leagueFactors', { query }),
    placeholderData: keepPreviousData,
  });
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

/** The comparables of a player-season (`offlineComparables`); nothing asked while `args` is null. */
export function useComparables(args: BridgeArgs<'offlineComparables'> | null) {
  return useQuery({
    queryKey: nhleKeys.comparables(args),
    queryFn: () => call('offlineComparables', args as BridgeArgs<'offlineComparables'>),
    enabled: args !== null,
    placeholderData: keepPreviousData,
  });
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
