import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { formatCount } from '../../../shared/columns/index.ts';
import type { Team } from '../../../shared/contract/records/index.ts';
import { TEAMS_LIST } from '../../../shared/query/lists/teams.ts';
import { useList, usePageSize } from '../../bridge/queries.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { FilterBar } from '../../components/FilterBar.tsx';
import { InitialsCell } from '../../components/InitialsCell.tsx';
import { statusLabel } from '../../components/labels.ts';
import { COUNTRY_OPTIONS, useLeagueOptions } from '../../components/options.ts';
import { EmptyState } from '../../components/States.tsx';
import { NO_PATH, useLeagues } from '../../state/leagues.ts';
import { useListFilters } from '../../state/useListFilters.ts';
import { useUrlListQuery } from '../../state/useUrlListQuery.ts';
import { DataTable } from '../../table/DataTable.tsx';
import { ExportMenu } from '../../table/ExportMenu.tsx';
import { TEAM_FILTER_KEYS, teamsListOptions, teamsTableSpec } from './spec.ts';

const SEARCH_DEBOUNCE_MS = 300;

const renderCell = {
  name: (t: Team) => (
    <InitialsCell name={t.name}>
      <span className="strong">{t.name ?? `Team ${t.id}`}</span>
    </InitialsCell>
  ),
  teamClass: (t: Team) => (t.teamClass ? statusLabel(t.teamClass) : '—'),
  teamType: (t: Team) => (t.teamType ? statusLabel(t.teamType) : '—'),
  status: (t: Team) =>
    t.status ? <span className={`pill ${t.status === 'active' ? 'ok' : 'off'}`}>{statusLabel(t.status)}</span> : '—',
};

/** Teams: search by name, filters, server sort and paging; a row opens the team. */
export function TeamsView() {
  const pageSize = usePageSize();
  const options = useMemo(() => teamsListOptions(pageSize), [pageSize]);
  const [query, setQuery] = useUrlListQuery(options);
  const navigate = useNavigate();
  const leagues = useLeagues();
  const list = useList('teams', NO_PATH, query);

  const f = useListFilters(query, setQuery, TEAM_FILTER_KEYS, SEARCH_DEBOUNCE_MS);
  const leagueOptions = useLeagueOptions(leagues.data?.data);
  const leagueName =
    leagueOptions.find((l) => l.value === query.filters.league)?.label ??
    (query.filters.league ? `league “${query.filters.league}”` : undefined);
  const total = list.data?._meta.totalRecords ?? 0;
  const rows = list.data?.data;
  const spec = useMemo(() => teamsTableSpec(query, { leagueName, rows }), [query, leagueName, rows]);

  return (
    <section className="view" aria-labelledby="teams-title">
      <header className="view-head">
        <div>
          <h1 id="teams-title">Teams</h1>
          <p className="muted">
            {list.data ? formatCount(total, 'team') : list.isError ? 'Teams could not be loaded' : 'Loading teams…'}
            {leagueName ? ` in ${leagueName}` : ''}
          </p>
        </div>
        <ExportMenu spec={spec} rows={list.data?.data} totalRecords={total} />
      </header>
      <FilterBar
        definition={TEAMS_LIST}
        filters={query.filters}
        f={f}
        options={{ league: leagueOptions, country: COUNTRY_OPTIONS }}
        {...(leagues.isLoading ? { anyLabels: { league: 'Loading…' } } : {})}
      />
      <div className="card fill">
        <DataTable<Team>
          label="Teams"
          columns={spec.columns}
          rows={rows}
          totalRecords={total}
          query={query}
          onQueryChange={(q) => setQuery(q)}
          getRowId={(t) => String(t.id)}
          onOpenRow={(t) => navigate(`/teams/${t.id}`)}
          renderCell={renderCell}
          stale={list.isPlaceholderData && list.isFetching}
          className="fill"
          error={
            list.isError ? (
              <ErrorPanel
                error={list.error}
                what={leagueName ? `the teams of ${leagueName}` : 'the team list'}
                onRetry={() => void list.refetch()}
              />
            ) : undefined
          }
          empty={
            <EmptyState
              title={
                query.filters.q
                  ? `No teams match “${query.filters.q}” with these filters.`
                  : 'No teams match these filters.'
              }
            >
              {f.filtered ? (
                <button type="button" className="btn" onClick={f.clear}>
                  Clear filters
                </button>
              ) : null}
            </EmptyState>
          }
        />
      </div>
    </section>
  );
}
