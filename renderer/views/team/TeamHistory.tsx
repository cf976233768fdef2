import { useMemo } from 'react';
import { formatCount, type TeamHistoryRow } from '../../../shared/columns/index.ts';
import type { ListQuery } from '../../../shared/query/query.ts';
import { ChartExportMenu } from '../../charts/ChartExportMenu.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { EmptyState } from '../../components/States.tsx';
import { DataTable } from '../../table/DataTable.tsx';
import { historyColumns, historyTable } from './history.ts';
import { PlayoffResult } from './TeamSeasonSummary.tsx';
import type { TeamHistory as History } from './useTeamHistory.ts';
import './team.css';

const QUERY: ListQuery = { offset: 0, limit: 1000, filters: {} };
const NO_ROWS: TeamHistoryRow[] = [];
const RENDER_CELL = { postseason: (r: TeamHistoryRow) => <PlayoffResult row={r} /> };

/**
 * The team's history, year by year (newest first): season, league, GP, W, L, T/OTL as the data has them,
 * PTS, finish in its division and the playoff result, from its seasons and each league's standings. A row
 * opens that season on the page (click, or Enter on the row); the season shown is marked.
 */
export function TeamHistory(props: {
  teamId: number;
  teamName: string | undefined;
  history: History;
  /** The team's seasons arrived and there are none. */
  noSeasons: boolean;
  /** The season the page shows (a slug, `all`, or undefined while the seasons load). */
  season: string | undefined;
  onPick: (season: string) => void;
  /** The seasons list failed: its error, shown here in place of the table. */
  seasonsError: unknown;
  onRetrySeasons: () => void;
}) {
  const { history, season } = props;
  const rows = props.noSeasons ? NO_ROWS : history.rows;
  const columns = useMemo(() => historyColumns(rows ?? [], props.teamName), [rows, props.teamName]);
  const table = useMemo(() => historyTable(columns, rows ?? []), [columns, rows]);
  const rowClass = useMemo(() => (r: TeamHistoryRow) => (r.season === season ? 'row-current' : undefined), [season]);
  const who = props.teamName ?? `team ${props.teamId}`;
  const seasonCount = new Set((rows ?? []).map((r) => r.season)).size;
  return (
    <section className="team-history" aria-labelledby="history-title">
      <header className="section-head">
        <h2 id="history-title">History</h2>
        <span className="muted small">{rows ? formatCount(seasonCount, 'season') : ''}</span>
        <span className="muted small">Choose a season to show it on this page.</span>
        <div className="topbar-spacer" />
        <ChartExportMenu
          table={table}
          context={{ view: 'Team history', team: props.teamName ?? `Team ${props.teamId}` }}
        />
      </header>
      <div className="card">
        <DataTable<TeamHistoryRow>
          label={`History of ${who}, season by season`}
          columns={columns}
          rows={rows}
          totalRecords={rows?.length ?? 0}
          query={QUERY}
          onQueryChange={() => {}}
          paging={false}
          getRowId={(r) => `${r.season}|${r.leagueSlug ?? ''}`}
          onOpenRow={(r) => props.onPick(r.season)}
          rowClass={rowClass}
          renderCell={RENDER_CELL}
          className="history-scroll"
          error={
            props.seasonsError ? (
              <ErrorPanel error={props.seasonsError} what={`the seasons of ${who}`} onRetry={props.onRetrySeasons} />
            ) : history.error ? (
              <ErrorPanel error={history.error} what={`the standings of ${who}`} onRetry={history.refetch} />
            ) : undefined
          }
          empty={<EmptyState title={`No seasons recorded for ${who}.`} />}
        />
      </div>
    </section>
  );
}
