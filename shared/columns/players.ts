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
 * Columns of the Players list (OfflinePlayerListRecord of shared/offline.ts): height in cm and weight in kg
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
