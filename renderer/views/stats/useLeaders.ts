import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { call } from '../../bridge/client.ts';
import { offlineKeys } from '../../state/offline.ts';

/** One page of the stats browser's leaders (`offlineLeaders`); the previous page stays while the next loads. */
export function useLeaders(record: Record<string, string>) {
  return useQuery({
    queryKey: offlineKeys.leaders(record),
    queryFn: () => call('offlineLeaders', { query: record }),
    placeholderData: keepPreviousData,
  });
}
