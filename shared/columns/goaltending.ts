import { type SeasonStatKey, STAT_BLOCKS, type StatBlock } from '../contract/spec.ts';
import { descFirst, nameColumn } from './build.ts';
import type { ColumnSpec, FormatKind } from './types.ts';

// ─── Goaltending leaders (GET /teams/{id}/goaltending-leaders), one set per stat block ──────────

export interface StatDef {
  key: SeasonStatKey;
  abbr: string;
  title: string;
  format: FormatKind;
  unit?: ColumnSpec['unit'];
  better?: ColumnSpec['better'];
  /** Not recorded in every era (ties before 2005, shots before 1983 in the NHL): hidden when empty. */
  optional?: boolean;
}

/** The goalie stats shown, in the order scouts read them. */
export const GOALIE_STATS: readonly StatDef[] = [
  { key: 'GP', abbr: 'GP', title: 'Games played', format: 'int', unit: 'games' },
  { key: 'W', abbr: 'W', better: 'higher', title: 'Wins', format: 'int', unit: 'games' },
  { key: 'L', abbr: 'L', better: 'lower', title: 'Losses', format: 'int', unit: 'games' },
  { key: 'T', abbr: 'T', title: 'Ties', format: 'int', unit: 'games', optional: true },
  { key: 'SO', abbr: 'SO', better: 'higher', title: 'Shutouts', format: 'int', unit: 'games' },
  { key: 'GA', abbr: 'GA', better: 'lower', title: 'Goals against', format: 'int', unit: 'goals' },
  { key: 'SA', abbr: 'SA', title: 'Shots against', format: 'int', unit: 'shots', optional: true },
  { key: 'SVS', abbr: 'SVS', better: 'higher', title: 'Saves', format: 'int', unit: 'shots', optional: true },
  { key: 'SVP', abbr: 'SV%', better: 'higher', title: 'Save percentage', format: 'svp', unit: 'fraction of shots' },
  {
    key: 'GAA',
    abbr: 'GAA',
    title: 'Goals against average (per 60 minutes)',
    format: 'gaa',
    unit: 'goals per 60 minutes',
    better: 'lower',
  },
  { key: 'TOI', abbr: 'TOI', title: 'Time on ice (minutes)', format: 'toi', unit: 'minutes' },
];

/** Human names of the stat blocks, for the segmented switch and export titles. */
export const STAT_BLOCK_LABELS: Record<StatBlock, string> = {
  regularStats: 'Regular season',
  postseasonStats: 'Playoffs',
  totalStats: 'Total',
};

/**
 * A stat column of a block: `regularStats.SVP` shown as `SV%`, titled with the block, best first on the
 * first click; an optional stat hidden when empty.
 */
export function statColumn(block: StatBlock, s: StatDef): ColumnSpec {
  return {
    id: `${block}.${s.key}`,
    field: `${block}.${s.key}`,
    label: s.abbr,
    abbr: s.abbr,
    title: `${s.title}, ${STAT_BLOCK_LABELS[block].toLowerCase()}`,
    ...(s.unit ? { unit: s.unit } : {}),
    ...(s.better ? { better: s.better } : {}),
    format: s.format,
    numeric: true,
    sortKey: `${block}.${s.key}`,
    sortDescFirst: descFirst(s.better),
    fields: block,
    ...(s.optional ? { hideWhenEmpty: true } : {}),
  };
}

function goaltendingColumns(block: StatBlock): readonly ColumnSpec[] {
  return [nameColumn('player', 'Player', { title: 'Goaltender' }), ...GOALIE_STATS.map((s) => statColumn(block, s))];
}

/**
 * The season of a goaltending-leader row, shown when the table ranks a team's goalies across all its
 * seasons (`season` filter with every season slug; sort key `season` per the spec's list, newest first).
 */
export const GOALTENDING_SEASON_COLUMN: ColumnSpec = {
  id: 'season',
  field: 'season.slug',
  label: 'Season',
  abbr: 'Season',
  title: 'Season',
  format: 'text',
  numeric: false,
  sortKey: 'season',
  sortDescFirst: true,
  fields: 'season',
};

/** Goaltending-leader columns per stat block (`regularStats`, `postseasonStats`, `totalStats`). */
export const GOALTENDING_COLUMNS: Record<StatBlock, readonly ColumnSpec[]> = Object.fromEntries(
  STAT_BLOCKS.map((b) => [b, goaltendingColumns(b)]),
) as Record<StatBlock, readonly ColumnSpec[]>;
