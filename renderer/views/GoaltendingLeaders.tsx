import { useMemo } from 'react';
import { Link } from 'react-router';
import { CATALOG, fieldsFor, GOALTENDING_COLUMNS, STAT_BLOCK_LABELS } from '../../shared/columns.ts';
import { isDescending, type ListQuery, type ListQueryOptions, sortKeyOf, sortToken } from '../../shared/query.ts';
import { STAT_BLOCKS, type StatBlock } from '../../shared/spec.ts';
import { useSearchParam, useUrlListQuery } from '../app/useUrlListQuery.ts';
import { useList, usePageSize } from '../bridge/queries.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Segmented } from '../components/Segmented.tsx';
import { EmptyState } from '../components/States.tsx';
import type { GoalieStatsRecord } from '../records.ts';
import { DataTable } from '../table/DataTable.tsx';

/** Every sort key the leaders table can put in the URL (all three stat blocks). */
const LEADER_SORT_KEYS = STAT_BLOCKS.flatMap((b) =>
  GOALTENDING_COLUMNS[b].flatMap((c) => (c.sortKey ? [c.sortKey] : [])),
);
const NO_ROWS: GoalieStatsRecord[] = [];
const BLOCK_OPTIONS = STAT_BLOCKS.map((b) => ({ value: b, label: STAT_BLOCK_LABELS[b] }));

/** Moves a sort token to another stat block: `-regularStats.SVP` → `-postseasonStats.SVP`; others stay. */
export function sortForBlock(token: string, block: StatBlock): string {
  const key = sortKeyOf(token);
  const m = /^(regularStats|postseasonStats|totalStats)\.(\w+)$/.exec(key);
  return m ? sortToken(`${block}.${m[2]}`, isDescending(token)) : token;
}

function parseBlock(value: string | null): StatBlock {
  return (STAT_BLOCKS as readonly string[]).includes(value ?? '') ? (value as StatBlock) : 'regularStats';
}

const renderCell = {
  player: (r: GoalieStatsRecord) => (
    <span className="player-cell">
      {r.jerseyNumber != null && r.jerseyNumber !== '' ? <span className="jersey">#{r.jerseyNumber}</span> : null}
      <span className="strong">
        {r.player?.name ?? ([r.player?.firstName, r.player?.lastName].join(' ').trim() || '—')}
      </span>
    </span>
  ),
};

/**
 * Goaltending leaders of a team in a season (GET /teams/{id}/goaltending-leaders,
 * `season` filter): Player, GP … TOI from the chosen stat block, server sort
 * (default `-regularStats.SVP`, spec), paging with 25…1000 rows, virtualised body.
 * State in the URL: `season`, `block`, `sort`, `offset`, `limit`.
 */
export function GoaltendingLeaders(props: {
  teamId: number;
  teamName: string | undefined;
  season: string | undefined;
  /** Renders the season select (the parent owns the season list). */
  seasonControl: React.ReactNode;
  /** Shows a link to the leaders' own page. */
  linkToPage?: boolean;
  /** The team's seasons arrived and there are none: nothing to ask for. */
  noSeasons?: boolean;
}) {
  const pageSize = usePageSize();
  const [blockParam] = useSearchParam('block');
  const block = parseBlock(blockParam);
  const columns = GOALTENDING_COLUMNS[block];
  const options = useMemo<ListQueryOptions>(
    () => ({
      filterKeys: ['season'],
      defaultSort: CATALOG.goaltendingLeaders.defaultSort,
      defaultLimit: pageSize,
      sortKeys: LEADER_SORT_KEYS,
      fields: fieldsFor(CATALOG.goaltendingLeaders, columns) ?? [],
    }),
    [pageSize, columns],
  );
  const [urlQuery, setQuery] = useUrlListQuery(options);
  // The season comes from the parent (the URL's, or the team's latest by default).
  // Stat sorts are read in the block shown (`-regularStats.SVP` on the Total tab sorts by total SV%),
  // so the sorted column is always a visible one.
  const query = useMemo<ListQuery>(() => {
    const q: ListQuery = { ...urlQuery, sort: (urlQuery.sort ?? []).map((t) => sortForBlock(t, block)) };
    if (props.season) q.filters = { ...urlQuery.filters, season: props.season };
    return q;
  }, [urlQuery, props.season, block]);
  const path = useMemo(() => ({ id: props.teamId }), [props.teamId]);
  const list = useList<GoalieStatsRecord>('teamGoaltendingLeaders', path, query, {
    enabled: props.season !== undefined,
  });

  const switchBlock = (next: StatBlock) => {
    // One navigation: the block and the sort move together, so Back restores both.
    const sort = (query.sort ?? []).map((t) => sortForBlock(t, next));
    setQuery({ ...urlQuery, sort, offset: 0 }, { extra: { block: next === 'regularStats' ? null : next } });
  };

  const who = props.teamName ?? 'this team';
  const seasonText = props.season ?? 'this season';
  const total = list.data?._meta.totalRecords ?? 0;
  return (
    <section className="leaders" aria-labelledby="leaders-title">
      <header className="section-head">
        <h2 id="leaders-title">Goaltending leaders</h2>
        {props.seasonControl}
        <Segmented label="Stat block" value={block} options={BLOCK_OPTIONS} onChange={switchBlock} />
        <div className="topbar-spacer" />
        {props.linkToPage && props.season ? (
          <Link
            className="btn ghost small"
            to={`/teams/${props.teamId}/goaltending-leaders?season=${encodeURIComponent(props.season)}`}
          >
            Open as its own page ↗
          </Link>
        ) : null}
      </header>
      <div className="card">
        <DataTable<GoalieStatsRecord>
          label={`Goaltending leaders, ${who}, ${seasonText}, ${STAT_BLOCK_LABELS[block].toLowerCase()}`}
          columns={columns}
          rows={props.season === undefined ? (props.noSeasons ? NO_ROWS : undefined) : list.data?.data}
          totalRecords={total}
          query={query}
          onQueryChange={(q) => setQuery(q)}
          getRowId={(r, i) => String(r.id ?? i)}
          renderCell={renderCell}
          stale={list.isPlaceholderData && list.isFetching}
          className="leaders-scroll"
          error={
            list.isError ? (
              <ErrorPanel
                error={list.error}
                what={`the goaltending stats of ${who} in ${seasonText}`}
                onRetry={() => void list.refetch()}
              />
            ) : undefined
          }
          empty={
            <EmptyState
              title={
                props.noSeasons
                  ? `No seasons recorded for ${who}, so no goaltenders either.`
                  : `No goaltenders recorded for ${who} in ${seasonText}.`
              }
            />
          }
        />
      </div>
    </section>
  );
}
