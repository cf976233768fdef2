import { descFirst, textColumn } from './build.ts';
import type { ColumnSpec, FormatKind } from './types.ts';

// ─── Standings (GET /leagues/{slug}/standings; record per real-service-notes) ─────────────────

const stat = (
  key: string,
  abbr: string,
  title: string,
  format: FormatKind,
  extra: Partial<ColumnSpec> = {},
): ColumnSpec => ({
  id: `stats.${key}`,
  field: `stats.${key}`,
  label: abbr,
  abbr,
  title,
  format,
  numeric: true,
  sortKey: `stats.${key}`,
  sortDescFirst: descFirst(extra.better),
  fields: 'stats',
  ...extra,
});

/**
 * Columns of the standings table. T and OTL show only when the data has them (see the view).
 * Sorts: `position`, `group`, `teamName` (real-service-notes) and `stats.<K>` (the local service's
 * documented choice for an operation whose parameters the spec does not show).
 */
export const STANDINGS_COLUMNS: readonly ColumnSpec[] = [
  {
    id: 'position',
    field: 'position',
    label: 'Pos',
    abbr: 'Pos',
    title: 'Position',
    format: 'text',
    numeric: true,
    sortKey: 'position',
    sortDescFirst: false,
    fields: 'position',
  },
  textColumn({
    id: 'teamName',
    field: 'teamName',
    label: 'Team',
    abbr: 'Team',
    title: 'Team',
    sortKey: 'teamName',
    fields: 'teamName',
  }),
  textColumn({
    id: 'group',
    field: 'group',
    label: 'Group',
    abbr: 'Group',
    title: 'Group (division)',
    sortKey: 'group',
    fields: 'group',
  }),
  stat('GP', 'GP', 'Games played', 'int', { unit: 'games' }),
  stat('W', 'W', 'Wins', 'int', { unit: 'games', better: 'higher' }),
  stat('L', 'L', 'Losses', 'int', { unit: 'games', better: 'lower' }),
  stat('T', 'T', 'Ties', 'int', { unit: 'games' }),
  stat('OTL', 'OTL', 'Overtime losses', 'int', { unit: 'games', better: 'lower' }),
  stat('PTS', 'PTS', 'Points', 'int', { unit: 'points', better: 'higher' }),
  stat('GF', 'GF', 'Goals for', 'int', { unit: 'goals', better: 'higher' }),
  stat('GA', 'GA', 'Goals against', 'int', { unit: 'goals', better: 'lower' }),
  stat('GD', 'GD', 'Goal differential', 'signed', { unit: 'goals', better: 'higher' }),
];

/**
 * League-wide rank: the row's place in the order shown (offset + index + 1; the service breaks points ties
 * by wins, then goal difference), not the Databank's division rank. Not a service sort key: it is the
 * order itself, numbered by the table and by exports, since the standings record has no such field.
 */
export const RANK_COLUMN: ColumnSpec = {
  id: 'rank',
  field: 'rank',
  label: 'Rk',
  abbr: 'Rk',
  title: 'Rank in the order shown',
  format: 'int',
  numeric: true,
  sortDescFirst: false,
  fields: 'position',
  rowNumber: true,
};
