import { type ColumnSpec, LEADER_COLUMNS, leaderColumns, STAT_BLOCK_LABELS } from '../../../shared/columns/index.ts';
import { defaultMinGP, LEADER_DEFAULT_SORT, LEADER_MODES, type LeaderMode } from '../../../shared/domain/leaders.ts';
import { STAT_BLOCKS, type StatBlock } from '../../../shared/domain/offline.ts';
import { columnSortKeys, filterNames } from '../../../shared/query/lists/definition.ts';
import { LEADERS_LIST } from '../../../shared/query/lists/leaders.ts';
import { type ListQuery, type ListQueryOptions, listQueryToServiceQuery } from '../../../shared/query/query.ts';
import type { StoreTableSpec } from '../../../shared/query/table-spec.ts';

/**
 * The player-season leaders' list of the stats browser (`#/players/stats`), which a league's Scoring
 * leaders tab shows too, pure: its URL state, the query it sends the store (`offlineLeaders`), its columns,
 * its caption and the table spec an export sends.
 *
 * URL: `#/players/stats?league=nhl&season=2023-2024&sort=-PTS`; also `season:min` and `season:max` (a
 * range), `position` (`C`, `LW`, `RW`, `D`, `F`; `G` for goalies), `nationality`, `team`, `draft`,
 * `draftAge:min`, `draftAge:max`, `block` (`regularStats`, `postseasonStats`, `totalStats`), `mode`
 * (`seasons`, `totals`), `minGP`, `offset`, `limit`, and `adjusted=1` (the era-adjusted columns).
 */

/** The view's route. */
export const STATS_PATH = '/players/stats';

/** The URL's filters: the leaders list's, as its definition declares them (shared/query/lists/leaders.ts). */
export const STATS_FILTER_KEYS: readonly string[] = filterNames(LEADERS_LIST);

/** How the view reads its list query from the URL: the catalog's sort keys; the default sort depends on the kind. */
export function statsListOptions(pageSize: number): ListQueryOptions {
  return {
    filterKeys: STATS_FILTER_KEYS,
    defaultLimit: pageSize,
    sortKeys: columnSortKeys(LEADERS_LIST.columns),
  };
}

/** What the URL asks for, with every default applied. */
export interface StatsState {
  goalies: boolean;
  mode: LeaderMode;
  block: StatBlock;
  minGP: number;
  /** Whether min GP is the default of the mode and block (not set in the URL). */
  minGPDefault: boolean;
  sort: string[];
  adjusted: boolean;
}

/** The state of a list query and the `adjusted` view parameter. */
export function statsState(query: ListQuery, adjusted: boolean): StatsState {
  const f = query.filters;
  const goalies = f.position === 'G';
  const mode: LeaderMode = (LEADER_MODES as readonly string[]).includes(f.mode ?? '')
    ? (f.mode as LeaderMode)
    : 'seasons';
  const block: StatBlock = (STAT_BLOCKS as readonly string[]).includes(f.block ?? '')
    ? (f.block as StatBlock)
    : 'regularStats';
  const set = f.minGP !== undefined && /^\d{1,4}$/.test(f.minGP);
  return {
    goalies,
    mode,
    block,
    minGP: set ? Number(f.minGP) : defaultMinGP(mode, block),
    minGPDefault: !set,
    sort: query.sort && query.sort.length > 0 ? query.sort : [LEADER_DEFAULT_SORT[goalies ? 'goalies' : 'skaters']],
    adjusted: adjusted && !goalies,
  };
}

/** The list query as shown: the default sort made explicit (the table marks its column). */
export function shownQuery(query: ListQuery, state: StatsState): ListQuery {
  return { ...query, sort: state.sort };
}

/**
 * The `offlineLeaders` query record: the URL's filters, the sort applied, and min GP always (so an
 * export's About sheet names it), without `fields`.
 */
export function leadersServiceQuery(query: ListQuery, state: StatsState): Record<string, string> {
  const { fields: _fields, ...rest } = query;
  return listQueryToServiceQuery({
    ...rest,
    sort: state.sort,
    filters: { ...rest.filters, minGP: String(state.minGP) },
  });
}

/** The columns shown for a state and the filters (one season or one league: no column repeating it). */
export function statsColumns(state: StatsState, filters: Readonly<Record<string, string>>): ColumnSpec[] {
  const oneSeason =
    Boolean(filters.season) || (Boolean(filters['season:min']) && filters['season:min'] === filters['season:max']);
  return leaderColumns({
    totals: state.mode === 'totals',
    goalies: state.goalies,
    adjusted: state.adjusted,
    nhle: state.mode === 'seasons' && !state.goalies && state.block === 'regularStats',
    oneSeason,
    oneLeague: Boolean(filters.league) && !filters.league?.includes(','),
  });
}

/** A sort key's header as the table shows it: `PTS/GP`, `Draft age`. */
function sortWords(sort: readonly string[]): string {
  const words = sort.map((t) => {
    const desc = t.startsWith('-');
    const key = desc ? t.slice(1) : t;
    const c = LEADER_COLUMNS.find((col) => col.sortKey === key);
    return `${c?.abbr === 'DA' ? 'draft age' : (c?.abbr ?? key)}${desc ? '' : ' (ascending)'}`;
  });
  return words.join(', then ');
}

/** Seasons of the filters in words: `1981-1982`, `1980-1981 to 1989-1990`, `every season held`. */
export function seasonsWords(filters: Readonly<Record<string, string>>): string {
  if (filters.season) return filters.season;
  const lo = filters['season:min'];
  const hi = filters['season:max'];
  if (lo && hi) return lo === hi ? lo : `${lo} to ${hi}`;
  if (lo) return `${lo} onwards`;
  if (hi) return `up to ${hi}`;
  return 'every season held';
}

/**
 * What the table shows, in one line: `Best single seasons · Skaters · Regular season · 1981-1982 · min 20 GP
 * · by PTS`, or `Totals over 1980-1981 to 1989-1990, one row per player · …`.
 */
export function statsCaption(filters: Readonly<Record<string, string>>, state: StatsState): string {
  const head =
    state.mode === 'seasons'
      ? `Best single seasons (stints of a season combined) · ${seasonsWords(filters)}`
      : `Totals over ${seasonsWords(filters)}, one row per player`;
  return [
    head,
    state.goalies ? 'Goalies' : 'Skaters',
    STAT_BLOCK_LABELS[state.block],
    `min ${state.minGP} GP${state.minGPDefault ? ' (default)' : ''}`,
    `by ${sortWords(state.sort)}`,
  ].join(' · ');
}

/**
 * The leaders table as an export sends it: the store's table, its query record, the columns, context
 * words. The columns are the state's with Season and League even when the filters name one of each (the
 * table leaves them out and its caption names them; a file has no caption, so it keeps them).
 */
export function statsTableSpec(query: ListQuery, state: StatsState, leagueNames: string): StoreTableSpec {
  return {
    source: 'offlineLeaders',
    query: { ...query, sort: state.sort, filters: { ...query.filters, minGP: String(state.minGP) } },
    columns: statsColumns(state, {}),
    context: {
      view: 'Stats browser',
      mode: state.mode === 'seasons' ? 'Best single seasons' : 'Totals over the range',
      kind: state.goalies ? 'Goalies' : 'Skaters',
      block: STAT_BLOCK_LABELS[state.block],
      league: leagueNames,
      season: seasonsWords(query.filters),
    },
  };
}
