import { useMemo } from 'react';
import type { SyncStateRow } from '../../../shared/domain/offline.ts';
import { LEADERS_LIST } from '../../../shared/query/lists/leaders.ts';
import { Field, FilterSelect } from '../../components/Field.tsx';
import { FilterControls } from '../../components/FilterBar.tsx';
import { COUNTRY_OPTIONS } from '../../components/options.ts';
import { syncedLeagues } from '../../entities/player/download.ts';
import type { StatsState } from '../../entities/player/leadersSpec.ts';
import { SKATER_POSITION_OPTIONS } from './options.ts';

/** Past this many leagues on this computer, their boxes take a row of their own across the filters. */
const MANY_LEAGUES = 8;

/**
 * The stats browser's filters: leagues (one or several, of those on this computer), seasons (one, or a
 * range), position, nationality, team, draft status, draft age and min GP. Each change starts from the
 * first page; several filters change in one step (`setFilters`) so the URL gets one history entry.
 */
export function StatsFilters(props: {
  filters: Readonly<Record<string, string>>;
  state: StatsState;
  synced: readonly SyncStateRow[];
  teams: readonly { id: number; name: string }[];
  setFilters: (changes: Record<string, string>, replace?: boolean) => void;
}) {
  const { filters, state, setFilters } = props;
  const leagues = useMemo(() => syncedLeagues(props.synced), [props.synced]);
  const seasons = useMemo(() => [...new Set(props.synced.map((s) => s.seasonSlug))].sort().reverse(), [props.synced]);
  const from = filters.season ?? filters['season:min'] ?? '';
  const to = filters.season ?? filters['season:max'] ?? '';
  const setSeasons = (lo: string, hi: string) => {
    const one = lo !== '' && lo === hi;
    setFilters({ season: one ? lo : '', 'season:min': one ? '' : lo, 'season:max': one ? '' : hi });
  };
  const chosen = new Set((filters.league ?? '').split(',').filter((l) => l !== ''));
  const toggleLeague = (slug: string) => {
    const next = new Set(chosen);
    if (next.has(slug)) next.delete(slug);
    else next.add(slug);
    setFilters({ league: [...next].sort().join(',') });
  };
  const seasonOptions = seasons.map((s) => ({ value: s, label: s }));
  return (
    <>
      <Field label="Leagues" group>
        <fieldset
          className={leagues.length > MANY_LEAGUES ? 'league-checks many' : 'league-checks'}
          aria-label="Leagues"
        >
          {leagues.length === 0 ? <span className="muted small">None downloaded</span> : null}
          {leagues.map((l) => (
            <label key={l.slug} className={chosen.has(l.slug) ? 'check on' : 'check'}>
              <input type="checkbox" checked={chosen.has(l.slug)} onChange={() => toggleLeague(l.slug)} />
              {l.slug.toUpperCase()}
            </label>
          ))}
        </fieldset>
      </Field>
      <FilterSelect
        label="From season"
        value={from}
        anyLabel="Earliest"
        options={seasonOptions}
        onChange={(v) => setSeasons(v, to !== '' && v !== '' && to < v ? v : to)}
      />
      <FilterSelect
        label="To season"
        value={to}
        anyLabel="Latest"
        options={seasonOptions}
        onChange={(v) => setSeasons(from !== '' && v !== '' && from > v ? v : from, v)}
      />
      {/* Position (skaters only), nationality, team (within the leagues chosen: the store lists none without
          one), draft status and draft age (single seasons), from the leaders list's definition. */}
      <FilterControls
        definition={LEADERS_LIST}
        filters={filters}
        setFilter={(key, v, replace) => setFilters({ [key]: v }, replace)}
        options={{
          position: SKATER_POSITION_OPTIONS,
          nationality: COUNTRY_OPTIONS,
          team: props.teams.map((t) => ({ value: String(t.id), label: t.name })),
        }}
        {...(chosen.size === 0 ? { anyLabels: { team: 'Choose a league first' } } : {})}
        disabled={{ team: chosen.size === 0 && (filters.team ?? '') === '' }}
        hidden={[...(state.goalies ? ['position'] : []), ...(state.mode === 'seasons' ? [] : ['draftAge'])]}
      />
      <Field label={state.minGPDefault ? 'Min GP (default)' : 'Min GP'}>
        <input
          type="number"
          min={0}
          max={9999}
          inputMode="numeric"
          className="range-input"
          value={filters.minGP ?? String(state.minGP)}
          onChange={(e) => setFilters({ minGP: e.currentTarget.value.replace(/\D/g, '').slice(0, 4) }, true)}
        />
      </Field>
    </>
  );
}
