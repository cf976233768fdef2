import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { TeamSeason } from '../../../shared/contract/records/index.ts';
import { uniqueSeasons } from '../../../shared/contract/records/season.ts';
import { useList } from '../../bridge/queries.ts';
import { ALL_SEASONS } from '../../entities/team/links.tsx';
import { SEASONS_QUERY } from '../../state/leagues.ts';
import { useSearchParam } from '../../state/useUrlListQuery.ts';

export { ALL_SEASONS };

/**
 * A team's seasons (GET /teams/{id}/seasons), newest first, one entry per season
 * slug, and the season the view shows: the URL's `season` (a slug, or {@link ALL_SEASONS}),
 * else the latest.
 */
export function useTeamSeasons(teamId: number) {
  const path = useMemo(() => ({ id: teamId }), [teamId]);
  const list = useList('teamSeasons', path, SEASONS_QUERY, { prefetchNext: false });
  const seasons = useMemo(() => uniqueSeasons(list.data?.data ?? []), [list.data]);
  const [param] = useSearchParam('season');
  const [, setParams] = useSearchParams();
  const season = param ?? seasons[0]?.slug;
  // Another season is another list: back to its first page.
  const setSeason = useCallback(
    (slug: string) =>
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        out.set('season', slug);
        out.delete('offset');
        out.delete('scoringOffset');
        out.sort();
        return out;
      }),
    [setParams],
  );
  const seasonSlugs = useMemo(() => seasons.map((s) => s.slug), [seasons]);
  return { list, seasons, seasonSlugs, season, setSeason, explicit: param !== null };
}

/** The season select of the leaders section. */
export function SeasonSelect(props: {
  seasons: readonly TeamSeason[];
  value: string | undefined;
  onChange: (slug: string) => void;
  loading: boolean;
}) {
  const known = props.value === undefined || props.seasons.some((s) => s.slug === props.value);
  return (
    <label className="inline-field">
      <span className="field-label">Season</span>
      <select
        value={props.value ?? ''}
        disabled={props.loading || props.seasons.length === 0}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        {props.loading ? <option value="">Loading…</option> : null}
        {!props.loading && props.seasons.length === 0 ? <option value="">No seasons</option> : null}
        {!known && props.value && props.value !== ALL_SEASONS ? (
          <option value={props.value}>{props.value}</option>
        ) : null}
        {props.seasons.length > 1 || props.value === ALL_SEASONS ? (
          <option value={ALL_SEASONS}>All {props.seasons.length} seasons</option>
        ) : null}
        {props.seasons.map((s) => (
          <option key={s.slug} value={s.slug}>
            {s.slug}
            {s.leagueName ? ` · ${s.leagueName}` : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
