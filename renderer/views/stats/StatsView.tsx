import { useMemo } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../../shared/columns/index.ts';
import type { StatBlock } from '../../../shared/domain/offline.ts';
import { usePageSize } from '../../bridge/queries.ts';
import { ClearFilters } from '../../components/ClearFilters.tsx';
import { Field } from '../../components/Field.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { EmptyState } from '../../components/States.tsx';
import { LeadersTable, useLeadersTable } from '../../entities/player/LeadersTable.tsx';
import {
  STATS_FILTER_KEYS,
  type StatsState,
  statsCaption,
  statsListOptions,
  statsTableSpec,
} from '../../entities/player/leadersSpec.ts';
import { useOfflineStatus } from '../../state/offline.ts';
import { useSearchParam, useUrlListQuery } from '../../state/useUrlListQuery.ts';
import { ExportMenu } from '../../table/ExportMenu.tsx';
import { BLOCK_OPTIONS, MODE_OPTIONS, statsHeadline } from './options.ts';
import { StatsFilters } from './StatsFilters.tsx';
import './stats.css';

export { warmStats } from './warmStats.ts';

/** Filters that narrow the rows (the switches, min GP and paging aside): what "Clear filters" clears. */
const NARROWING = STATS_FILTER_KEYS.filter((k) => !['block', 'mode', 'minGP', 'position'].includes(k));

/**
 * The stats browser (`#/players/stats`): player-seasons of the offline store ranked by what they produced,
 * as Elite Prospects' league stats and Hockey-Reference's season leaders, filtered by league, season or a
 * range, draft age, position, nationality, team and draft status; best single seasons or totals over the
 * range; sorted by any stat or rate and paged by the store; exported like every table.
 */
export function StatsView() {
  const pageSize = usePageSize();
  const options = useMemo(() => statsListOptions(pageSize), [pageSize]);
  const [query, setQuery] = useUrlListQuery(options);
  const [adjustedParam, setAdjusted] = useSearchParam('adjusted');
  const status = useOfflineStatus();
  const leaders = useLeadersTable(query, adjustedParam === '1');
  const { state, list, total, rows } = leaders;

  /** Sets filters in one step from the first page; the min GP goes back to its default when the part changes. */
  const setFilters = (changes: Record<string, string>, replace = false) => {
    const filters = { ...query.filters };
    for (const [k, v] of Object.entries(changes)) {
      if (v) filters[k] = v;
      else delete filters[k];
    }
    // A new kind of row (skaters, goalies) has its own columns, so its own default sort.
    const kindChanged = (filters.position === 'G') !== state.goalies;
    setQuery({ ...query, filters, offset: 0, ...(kindChanged ? { sort: [] } : {}) }, { replace });
  };
  const setPart = (key: 'block' | 'mode', value: string) =>
    setFilters({ [key]: value === (key === 'block' ? 'regularStats' : 'seasons') ? '' : value, minGP: '' });
  const filtered = NARROWING.some((k) => Boolean(query.filters[k]));
  const leagueNames = (query.filters.league ?? '').toUpperCase().replaceAll(',', ', ') || 'Every league';
  const spec = statsTableSpec(query, state, leagueNames);
  const storeEmpty = status.data !== undefined && status.data.counts.players === 0;

  return (
    <section className="view" aria-labelledby="stats-title">
      <header className="view-head">
        <div>
          <h1 id="stats-title">Stats browser</h1>
          <p className="muted">
            {statsHeadline({
              count: list.data
                ? `${formatCount(total, state.mode === 'seasons' ? 'player-season' : 'player')} match the filters`
                : undefined,
              failed: list.isError,
              preparing: status.data?.progress?.preparing === true,
            })}{' '}
            · <Link to="/players">Players directory</Link> · <Link to="/players/factors">League factors (NHLe)</Link>
          </p>
        </div>
        <div className="head-actions">
          <ExportMenu spec={spec} rows={rows} totalRecords={total} />
        </div>
      </header>
      <StatsSwitches state={state} setFilters={setFilters} setPart={setPart} setAdjusted={setAdjusted} />
      <search className="toolbar filter-bar stats-filters">
        <StatsFilters
          filters={query.filters}
          state={state}
          synced={status.data?.synced ?? []}
          teams={list.data?.leaders.teams ?? []}
          setFilters={setFilters}
        />
        <ClearFilters
          filtered={filtered}
          onClear={() => setFilters(Object.fromEntries(NARROWING.map((k) => [k, ''])))}
        />
      </search>
      <p className="muted small stats-caption" data-testid="stats-caption">
        {statsCaption(query.filters, state)}
        {state.adjusted ? ' · era-adjusted to 6 goals and 10 assists a game (Hockey-Reference’s method)' : ''}
      </p>
      <div className="card fill">
        <LeadersTable
          label="Leaders"
          query={query}
          leaders={leaders}
          setQuery={setQuery}
          className="fill"
          empty={
            storeEmpty ? (
              <EmptyState title="No players downloaded yet">
                <Link className="btn primary" to="/players">
                  Download for offline
                </Link>
              </EmptyState>
            ) : (
              <EmptyState title="No player matches these filters.">
                <span className="muted">Min GP is {state.minGP}: lower it to see shorter seasons.</span>
              </EmptyState>
            )
          }
        />
      </div>
    </section>
  );
}

/** The switches above the filters: skaters or goalies, single seasons or totals, the games, the era-adjusted columns. */
function StatsSwitches(props: {
  state: StatsState;
  setFilters: (changes: Record<string, string>) => void;
  setPart: (key: 'block' | 'mode', value: string) => void;
  setAdjusted: (value: string | null) => void;
}) {
  const { state, setFilters, setPart, setAdjusted } = props;
  return (
    <div className="toolbar stats-switches">
      <Segmented
        label="Players"
        value={state.goalies ? 'goalies' : 'skaters'}
        options={[
          { value: 'skaters', label: 'Skaters' },
          { value: 'goalies', label: 'Goalies' },
        ]}
        onChange={(v) => setFilters({ position: v === 'goalies' ? 'G' : '' })}
      />
      <Segmented label="Rows" value={state.mode} options={MODE_OPTIONS} onChange={(v) => setPart('mode', v)} />
      <Segmented<StatBlock>
        label="Games"
        value={state.block}
        options={BLOCK_OPTIONS}
        onChange={(v) => setPart('block', v)}
      />
      {state.goalies ? null : (
        <Field label="Columns">
          <span className="check-inline">
            <input
              type="checkbox"
              checked={state.adjusted}
              onChange={(e) => setAdjusted(e.currentTarget.checked ? '1' : null)}
            />
            Era-adjusted
          </span>
        </Field>
      )}
    </div>
  );
}
