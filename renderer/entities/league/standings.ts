import { type ColumnSpec, RANK_COLUMN, STANDINGS_COLUMNS } from '../../../shared/columns/index.ts';
import type { League, StandingsRecord } from '../../../shared/contract/records/index.ts';
import { type ListQuery, sortKeyOf } from '../../../shared/query/query.ts';
import type { TableSpec } from '../../../shared/query/table-spec.ts';

/**
 * The standings' table spec (GET /leagues/{slug}/standings), a pure function of the URL state: by group
 * (sorted `group,position`, a header row per group, `Pos` the group rank) or league-wide (default
 * `-stats.PTS`, `Rk` the rank in the order shown, with the Group column), and T and OTL as the data has
 * them. The Standings view and the league page's Standings tab show it; Compare names its league by it and
 * the team page's history reads which tie columns the data has.
 */

/** The two layouts: by group (division), or one league-wide table. */
export type StandingsLayout = 'groups' | 'league';

/** The layouts as the layout switch offers them. */
export const LAYOUT_OPTIONS = [
  { value: 'groups', label: 'By group' },
  { value: 'league', label: 'League-wide' },
] as const;

/** The group a row's header row names (by-group layout). */
export const groupOf = (r: StandingsRecord) => r.group ?? null;

/** The sort of each layout when chosen. */
export const GROUPED_SORT = ['group', 'position'];
export const LEAGUE_SORT = ['-stats.PTS'];

/** Every sort key the standings can put in the URL. */
export const STANDINGS_SORT_KEYS = STANDINGS_COLUMNS.flatMap((c) => (c.sortKey ? [c.sortKey] : []));

/** The layout a sort means: by group when it sorts by `group` first. */
export function layoutOf(sort: readonly string[] | undefined): StandingsLayout {
  return sortKeyOf(sort?.[0] ?? '') === 'group' ? 'groups' : 'league';
}

/** A standings row with its league-wide rank in the order shown. */
export type RankedStandingsRecord = StandingsRecord & { rank: number };

/** Adds each row's rank in the order shown: `offset + index + 1`. */
export function rankRows(rows: readonly StandingsRecord[], offset: number): RankedStandingsRecord[] {
  return rows.map((r, i) => ({ ...r, rank: offset + i + 1 }));
}

/**
 * Whether the T and OTL columns show: a column shows when the data has a value other than 0 in it
 * (ties before 2005, overtime losses after, in the NHL); when neither has, each shows if it has values.
 */
export function tieColumns(rows: readonly Pick<StandingsRecord, 'stats'>[]): { showT: boolean; showOTL: boolean } {
  const some = (k: 'T' | 'OTL', pred: (v: number) => boolean) =>
    rows.some((r) => {
      const v = r.stats?.[k];
      return typeof v === 'number' && pred(v);
    });
  const tPos = some('T', (v) => v !== 0);
  const otlPos = some('OTL', (v) => v !== 0);
  return {
    showT: tPos || (!otlPos && some('T', () => true)),
    showOTL: otlPos || (!tPos && some('OTL', () => true)),
  };
}

/** A league's name for text: its name when the service listed it, else its slug in capitals (`NHL`). */
export function leagueLabel(
  league: Pick<League, 'slug' | 'name'> | undefined,
  slug: string | undefined,
): string | undefined {
  return league?.name ?? slug?.toUpperCase();
}

/**
 * The table spec of the standings of `league` in `season`: the list query with the season filter, the
 * columns of the layout (`Pos` by group; `Rk` and Group league-wide) with T and OTL as `rows` has them
 * (both while rows are unknown), and the context in words.
 */
export function standingsTableSpec(
  url: { league: string; season: string | undefined; query: ListQuery },
  data: { leagueName?: string | undefined; rows?: readonly StandingsRecord[] | undefined } = {},
): TableSpec {
  const query: ListQuery = url.season
    ? { ...url.query, filters: { ...url.query.filters, season: url.season } }
    : url.query;
  const grouped = layoutOf(query.sort) === 'groups';
  const ties = data.rows ? tieColumns(data.rows) : { showT: true, showOTL: true };
  const columns = STANDINGS_COLUMNS.flatMap((c): ColumnSpec[] => {
    if (c.id === 'position') return grouped ? [c] : [RANK_COLUMN];
    if (c.id === 'group') return grouped ? [] : [c];
    if (c.id === 'stats.T') return ties.showT ? [c] : [];
    if (c.id === 'stats.OTL') return ties.showOTL ? [c] : [];
    return [c];
  });
  const context: Record<string, string> = {
    view: 'Standings',
    league: data.leagueName ?? url.league.toUpperCase(),
    layout: grouped ? 'By group' : 'League-wide',
  };
  if (url.season) context.season = url.season;
  return { endpoint: 'leagueStandings', path: { slug: url.league }, query, columns, context };
}

/**
 * What an export (and Copy) of the standings sends: the table as shown, but by group the group becomes a
 * column of its own, first, where on screen each group's heading row stands above its rows, so every
 * exported row keeps its division (the rows come in the order shown: `group,position`). Unchanged
 * league-wide (Group is already a column) and for a league whose rows have no group.
 */
export function standingsExportSpec(spec: TableSpec, rows: readonly StandingsRecord[] | undefined): TableSpec {
  const group = STANDINGS_COLUMNS.find((c) => c.id === 'group');
  if (!group || spec.columns.some((c) => c.id === 'group') || layoutOf(spec.query.sort) !== 'groups') return spec;
  if (!rows?.some((r) => typeof r.group === 'string' && r.group !== '')) return spec;
  return { ...spec, columns: [group, ...spec.columns] };
}
