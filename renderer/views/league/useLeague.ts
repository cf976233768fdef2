import { useMemo } from 'react';
import type { League, LeagueSeason } from '../../../shared/contract/records/index.ts';
import { uniqueSeasons } from '../../../shared/contract/records/season.ts';
import { toServiceError } from '../../bridge/client.ts';
import { useItem, useList } from '../../bridge/queries.ts';
import { LEAGUES_QUERY, NO_PATH, SEASONS_QUERY } from '../../state/leagues.ts';

/**
 * A league as the league page reads it. The record comes from the leagues list (`GET /leagues`, which the
 * other views have cached); `GET /leagues/{slug}` and `GET /leagues/{slug}/seasons` are operations the spec
 * leaves "not shown", used only when the service answers them: without the seasons list, the page offers
 * the league's active and default seasons.
 */
export function useLeague(slug: string) {
  const leagues = useList('leagues', NO_PATH, LEAGUES_QUERY, { prefetchNext: false });
  const path = useMemo(() => ({ slug }), [slug]);
  const item = useItem('league', path);
  const seasonsList = useList('leagueSeasons', path, SEASONS_QUERY, { prefetchNext: false });
  const fromList = leagues.data?.data.find((l) => l.slug === slug);
  const record: League | undefined = item.data?.data ?? fromList;
  const seasons = useMemo((): LeagueSeason[] => {
    const listed = uniqueSeasons(seasonsList.data?.data ?? []);
    if (listed.length > 0 || seasonsList.isSuccess) return listed;
    // No seasons operation answered: the seasons the league record names.
    const named = [record?.activeSeason?.slug, record?.defaultSeason?.slug].filter(
      (s): s is string => typeof s === 'string',
    );
    return uniqueSeasons([...new Set(named)].map((s) => ({ slug: s })));
  }, [seasonsList.data, seasonsList.isSuccess, record]);
  /** The season the service shows by default: the active one, else the default one, else the latest listed. */
  const preferred =
    [record?.activeSeason?.slug, record?.defaultSeason?.slug].find(
      (s) => s !== undefined && seasons.some((x) => x.slug === s),
    ) ?? seasons[0]?.slug;
  const loading = leagues.isLoading || (item.isLoading && !fromList);
  const kindOf = (e: unknown) => (e == null ? null : toServiceError(e).kind);
  // Unknown: the list lacks it and the item answered 404 (or a service without that operation failed it).
  const notFound = !loading && !record && (leagues.isSuccess || kindOf(item.error) === 'not-found');
  // Outside the subscription: the league's own operations answer 403.
  const forbidden = kindOf(seasonsList.error) === 'forbidden' || kindOf(item.error) === 'forbidden';
  return {
    record,
    seasons,
    preferred,
    loading,
    notFound,
    forbidden,
    forbiddenError: forbidden ? (seasonsList.error ?? item.error) : null,
    leaguesError: leagues.isError ? leagues.error : null,
    refetch: () => {
      void leagues.refetch();
      void seasonsList.refetch();
    },
  };
}
