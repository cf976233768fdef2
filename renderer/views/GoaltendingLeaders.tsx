import { useMemo } from 'react';
import { Link } from 'react-router';
import {
  CATALOG,
  type ColumnSpec,
  fieldsFor,
  GOALTENDING_COLUMNS,
  GOALTENDING_SEASON_COLUMN,
  isEmptyValue,
  STAT_BLOCK_LABELS,
} from '../../shared/columns.ts';
import { isDescending, type ListQuery, type ListQueryOptions, sortKeyOf, sortToken } from '../../shared/query.ts';
import { STAT_BLOCKS, type StatBlock } from '../../shared/spec.ts';
import { useSearchParam, useUrlListQuery } from '../app/useUrlListQuery.ts';
import { useList, usePageSize } from '../bridge/queries.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { Segmented } from '../components/Segmented.tsx';
import { EmptyState } from '../components/States.tsx';
import type { GoalieStatsRecord } from '../records.ts';
import { DataTable } from '../table/DataTable.tsx';
import { ExportMenu } from '../table/ExportMenu.tsx';
import { ALL_SEASONS } from './useTeamSeasons.tsx';

/** Every sort key the leaders table can put in the URL (all three stat blocks, and the season). */
const LEADER_SORT_KEYS = [
  ...STAT_BLOCKS.flatMap((b) => GOALTENDING_COLUMNS[b].flatMap((c) => (c.sortKey ? [c.sortKey] : []))),
  'season',
];
/**
 * At most this many seasons in one "All seasons" request: the host takes query values up to 2000
 * characters (shared/endpoints.ts), and a slug and its comma take 10. No franchise has more.
 */
const MAX_SEASONS_PER_REQUEST = 180;

/** The columns of a stat block, with the Season column after the player when ranking across seasons. */
const COLUMNS_ACROSS_SEASONS = Object.fromEntries(
  STAT_BLOCKS.map((b) => {
    const [player, ...stats] = GOALTENDING_COLUMNS[b];
    return [b, player ? [player, GOALTENDING_SEASON_COLUMN, ...stats] : stats];
  }),
) as unknown as Record<StatBlock, readonly ColumnSpec[]>;

/** Whether a goalie's row has no games in a stat block (no playoff games that season). */
function noGamesInRow(r: GoalieStatsRecord, block: StatBlock): boolean {
  const gp = r[block]?.GP;
  return isEmptyValue(gp) || gp === 0;
}

/** Playoff and total rows without games are dimmed (stable functions: body rows are memoised). */
const ROW_CLASS: Record<StatBlock, ((r: GoalieStatsRecord) => string | undefined) | undefined> = {
  regularStats: undefined,
  postseasonStats: (r) => (noGamesInRow(r, 'postseasonStats') ? 'row-dim' : undefined),
  totalStats: (r) => (noGamesInRow(r, 'totalStats') ? 'row-dim' : undefined),
};

/**
 * Whether a page of leaders has no games at all in a stat block (a team-season without playoff games
 * still lists its goalies, every playoff stat empty). Only a whole list on one page can tell.
 */
export function noGamesIn(
  rows: readonly GoalieStatsRecord[] | undefined,
  block: StatBlock,
  wholeList: boolean,
): boolean {
  if (!rows || rows.length === 0 || !wholeList) return false;
  return rows.every((r) => noGamesInRow(r, block));
}
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

/** Games-played qualifiers a scout ranks by (0: every goalie). */
export const MIN_GP_OPTIONS = [0, 5, 10, 20, 30, 40] as const;

/** The URL's `minGP`: a whole number of games ≥ 0; anything else means no qualifier. */
export function parseMinGp(value: string | null): number {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 && n <= 200 ? n : 0;
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
 * State in the URL: `season`, `block`, `minGP` (games-played qualifier), `sort`, `offset`, `limit`.
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
  /** Every season slug of the team, newest first (for `season` = {@link ALL_SEASONS}). */
  seasons: readonly string[];
  /** The table takes the rest of the view (the leaders' own page) instead of a capped height. */
  fill?: boolean;
}) {
  const pageSize = usePageSize();
  const [blockParam] = useSearchParam('block');
  const block = parseBlock(blockParam);
  const [minGpParam] = useSearchParam('minGP');
  const minGp = parseMinGp(minGpParam);
  const allSeasons = props.season === ALL_SEASONS;
  const columns = allSeasons ? COLUMNS_ACROSS_SEASONS[block] : GOALTENDING_COLUMNS[block];
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
  // "All seasons" asks for every season slug (the service ranks across the seasons it is given).
  const seasonFilter = allSeasons ? props.seasons.slice(0, MAX_SEASONS_PER_REQUEST).join(',') : props.season;
  const query = useMemo<ListQuery>(() => {
    const q: ListQuery = { ...urlQuery, sort: (urlQuery.sort ?? []).map((t) => sortForBlock(t, block)) };
    const filters = { ...urlQuery.filters };
    if (seasonFilter) filters.season = seasonFilter;
    // The qualifier counts games of the block shown (playoff games on the Playoffs tab); the service
    // filters with `<block>.GP:min` (real-service-notes, "Stat blocks").
    if (minGp > 0) filters[`${block}.GP:min`] = String(minGp);
    q.filters = filters;
    return q;
  }, [urlQuery, seasonFilter, block, minGp]);
  const path = useMemo(() => ({ id: props.teamId }), [props.teamId]);
  const list = useList<GoalieStatsRecord>('teamGoaltendingLeaders', path, query, {
    enabled: Boolean(seasonFilter),
  });

  // The table's query carries the season sent to the service (every slug for "All seasons"); the URL
  // keeps the season as chosen (`all`, a slug, or none for the latest), so header and pager changes
  // write back the URL's filters.
  const switchBlock = (next: StatBlock) => {
    // One navigation: the block and the sort move together, so Back restores both.
    const sort = (query.sort ?? []).map((t) => sortForBlock(t, next));
    setQuery({ ...urlQuery, sort, offset: 0 }, { extra: { block: next === 'regularStats' ? null : next } });
  };

  const changeMinGp = (next: number) => {
    setQuery({ ...urlQuery, offset: 0 }, { extra: { minGP: next > 0 ? String(next) : null } });
  };

  const who = props.teamName ?? 'this team';
  const seasonText = allSeasons ? 'all seasons' : (props.season ?? 'this season');
  const rows = list.data?.data;
  const listTotal = list.data?._meta.totalRecords ?? 0;
  // A team-season without playoff games lists its goalies with every playoff stat empty: say so.
  const noGames =
    block === 'postseasonStats' &&
    !list.isPlaceholderData &&
    noGamesIn(rows, block, query.offset === 0 && listTotal <= (rows?.length ?? 0));
  const total = noGames ? 0 : listTotal;
  const seasonWords = allSeasons ? 'in any season' : `in ${seasonText}`;
  return (
    <section className={props.fill ? 'leaders fill' : 'leaders'} aria-labelledby="leaders-title">
      <header className="section-head">
        <h2 id="leaders-title">Goaltending leaders</h2>
        {props.seasonControl}
        <Segmented label="Stat block" value={block} options={BLOCK_OPTIONS} onChange={switchBlock} />
        <label className="inline-field">
          <span className="field-label">Min GP</span>
          <select value={minGp} onChange={(e) => changeMinGp(Number(e.currentTarget.value))}>
            {MIN_GP_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n === 0 ? 'Any' : n}
              </option>
            ))}
            {(MIN_GP_OPTIONS as readonly number[]).includes(minGp) ? null : <option value={minGp}>{minGp}</option>}
          </select>
        </label>
        <div className="topbar-spacer" />
        <ExportMenu
          spec={{
            endpoint: 'teamGoaltendingLeaders',
            path,
            query,
            columns,
            context: {
              view: 'Goaltending leaders',
              ...(props.teamName ? { team: props.teamName } : {}),
              season: allSeasons ? 'All seasons' : (props.season ?? ''),
              block: STAT_BLOCK_LABELS[block],
            },
          }}
          rows={rows}
          totalRecords={total}
        />
        {props.linkToPage && props.season ? (
          <Link
            className="btn ghost small"
            to={`/teams/${props.teamId}/goaltending-leaders?${new URLSearchParams({
              ...(block === 'regularStats' ? {} : { block }),
              ...(minGp > 0 ? { minGP: String(minGp) } : {}),
              season: props.season,
            })}`}
          >
            Open as its own page ↗
          </Link>
        ) : null}
      </header>
      <div className={props.fill ? 'card fill' : 'card'}>
        <DataTable<GoalieStatsRecord>
          label={`Goaltending leaders, ${who}, ${seasonText}, ${STAT_BLOCK_LABELS[block].toLowerCase()}`}
          columns={columns}
          rows={props.season === undefined ? (props.noSeasons ? NO_ROWS : undefined) : noGames ? NO_ROWS : rows}
          totalRecords={total}
          query={query}
          onQueryChange={(q) => setQuery({ ...q, filters: urlQuery.filters })}
          getRowId={(r, i) => String(r.id ?? i)}
          renderCell={renderCell}
          rowClass={ROW_CLASS[block]}
          stale={list.isPlaceholderData && list.isFetching}
          className={props.fill ? 'fill' : 'leaders-scroll'}
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
            noGames ? (
              <EmptyState title={`${who} played no playoff games ${seasonWords}.`}>
                <p className="muted small">Its goaltenders are listed under the regular season.</p>
                <button type="button" className="btn" onClick={() => switchBlock('regularStats')}>
                  Show the regular season
                </button>
              </EmptyState>
            ) : (
              <EmptyState
                title={
                  props.noSeasons
                    ? `No seasons recorded for ${who}, so no goaltenders either.`
                    : minGp > 0
                      ? `No goaltender of ${who} played ${minGp} or more games ${seasonWords}.`
                      : `No goaltenders recorded for ${who} ${seasonWords}.`
                }
              />
            )
          }
        />
      </div>
    </section>
  );
}
