import { textColumn } from './build.ts';
import type { ColumnSpec } from './types.ts';

// ─── Players (the offline store's players list, `offlinePlayers`; sort keys as the store accepts them) ──

/** The player's name (`name`), sorted by the store's `name` key; the Players list and scouting lists. */
export const PLAYER_NAME_COLUMN: ColumnSpec = textColumn({
  id: 'name',
  field: 'name',
  label: 'Player',
  abbr: 'Player',
  title: 'Player name',
  sortKey: 'name',
  fields: 'name',
});

/** The player's position letter (`position`), sorted by the store's `position` key. */
export const PLAYER_POSITION_COLUMN: ColumnSpec = textColumn({
  id: 'position',
  field: 'position',
  label: 'Pos',
  abbr: 'Pos',
  title: 'Position (G goalie, D defence, F forward)',
  sortKey: 'position',
  fields: 'position',
});

/**
 * Columns of the Players list (OfflinePlayerListRecord of shared/domain/offline.ts): height in cm and weight in kg
 * (the spec's `metrics`), age in whole years today, and the team of the player's latest synced season.
 */
export const PLAYER_COLUMNS: readonly ColumnSpec[] = [
  PLAYER_NAME_COLUMN,
  PLAYER_POSITION_COLUMN,
  {
    ...textColumn({
      id: 'nationality',
      field: 'nationality',
      label: 'Nationality',
      abbr: 'Nat.',
      title: 'Nationality',
      sortKey: 'nationality.name',
      fields: 'nationality',
    }),
    // The country's name with its code, as every view writes a nationality.
    format: 'country',
  },
  {
    id: 'age',
    field: 'age',
    label: 'Age',
    abbr: 'Age',
    title: 'Age today, in whole years',
    format: 'int',
    numeric: true,
    sortKey: 'age',
    sortDescFirst: false,
    fields: 'dateOfBirth',
  },
  {
    id: 'height',
    field: 'height.metrics',
    label: 'Height (cm)',
    abbr: 'Ht cm',
    title: 'Height in centimetres',
    format: 'int',
    numeric: true,
    sortKey: 'height.metrics',
    sortDescFirst: true,
    fields: 'height',
  },
  {
    id: 'weight',
    field: 'weight.metrics',
    label: 'Weight (kg)',
    abbr: 'Wt kg',
    title: 'Weight in kilograms',
    format: 'int',
    numeric: true,
    sortKey: 'weight.metrics',
    sortDescFirst: true,
    fields: 'weight',
  },
  // Skaters shoot and goalies catch: one column shows whichever the record has (the view renders it).
  textColumn({
    id: 'hand',
    field: 'shoots',
    label: 'Shoots/Catches',
    abbr: 'S/C',
    title: 'Shoots (skaters) or catches (goalies): L or R',
    sortKey: 'hand',
    fields: 'shoots,catches',
  }),
  textColumn({
    id: 'latestTeam',
    field: 'latestTeam.name',
    label: 'Latest team',
    abbr: 'Team',
    title: 'Team of the latest synced season',
    sortKey: 'latestTeam.name',
    fields: 'latestTeam',
  }),
  textColumn({
    id: 'latestSeason',
    field: 'latestSeason',
    label: 'Season',
    abbr: 'Season',
    title: 'Latest synced season',
    sortKey: 'latestSeason',
    fields: 'latestSeason',
  }),
];

/** A stat of the chosen season's line (`seasonStats.stats.PTS`), sorted by the store's `season.PTS` key. */
function seasonStat(
  key: string,
  abbr: string,
  title: string,
  format: ColumnSpec['format'],
  better?: 'higher' | 'lower',
  hideWhenEmpty?: boolean,
): ColumnSpec {
  return {
    id: `season.${key}`,
    field: `seasonStats.stats.${key}`,
    label: abbr,
    abbr,
    title: `${title}, the chosen season (regular season)`,
    format,
    numeric: true,
    sortKey: `season.${key}`,
    ...(better ? { better } : {}),
    sortDescFirst: better !== 'lower',
    ...(hideWhenEmpty ? { hideWhenEmpty } : {}),
    fields: 'seasonStats',
  };
}

/**
 * Columns of the Players list when it is filtered by a season: the team(s) and season of that season's
 * line, the draft age then (age on 15 September of the season's end year) in place of today's age, and
 * what he produced: GP G A PTS PTS/GP PIM +/-, and a goalie's W, GAA and SV% (hidden on a page without
 * goalies).
 */
export const PLAYER_SEASON_COLUMNS: readonly ColumnSpec[] = [
  {
    id: 'season.draftAge',
    field: 'seasonStats.draftAge',
    label: 'Draft age',
    abbr: 'DA',
    title: 'Draft age that season: age on 15 September of its end year (the NHL draft cut-off)',
    format: 'int',
    numeric: true,
    sortKey: 'season.draftAge',
    sortDescFirst: false,
    fields: 'seasonStats',
  },
  textColumn({
    id: 'season.teams',
    field: 'seasonStats.teams',
    label: 'Team',
    abbr: 'Team',
    title: 'Team(s) that season, in the order played',
    sortKey: 'season.teams',
    fields: 'seasonStats',
  }),
  textColumn({
    id: 'season.season',
    field: 'seasonStats.season',
    label: 'Season',
    abbr: 'Season',
    title: 'The chosen season',
    fields: 'seasonStats',
  }),
  seasonStat('GP', 'GP', 'Games played', 'int'),
  seasonStat('G', 'G', 'Goals', 'int', 'higher'),
  seasonStat('A', 'A', 'Assists', 'int', 'higher'),
  seasonStat('PTS', 'PTS', 'Points', 'int', 'higher'),
  seasonStat('PTSperGP', 'PTS/GP', 'Points per game played', 'rate', 'higher'),
  seasonStat('PIM', 'PIM', 'Penalty minutes', 'int'),
  seasonStat('PM', '+/-', 'Plus-minus', 'signed', 'higher'),
  seasonStat('W', 'W', 'Wins (goalies)', 'int', 'higher', true),
  seasonStat('GAA', 'GAA', 'Goals against average (goalies)', 'gaa', 'lower', true),
  seasonStat('SVP', 'SV%', 'Save percentage (goalies)', 'svp', 'higher', true),
];

/** Every column a Players export may name: the list's own and the chosen season's. */
export const PLAYER_EXPORT_COLUMNS: readonly ColumnSpec[] = [...PLAYER_COLUMNS, ...PLAYER_SEASON_COLUMNS];
