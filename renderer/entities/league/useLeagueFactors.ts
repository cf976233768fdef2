import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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
