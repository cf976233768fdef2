import { STAT_BLOCKS, type StatBlock } from '../contract/spec.ts';
import { nameColumn } from './build.ts';
import { type StatDef, statColumn } from './goaltending.ts';
import type { ColumnSpec } from './types.ts';

// ─── Skater scoring (GET /teams/{id}/player-stats), one set per stat block ──────────────────────

/** Skater stats in the order scoring tables print them: GP G A PTS PIM +/- (the record's `PM`). */
export const SKATER_STATS: readonly StatDef[] = [
  { key: 'GP', abbr: 'GP', title: 'Games played', format: 'int', unit: 'games' },
  { key: 'G', abbr: 'G', better: 'higher', title: 'Goals', format: 'int', unit: 'goals' },
  { key: 'A', abbr: 'A', better: 'higher', title: 'Assists', format: 'int', unit: 'points' },
  { key: 'PTS', abbr: 'PTS', better: 'higher', title: 'Points (goals plus assists)', format: 'int', unit: 'points' },
  { key: 'PIM', abbr: 'PIM', title: 'Penalty minutes', format: 'int', unit: 'minutes' },
  { key: 'PM', abbr: '+/-', better: 'higher', title: 'Plus-minus', format: 'signed', unit: 'goals' },
];

function scoringColumns(block: StatBlock): readonly ColumnSpec[] {
  return [nameColumn('player', 'Player'), ...SKATER_STATS.map((s) => statColumn(block, s))];
}

/**
 * Skater scoring columns of a team-season's player statistics per stat block: Player, GP, G, A, PTS, PIM,
 * +/- (sort keys as the goaltending leaders', which `/teams/{id}/player-stats` shares).
 */
export const SCORING_COLUMNS: Record<StatBlock, readonly ColumnSpec[]> = Object.fromEntries(
  STAT_BLOCKS.map((b) => [b, scoringColumns(b)]),
) as Record<StatBlock, readonly ColumnSpec[]>;
