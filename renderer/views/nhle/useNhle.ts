import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BridgeArgs } from '../../../shared/bridge/bridge.ts';
import { call } from '../../bridge/client.ts';
import { nhleKeys } from '../../state/offline.ts';

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

/** Career arcs by draft age and a comparables' median arc (`offlineCareerArcs`); nothing asked without players. */
export function useCareerArcs(args: BridgeArgs<'offlineCareerArcs'>) {
  return useQuery({
    queryKey: nhleKeys.arcs(args),
    queryFn: () => call('offlineCareerArcs', args),
    enabled: args.playerIds.length > 0,
    placeholderData: keepPreviousData,
  });
}
