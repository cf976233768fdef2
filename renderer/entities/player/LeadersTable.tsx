import { type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { LeaderRecord } from '../../../shared/domain/leaders.ts';
import type { ListQuery } from '../../../shared/query/query.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { DataTable } from '../../table/DataTable.tsx';
import { leadersServiceQuery, shownQuery, statsColumns, statsState } from './leadersSpec.ts';
import { PlayerNameLink, playerHref } from './links.tsx';
import { NhleCell } from './NhleCell.tsx';
import { useLeaders, usePrefetchLeaders } from './useLeaders.ts';

const renderCell = {
  player: (r: LeaderRecord) => <PlayerNameLink id={r.player.id} name={r.player.name} />,
  nhlePTSperGP: (r: LeaderRecord) => <NhleCell nhle={r.nhle} value={r.nhle?.PTSperGP ?? null} digits={2} />,
  nhle82: (r: LeaderRecord) => <NhleCell nhle={r.nhle} value={r.nhle?.per82 ?? null} digits={1} />,
  teams: (r: LeaderRecord) => (
    <span className="clip-cell" title={r.teams ?? undefined}>
      {r.teams ?? '—'}
    </span>
  ),
};

/**
 * The stats browser's leaders of a list query (its filters as the store reads them, shared/domain/leaders.ts) and
 * the era-adjusted switch: the state with every default applied, the page of the store's leaders
 * (`offlineLeaders`), its columns, rows and count. For {@link LeadersTable}, the stats browser and a
 * league's Scoring leaders tab.
 */
export function useLeadersTable(query: ListQuery, adjusted: boolean) {
  const state = statsState(query, adjusted);
  const list = useLeaders(leadersServiceQuery(query, state));
  const columns = useMemo(() => statsColumns(state, query.filters), [state, query.filters]);
  return { state, list, columns, rows: list.data?.data, total: list.data?._meta.totalRecords ?? 0 };
}

/**
 * The leaders table: player-seasons (or totals) of the offline store, sorted and paged by the store; a
 * header click asks the store at once (the view's query then finds it in flight) and hands the new query to
 * `setQuery`; a row opens the player.
 */
export function LeadersTable(props: {
  label: string;
  query: ListQuery;
  leaders: ReturnType<typeof useLeadersTable>;
  setQuery: (query: ListQuery) => void;
  /** Shown when the page has no rows. */
  empty: ReactNode;
  className?: string;
}) {
  const navigate = useNavigate();
  const prefetch = usePrefetchLeaders();
  const { state, list, columns, rows, total } = props.leaders;
  return (
    <DataTable<LeaderRecord>
      label={props.label}
      columns={columns}
      rows={rows}
      totalRecords={total}
      query={shownQuery(props.query, state)}
      onQueryChange={(q) => {
        prefetch(leadersServiceQuery(q, statsState(q, state.adjusted)));
        props.setQuery(q);
      }}
      getRowId={(r) => r.key}
      renderCell={renderCell}
      onOpenRow={(r) => void navigate(playerHref(r.player.id))}
      stale={list.isPlaceholderData && list.isFetching}
      className={props.className}
      error={
        list.isError ? (
          <ErrorPanel error={list.error} what="the leaders" onRetry={() => void list.refetch()} />
        ) : undefined
      }
      empty={props.empty}
    />
  );
}
