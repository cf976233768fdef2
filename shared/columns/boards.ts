import { PROJECTIONS, type Projection } from '../domain/report-areas.ts';
import { textColumn } from './build.ts';
import type { ColumnSpec } from './types.ts';

// ─── A draft board's rows (shared/domain/board-facts.ts `BoardRowFacts`; never the service) ───────────

const text = (id: string, abbr: string, title: string): ColumnSpec =>
  textColumn({ id, field: id, label: abbr, abbr, title, sortKey: id, fields: id });

const count = (id: string, abbr: string, title: string, unit: ColumnSpec['unit']): ColumnSpec => ({
  id,
  field: id,
  label: abbr,
  abbr,
  title,
  format: 'int',
  ...(unit ? { unit } : {}),
  numeric: true,
  better: 'higher',
  sortKey: id,
  sortDescFirst: true,
  fields: id,
});

/** The department's columns: empty, with the reason said once, where no department is set up. */
export const BOARD_DEPARTMENT_COLUMN_IDS: readonly string[] = ['viewings', 'meanGrade', 'projection', 'daysSinceSeen'];

/**
 * The columns a board's rows may show beside the rank and the name, in the order shown: the player's
 * latest season in the offline store (position, team, league, season, draft age that season, the
 * regular-season line and its NHLe), then the department's final reports on him. Sort keys are the ids
 * (the board sorts its rows itself, within each tier).
 */
export const BOARD_FACT_COLUMNS: readonly ColumnSpec[] = [
  text('position', 'Pos', 'Position'),
  text('team', 'Team', 'Team(s) of his latest season on this computer'),
  text('league', 'League', 'League of his latest season (the one he played most games in)'),
  text('season', 'Season', 'His latest season on this computer'),
  {
    ...count('draftAge', 'Draft age', 'Draft age in that season: his age on September 15 of its end year', 'years'),
    better: undefined,
    sortDescFirst: false,
  },
  count('GP', 'GP', 'Games played (regular season)', 'games'),
  count('G', 'G', 'Goals', 'goals'),
  count('A', 'A', 'Assists', 'points'),
  count('PTS', 'PTS', 'Points', 'points'),
  {
    ...count('PTSperGP', 'PTS/GP', 'Points per game', 'points'),
    format: 'rate',
  },
  {
    ...count(
      'nhlePTSperGP',
      'NHLe',
      'NHL-equivalent points per game: PTS/GP times the league’s factor into the NHL',
      'points',
    ),
    format: 'rate',
  },
  count('viewings', 'Viewings', 'The department’s final reports on him', undefined),
  {
    ...count('meanGrade', 'Grade', 'Mean grade of the department’s final reports, every area together', 'rating'),
    format: 'decimal1',
  },
  {
    ...text('projection', 'Projection', 'The projection the department’s reports gave most'),
    value: (r) => {
      const p = (r as { projection?: Projection | null } | null)?.projection;
      return p ? PROJECTIONS[p] : null;
    },
  },
  {
    ...count('daysSinceSeen', 'Days since', 'Days since the department last saw him', undefined),
    better: 'lower',
    sortDescFirst: false,
  },
];

/** The columns a board shows before the scout chooses: enough to decide from, and still readable. */
export const BOARD_DEFAULT_COLUMN_IDS: readonly string[] = [
  'position',
  'team',
  'league',
  'draftAge',
  'GP',
  'PTS',
  'nhlePTSperGP',
  'viewings',
  'meanGrade',
  'daysSinceSeen',
];
