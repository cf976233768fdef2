import {
  CATALOG,
  type ColumnSpec,
  fieldsFor,
  GOALTENDING_SEASON_COLUMN,
  SCORING_COLUMNS,
  STAT_BLOCK_LABELS,
} from '../../../shared/columns/index.ts';
import { STAT_BLOCKS, type StatBlock } from '../../../shared/contract/spec.ts';
import {
  type ListQuery,
  type ListQueryOptions,
  listQueryFromSearchParams,
  listQueryToSearchParams,
} from '../../../shared/query/query.ts';
import type { TableSpec } from '../../../shared/query/table-spec.ts';
import { ALL_SEASONS } from '../../entities/team/links.tsx';
import { blockQualifier, parseBlock, sortForBlock } from './goaltending-spec.ts';

/**
 * The team page's skater scoring table (GET /teams/{id}/player-stats): its URL state and table spec, pure.
 * The team page already holds the goalies' `sort`, `offset`, `limit` and `block` in its URL, so this table's
 * own state sits under the `scoring` prefix (`scoringSort`, `scoringOffset`, `scoringLimit`, `scoringBlock`),
 * and both tables can be sorted and paged at once, each restored by Back.
 */

/** The URL prefix of the scoring table's parameters. */
export const SCORING_PREFIX = 'scoring';

/** The default sort: most points first (real-service-notes, "Default sorts seen": a league's player stats). */
export const SCORING_DEFAULT_SORT = ['-regularStats.PTS'] as const;

/** Every sort key the scoring table can put in the URL (all three blocks, and the season). */
export const SCORING_SORT_KEYS = [
  ...STAT_BLOCKS.flatMap((b) => SCORING_COLUMNS[b].flatMap((c) => (c.sortKey ? [c.sortKey] : []))),
  'season',
];

const MODEL_PARAMS = ['sort', 'offset', 'limit'] as const;
const prefixed = (name: string) => `${SCORING_PREFIX}${name[0]?.toUpperCase()}${name.slice(1)}`;

/** The URL parameter names the scoring table owns. */
export const SCORING_PARAMS = [...MODEL_PARAMS.map(prefixed), prefixed('block')];

/** The list-query options of the scoring table (no filters of its own: the season is the page's). */
export function scoringListOptions(pageSize: number): ListQueryOptions {
  return { filterKeys: [], defaultSort: SCORING_DEFAULT_SORT, defaultLimit: pageSize, sortKeys: SCORING_SORT_KEYS };
}

/** Reads the scoring table's list query and block from the page's URL parameters. */
export function scoringStateFromParams(
  params: URLSearchParams,
  options: ListQueryOptions,
): { query: ListQuery; block: StatBlock } {
  const own = new URLSearchParams();
  for (const name of MODEL_PARAMS) {
    const v = params.get(prefixed(name));
    if (v !== null) own.set(name, v);
  }
  return { query: listQueryFromSearchParams(own, options), block: parseBlock(params.get(prefixed('block'))) };
}

/**
 * Writes the scoring table's state into the page's URL parameters, leaving every other parameter (the
 * season, the goalies' table) as it was; defaults are left out, as the list-query model does.
 */
export function scoringStateToParams(
  state: { query: ListQuery; block: StatBlock },
  options: ListQueryOptions,
  base: URLSearchParams,
): URLSearchParams {
  const out = new URLSearchParams(base);
  for (const name of SCORING_PARAMS) out.delete(name);
  const own = listQueryToSearchParams({ ...state.query, filters: {} }, options);
  for (const name of MODEL_PARAMS) {
    const v = own.get(name);
    if (v !== null) out.set(prefixed(name), v);
  }
  if (state.block !== 'regularStats') out.set(prefixed('block'), state.block);
  out.sort();
  return out;
}

/** At most this many seasons in one "All seasons" request (as the goaltending leaders). */
const MAX_SEASONS_PER_REQUEST = 180;

/**
 * The scoring table's spec: the team's player statistics in the season shown (every season slug for
 * "All seasons", with a Season column), the chosen block's GP G A PTS PIM +/-, the sort moved to that block;
 * in the playoffs only the players with a playoff game.
 */
export function scoringTableSpec(
  url: { season: string | undefined; block: StatBlock; query: ListQuery },
  data: { teamId: number; teamName?: string | undefined; seasons: readonly string[] },
): TableSpec {
  const allSeasons = url.season === ALL_SEASONS;
  const [player, ...stats] = SCORING_COLUMNS[url.block];
  const columns: readonly ColumnSpec[] =
    allSeasons && player ? [player, GOALTENDING_SEASON_COLUMN, ...stats] : SCORING_COLUMNS[url.block];
  const filters: Record<string, string> = {};
  const season = allSeasons ? data.seasons.slice(0, MAX_SEASONS_PER_REQUEST).join(',') : url.season;
  if (season) filters.season = season;
  // As the goaltending leaders: the playoffs list only players with a playoff game.
  const qualifier = blockQualifier(url.block, 0);
  if (qualifier > 0) filters[`${url.block}.GP:min`] = String(qualifier);
  const query: ListQuery = {
    sort: (url.query.sort ?? []).map((t) => sortForBlock(t, url.block)),
    offset: url.query.offset,
    limit: url.query.limit,
    filters,
    fields: fieldsFor(CATALOG.scoring, columns) ?? [],
  };
  return {
    endpoint: 'teamPlayerStats',
    path: { id: data.teamId },
    query,
    columns,
    context: {
      view: 'Scoring',
      team: data.teamName ?? `Team ${data.teamId}`,
      season: allSeasons ? 'All seasons' : (url.season ?? ''),
      block: STAT_BLOCK_LABELS[url.block],
    },
  };
}
