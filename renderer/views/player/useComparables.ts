import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BridgeArgs } from '../../../shared/bridge/bridge.ts';
import { call } from '../../bridge/client.ts';
import { nhleKeys } from '../../state/offline.ts';

/** The query of the comparables of a player-season (`offlineComparables`), for the hook and a warm start alike. */
export const comparablesQuery = (args: BridgeArgs<'offlineComparables'>) =>
  queryOptions({ queryKey: nhleKeys.comparables(args), queryFn: () => call('offlineComparables', args) });

/** The comparables of a player-season (`offlineComparables`); nothing asked while `args` is null. */
export function useComparables(args: BridgeArgs<'offlineComparables'> | null) {
  return useQuery({
    ...comparablesQuery(args as BridgeArgs<'offlineComparables'>),
    queryKey: nhleKeys.comparables(args),
    enabled: args !== null,
    placeholderData: keepPreviousData,
  });
}
