import {
  CATALOG,
  type ColumnSpec,
  columnsWithData,
  fieldsFor,
  GOALTENDING_COLUMNS,
  GOALTENDING_SEASON_COLUMN,
  isEmptyValue,
  STAT_BLOCK_LABELS,
} from '../../../shared/columns/index.ts';
import type { GoalieStatsRecord } from '../../../shared/contract/records/index.ts';
import { STAT_BLOCKS, type StatBlock } from '../../../shared/contract/spec.ts';
import { isDescending, type ListQuery, sortKeyOf, sortToken } from '../../../shared/query/query.ts';
import type { TableSpec } from '../../../shared/query/table-spec.ts';
import { labelTieColumn, tieEra } from '../../entities/league/tieEra.ts';
import { ALL_SEASONS } from '../../entities/team/links.tsx';

/**
 * The goaltending leaders' table spec (GET /teams/{id}/goaltending-leaders), a pure function of the URL
 * state and the team's seasons: which stat block, across seasons or one, the Min GP qualifier, the
 * default sort, and how the Databank's `T` is labelled in the season shown. The table renders from it,
 * an export sends exactly it.
 */

/** Games-played qualifiers a scout ranks by (0: every goalie), beside the list's default. */
export const MIN_GP_OPTIONS = [0, 1, 2, 5, 10, 20, 30, 40] as const;

/** The share of the busiest goalie's games that qualifies a goalie by default. */
export const DEFAULT_MIN_GP_SHARE = 0.25;

/**
 * Min GP when the URL names none: a quarter of the games of the list's busiest goalie (`mostGp`: the
 * most games any goalie of the team played in the block and seasons shown), rounded; 0 (every goalie)
 * when none played. The goaltending record does not carry the team's games; its busiest goalie's are
 * the nearest measure, in every era and format: an 82-game season's starter (some 60 games) sets 15, so
 * the starter and a regular backup are ranked and a call-up with a few games is not; a 7-game
 * tournament's starter sets 2; a 16-game playoff run sets 4, so a one-game relief appearance at 1.000
 * does not top the list. Each block has its own (switching the block resets Min GP).
 */
export function defaultMinGp(mostGp: number): number {
  return Math.round(Math.max(0, mostGp) * DEFAULT_MIN_GP_SHARE);
}

/** The default sort: best SV% first (spec), or best GAA first where SV% is blank for the whole list. */
export const SVP_SORT = ['-regularStats.SVP'] as const;
export const GAA_SORT = ['regularStats.GAA'] as const;

/**
 * At most this many seasons in one "All seasons" request: the host takes query values up to 2000
 * characters (shared/contract/endpoints.ts), and a slug and its comma take 10. No franchise has more.
 */
const MAX_SEASONS_PER_REQUEST = 180;

/** Every sort key the leaders table can put in the URL (all three stat blocks, and the season). */
export const LEADER_SORT_KEYS = [
  ...STAT_BLOCKS.flatMap((b) => GOALTENDING_COLUMNS[b].flatMap((c) => (c.sortKey ? [c.sortKey] : []))),
  'season',
];

/** The URL's `block`: a stat block name; anything else is the regular season. */
export function parseBlock(value: string | null): StatBlock {
  return (STAT_BLOCKS as readonly string[]).includes(value ?? '') ? (value as StatBlock) : 'regularStats';
}

/**
 * The goalies of a page under Min GP, listed after the ranked ones so the page hides no goalie who played
 * for the team: which rows of every goalie's list, sorted by games in the block (most first), fill the
 * page `offset`..`offset + limit` of the whole list, `ranked` goalies (those Min GP qualifies) then `every`
 * less `ranked`. Sorted by games, every goalie's list starts with the ranked ones, so its rows from
 * `ranked` on are those under Min GP. Null when the page holds none of them.
 */
export function belowMinPage(
  page: { offset: number; limit: number },
  ranked: number,
  every: number,
): { offset: number; limit: number } | null {
  const start = Math.max(page.offset, ranked);
  const end = Math.min(page.offset + page.limit, Math.max(ranked, every));
  return end > start ? { offset: start, limit: end - start } : null;
}

/** The sort of every goalie's list whose rows past the ranked ones are those under Min GP: most games first. */
export function belowMinSort(block: StatBlock): string[] {
  return [`-${block}.GP`];
}

/**
 * How the page and its files name the two groups of a list under Min GP `minGp` (playoff games on the
 * Playoffs tab): `first` the ranked goalies, `after` those listed after them, `header` a file's column.
 */
export function minGpMarker(minGp: number, block: StatBlock): { header: string; first: string; after: string } {
  const games = block === 'postseasonStats' ? 'playoff games' : 'games';
  return {
    header: `Ranked (Min GP ${minGp})`,
    first: `${minGp} or more ${games}: ranked`,
    after: `Under ${minGp} ${games}: not ranked`,
  };
}

/** The Min GP choices: the usual qualifiers, the list's default and the one in effect, in order. */
export function minGpChoices(fallback: number | null, current: number): number[] {
  const extra = fallback === null ? [current] : [fallback, current];
  return [...new Set([...MIN_GP_OPTIONS, ...extra])].sort((a, b) => a - b);
}

/**
 * The games a row needs in the block shown to be listed: the Min GP, and at least one in the playoffs
 * whatever Min GP says, since a row without a playoff game has an empty playoff line, nothing to rank. Sent
 * as `postseasonStats.GP:min` (`:min` is "greater or equal", spec "Common conventions"; the filter form is
 * real-service-notes' "Stat blocks"), so exports of the playoffs leave those rows out too.
 */
export function blockQualifier(block: StatBlock, minGp: number): number {
  return block === 'postseasonStats' ? Math.max(minGp, 1) : minGp;
}

/** Moves a sort token to another stat block: `-regularStats.SVP` → `-postseasonStats.SVP`; others stay. */
export function sortForBlock(token: string, block: StatBlock): string {
  const key = sortKeyOf(token);
  const m = /^(regularStats|postseasonStats|totalStats)\.(\w+)$/.exec(key);
  return m ? sortToken(`${block}.${m[2]}`, isDescending(token)) : token;
}

/** Whether SV% is blank in every row of a page (seasons before shots against were counted). */
export function svpEmptyOnPage(rows: readonly GoalieStatsRecord[] | undefined, block: StatBlock): boolean {
  return rows !== undefined && rows.length > 0 && rows.every((r) => isEmptyValue(r[block]?.SVP));
}

/** The default sort of the leaders: GAA ascending where SV% is known blank for the list, else SV% descending. */
export function defaultLeadersSort(svpEmpty: boolean): readonly string[] {
  return svpEmpty ? GAA_SORT : SVP_SORT;
}

/** Whether a row's T is 0 or blank in a block (playoffs from 2005-06 have no ties). */
function noTies(r: GoalieStatsRecord, block: StatBlock): boolean {
  const t = r[block]?.T;
  return isEmptyValue(t) || t === 0;
}

/** The leaders' URL state, as the view reads it. */
export interface LeadersUrlState {
  /** A season slug, {@link ALL_SEASONS}, or undefined for the team's latest. */
  season: string | undefined;
  block: StatBlock;
  /** Min GP in effect: the URL's `minGP`, else the list's {@link defaultMinGp}. */
  minGp: number;
  /** The list query read from the URL (sort, offset, limit); its filters are the URL's, not the service's. */
  query: ListQuery;
}

/** What the leaders' spec needs beside the URL. */
export interface LeadersData {
  teamId: number;
  teamName?: string | undefined;
  /** Every season slug of the team, newest first. */
  seasons: readonly string[];
  /** The page shown, when it has arrived: hides empty optional columns and a playoff T of zeros. */
  rows?: readonly GoalieStatsRecord[] | undefined;
}

/**
 * The table spec of the goaltending leaders: endpoint and team, the service query (sort moved to the
 * block shown, the season filter — every slug for "All seasons" — and `<block>.GP:min`), the visible
 * columns (Season after Player across seasons, T labelled by era, empty optional columns and a playoff
 * T of zeros left out once rows are known) and the context in words.
 */
export function leadersTableSpec(url: LeadersUrlState, data: LeadersData): TableSpec {
  const { block } = url;
  const allSeasons = url.season === ALL_SEASONS;
  const minGp = url.minGp;
  const blockTitle = STAT_BLOCK_LABELS[block].toLowerCase();
  const seasonsShown = allSeasons ? data.seasons : url.season ? [url.season] : [];
  const era = tieEra(seasonsShown);

  const [player, ...stats] = GOALTENDING_COLUMNS[block];
  const base = allSeasons && player ? [player, GOALTENDING_SEASON_COLUMN, ...stats] : GOALTENDING_COLUMNS[block];
  const sort = (url.query.sort ?? []).map((t) => sortForBlock(t, block));
  const sortKeys = sort.map(sortKeyOf);
  const tKey = `${block}.T`;
  const playoffTies =
    block !== 'postseasonStats' ||
    sortKeys.includes(tKey) ||
    (data.rows ? !data.rows.every((r) => noTies(r, block)) : era === 'T');
  let columns: readonly ColumnSpec[] = base
    .filter((c) => c.id !== tKey || playoffTies)
    .map((c) => (c.id === tKey ? labelTieColumn(c, era, blockTitle) : c));
  if (data.rows) columns = columnsWithData(columns, data.rows, sortKeys);

  const seasonFilter = allSeasons ? data.seasons.slice(0, MAX_SEASONS_PER_REQUEST).join(',') : url.season;
  // The qualifier counts games of the block shown (playoff games on the Playoffs tab); the service
  // filters with `<block>.GP:min` (real-service-notes, "Stat blocks").
  const filtersFor = (qualifier: number): Record<string, string> => ({
    ...(seasonFilter ? { season: seasonFilter } : {}),
    ...(qualifier > 0 ? { [`${block}.GP:min`]: String(qualifier) } : {}),
  });
  const qualifier = blockQualifier(block, minGp);
  const query: ListQuery = {
    sort,
    offset: url.query.offset,
    limit: url.query.limit,
    filters: filtersFor(qualifier),
    // Fields of every column the block can show, so the optional ones can appear when a page has them.
    fields: fieldsFor(CATALOG.goaltendingLeaders, base) ?? [],
  };
  // The goalies Min GP leaves out are listed after the ranked ones, most games first: every goalie's list
  // by games, whose rows past the ranked total are theirs; an export carries them, marked, as the page does.
  const everyQualifier = blockQualifier(block, 0);
  const after =
    qualifier > everyQualifier
      ? {
          query: { ...query, sort: belowMinSort(block), filters: filtersFor(everyQualifier) },
          marker: minGpMarker(minGp, block),
        }
      : undefined;

  const context: Record<string, string> = {
    view: 'Goaltending leaders',
    team: data.teamName ?? `Team ${data.teamId}`,
    season: allSeasons ? 'All seasons' : (url.season ?? ''),
    block: STAT_BLOCK_LABELS[block],
  };
  if (minGp > 0) context.minGP = String(minGp);
  const spec: TableSpec = { endpoint: 'teamGoaltendingLeaders', path: { id: data.teamId }, query, columns, context };
  return after ? { ...spec, after } : spec;
}

/**
 * The leaders' own page for the state shown ("Open as its own page"): the same season, block, sort and
 * Min GP (each only when the URL has it, so defaults stay defaults).
 */
export function leadersPageLink(
  teamId: number,
  state: { season: string; block: StatBlock; minGp: number | null; sort: string | null },
): string {
  const params = new URLSearchParams();
  if (state.block !== 'regularStats') params.set('block', state.block);
  if (state.minGp !== null) params.set('minGP', String(state.minGp));
  params.set('season', state.season);
  if (state.sort) params.set('sort', state.sort);
  params.sort();
  return `/teams/${teamId}/goaltending-leaders?${params}`;
}
