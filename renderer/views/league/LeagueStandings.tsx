import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { CATALOG } from '../../../shared/columns/index.ts';
import type { ListQueryOptions } from '../../../shared/query/query.ts';
import { useList, usePageSize } from '../../bridge/queries.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Segmented } from '../../components/Segmented.tsx';
import { EmptyState } from '../../components/States.tsx';
import {
  GROUPED_SORT,
  groupOf,
  LAYOUT_OPTIONS,
  LEAGUE_SORT,
  layoutOf,
  type RankedStandingsRecord,
  rankRows,
  STANDINGS_SORT_KEYS,
  type StandingsLayout,
  standingsExportSpec,
  standingsTableSpec,
} from '../../entities/league/standings.ts';
import { TeamNameLink, teamHref } from '../../entities/team/links.tsx';
import { usePrefixedListQuery } from '../../state/usePrefixedListQuery.ts';
import { DataTable } from '../../table/DataTable.tsx';
import { ExportMenu } from '../../table/ExportMenu.tsx';

/**
 * The league page's standings of a season (`GET /leagues/{slug}/standings?season=…`; table spec of the
 * Standings view): by group or league-wide, server sort and paging under the `standings.` URL prefix.
 * A row opens the team in that season. Its export is the Standings view's: by group, the group is a column.
 */
export function LeagueStandings(props: { slug: string; leagueName: string; season: string | undefined }) {
  const { slug, season, leagueName } = props;
  const navigate = useNavigate();
  const pageSize = usePageSize();
  const options = useMemo<ListQueryOptions>(
    () => ({
      filterKeys: [],
      defaultSort: CATALOG.standings.defaultSort,
      defaultLimit: pageSize,
      sortKeys: STANDINGS_SORT_KEYS,
    }),
    [pageSize],
  );
  const [urlQuery, setQuery] = usePrefixedListQuery('standings', options);
  const path = useMemo(() => ({ slug }), [slug]);
  const request = useMemo(
    () => standingsTableSpec({ league: slug, season, query: urlQuery }, { leagueName }),
    [slug, season, urlQuery, leagueName],
  );
  const list = useList('leagueStandings', path, request.query, { enabled: season !== undefined });
  const rows = useMemo(() => (list.data ? rankRows(list.data.data, list.data._meta.offset) : undefined), [list.data]);
  const spec = useMemo(
    () => standingsTableSpec({ league: slug, season, query: urlQuery }, { leagueName, rows }),
    [slug, season, urlQuery, leagueName, rows],
  );
  // By group, an export keeps each row's group in a column of its own (as the Standings view's does).
  const exportSpec = useMemo(() => standingsExportSpec(spec, rows), [spec, rows]);
  const grouped = layoutOf(request.query.sort) === 'groups';
  const renderCell = useMemo(
    () => ({
      teamName: (r: RankedStandingsRecord) => (
        <TeamNameLink id={r.team?.id} name={r.teamName ?? r.team?.name} season={season} />
      ),
      'stats.PTS': (r: RankedStandingsRecord) => <span className="strong">{r.stats?.PTS ?? '—'}</span>,
    }),
    [season],
  );
  const setLayout = (l: StandingsLayout) =>
    setQuery({ ...urlQuery, sort: l === 'groups' ? GROUPED_SORT : LEAGUE_SORT, offset: 0 });
  const what = `the standings of ${leagueName}${season ? ` in ${season}` : ''}`;
  return (
    <section className="list-section fill" aria-labelledby="league-standings-title">
      <header className="section-head">
        <h2 id="league-standings-title">Standings</h2>
        <Segmented label="Layout" value={grouped ? 'groups' : 'league'} options={LAYOUT_OPTIONS} onChange={setLayout} />
        <div className="topbar-spacer" />
        <ExportMenu spec={exportSpec} rows={rows} totalRecords={list.data?._meta.totalRecords ?? 0} />
        <Link className="btn ghost small" to={`/standings?league=${slug}${season ? `&season=${season}` : ''}`}>
          Open in Standings ›
        </Link>
      </header>
      <div className="card fill">
        <DataTable<RankedStandingsRecord>
          label={what}
          columns={spec.columns}
          rows={rows}
          totalRecords={list.data?._meta.totalRecords ?? 0}
          query={request.query}
          onQueryChange={(q) => setQuery({ ...q, filters: {} })}
          getRowId={(r, i) => String(r.id ?? i)}
          onOpenRow={(r) => (r.team?.id ? void navigate(teamHref(r.team.id, season)) : undefined)}
          renderCell={renderCell}
          groupOf={grouped ? groupOf : undefined}
          stale={list.isPlaceholderData && list.isFetching}
          className="fill"
          error={
            list.isError ? <ErrorPanel error={list.error} what={what} onRetry={() => void list.refetch()} /> : undefined
          }
          empty={<EmptyState title={`No standings recorded for ${leagueName}${season ? ` in ${season}` : ''}.`} />}
        />
      </div>
    </section>
  );
}
