import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListQuery } from '../../../shared/query/query.ts';
import { call } from '../../bridge/client.ts';
import { offlineKeys } from '../../state/offline.ts';
import { playersServiceQuery } from './directory.ts';

/** One page of the offline players list (`offlinePlayers`): the spec's list envelope; the previous page stays while the next loads. */
export function useOfflinePlayers(query: ListQuery) {
  const record = playersServiceQuery(query);
  return useQuery({
    queryKey: offlineKeys.players(record),
    queryFn: () => call('offlinePlayers', { query: record }),
    placeholderData: keepPreviousData,
  });
}
