import { keepPreviousData, useQuery } from '@tanstack/react-query';
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
