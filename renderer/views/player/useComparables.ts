import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BridgeArgs } from '../../../shared/bridge.ts';
import { call } from '../../bridge/client.ts';
import { nhleKeys } from '../../state/offline.ts';

/** The comparables of a player-season (`offlineComparables`); nothing asked while `args` is null. */
export function useComparables(args: BridgeArgs<'offlineComparables'> | null) {
  return useQuery({
    queryKey: nhleKeys.comparables(args),
    queryFn: () => call('offlineComparables', args as BridgeArgs<'offlineComparables'>),
    enabled: args !== null,
    placeholderData: keepPreviousData,
  });
}
