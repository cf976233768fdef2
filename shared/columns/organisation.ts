import { descFirst, nameColumn, textColumn } from './build.ts';
import { TEAM_COLUMNS } from './teams.ts';
import type { ColumnSpec } from './types.ts';

// ─── A team's organisation: affiliates, players in the system, transfer years; staff counts ──────────

/**
 * A whole-number column of a count (`count`, `numberOfClients`): right-aligned, most first on the
 * first click, and kept when every row holds the same count (`keepWhenSame`: the count is what a
 * per-team or per-league table is for). `sortKey` when the operation sorts by it.
 */
export function countColumn(
  c: Pick<ColumnSpec, 'id' | 'field' | 'label' | 'abbr' | 'title' | 'fields'> & {
    sortKey?: string;
    unit?: ColumnSpec['unit'];
  },
): ColumnSpec {
  return {
    ...c,
    format: 'int',
    numeric: true,
    better: 'higher',
    sortDescFirst: descFirst('higher'),
    keepWhenSame: true,
  };
}

/**
 * Columns of a team's affiliates (`GET /teams/{id}/affiliates`): the Team columns without sort keys, since
 * the spec shows no sort for this operation (only `fields`, `offset`, `limit`).
 */
export const AFFILIATE_COLUMNS: readonly ColumnSpec[] = TEAM_COLUMNS.filter((c) =>
  ['name', 'league', 'country', 'city', 'status'].includes(c.id),
).map(({ sortKey: _sortKey, ...c }) => c);

/** Columns of the teams playing in an arena (`GET /arenas/{id}/teams`, with the spec's sort keys). */
export const ARENA_TEAM_COLUMNS: readonly ColumnSpec[] = TEAM_COLUMNS.filter((c) =>
  ['name', 'league', 'country', 'status'].includes(c.id),
);

/** Columns of players in a team's system per league (`GET /teams/{id}/in-the-system/leagues`; sorts `league`, `count`). */
export const LEAGUE_COUNT_COLUMNS: readonly ColumnSpec[] = [
  textColumn({
    id: 'league',
    field: 'league.name',
    label: 'League',
    abbr: 'League',
    title: 'League the players play in now',
    sortKey: 'league',
    fields: 'league',
  }),
  countColumn({
    id: 'count',
    field: 'count',
    label: 'Players',
    abbr: 'Players',
    title: 'Players in the team’s system who play in this league',
    unit: 'players',
    sortKey: 'count',
    fields: 'count',
  }),
];

/** The one column of a team's transfer years (`GET /teams/{id}/transfers/years`: each record a bare year). */
export const TRANSFER_YEAR_COLUMNS: readonly ColumnSpec[] = [
  {
    id: 'year',
    field: 'year',
    label: 'Year',
    abbr: 'Year',
    title: 'Calendar year with transfers to or from the team',
    unit: 'year',
    format: 'text',
    numeric: true,
    sortDescFirst: true,
    fields: '*',
    value: (record) => (typeof record === 'number' ? record : null),
  },
];

/** Columns of staff entries per team (`GET /staff-stats/teams`; sorts `team`, `count`). */
export const STAFF_COUNT_COLUMNS: readonly ColumnSpec[] = [
  nameColumn('team', 'Team'),
  textColumn({
    id: 'league',
    field: 'team.league.name',
    label: 'League',
    abbr: 'League',
    title: 'The team’s league now',
    fields: 'team',
  }),
  textColumn({
    id: 'country',
    field: 'team.country.name',
    label: 'Country',
    abbr: 'Country',
    title: 'The team’s country',
    fields: 'team',
    hideWhenEmpty: true,
  }),
  countColumn({
    id: 'count',
    field: 'count',
    label: 'Entries',
    abbr: 'Entries',
    title: 'Staff entries (a coach’s role with the team in a season) matching the filters',
    sortKey: 'count',
    fields: 'count',
  }),
];
