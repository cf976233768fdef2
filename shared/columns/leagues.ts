import { descFirst, nameColumn, textColumn } from './build.ts';
import type { ColumnSpec } from './types.ts';

// ─── Leagues (GET /leagues) and a league-season's team comparison ────────────────────────────────

/** Columns of the leagues list (sorts `slug`, `name`, `leagueLevel`, `country`, `updatedAt`: service/README.md). */
export const LEAGUE_COLUMNS: readonly ColumnSpec[] = [
  textColumn({
    id: 'name',
    field: 'name',
    label: 'League',
    abbr: 'League',
    title: 'League',
    sortKey: 'name',
    fields: 'name',
  }),
  textColumn({
    id: 'fullName',
    field: 'fullName',
    label: 'Full name',
    abbr: 'Full name',
    title: 'Full name',
    fields: 'fullName',
  }),
  nameColumn('country', 'Country', { hideWhenEmpty: true }),
  textColumn({
    id: 'leagueLevel',
    field: 'leagueLevel',
    label: 'Level',
    abbr: 'Level',
    title: 'League level (professional, minor-pro, junior…)',
    sortKey: 'leagueLevel',
    fields: 'leagueLevel',
    hideWhenEmpty: true,
  }),
  textColumn({
    id: 'leagueType',
    field: 'leagueType',
    label: 'Type',
    abbr: 'Type',
    title: 'League type (league or cup)',
    fields: 'leagueType',
    hideWhenEmpty: true,
  }),
  textColumn({
    id: 'teamClass',
    field: 'teamClass',
    label: 'Class',
    abbr: 'Class',
    title: 'Team class (men, women)',
    fields: 'teamClass',
    hideWhenEmpty: true,
  }),
  {
    id: 'numberOfTeams',
    field: 'numberOfTeams',
    label: 'Teams',
    abbr: 'Teams',
    title: 'Number of teams',
    format: 'int',
    numeric: true,
    sortDescFirst: true,
    fields: 'numberOfTeams',
    hideWhenEmpty: true,
  },
  textColumn({
    id: 'activeSeason',
    field: 'activeSeason.slug',
    label: 'Season',
    abbr: 'Season',
    title: 'Active season',
    fields: 'activeSeason',
    hideWhenEmpty: true,
  }),
];

const average = (
  id: string,
  field: string,
  abbr: string,
  title: string,
  unit: ColumnSpec['unit'],
  sortKey: string,
): ColumnSpec => ({
  id,
  field,
  label: abbr,
  abbr,
  title,
  unit,
  format: 'decimal1',
  numeric: true,
  sortKey,
  sortDescFirst: descFirst(undefined),
  fields: sortKey,
});

/**
 * Columns of a league-season's team comparison (`GET /leagues/{slug}/{season}/team-comparison`; sorts
 * `team`, `players`, `playedGamesInLeague`, `averageWeight`, `averageHeight`, `averageAge`): roster size
 * and averages, height in cm and weight in kg (the records' `metrics`).
 */
export const TEAM_COMPARISON_COLUMNS: readonly ColumnSpec[] = [
  nameColumn('team', 'Team'),
  {
    id: 'players',
    field: 'players',
    label: 'Players',
    abbr: 'Players',
    title: 'Players who played for the team that season',
    unit: 'players',
    format: 'int',
    numeric: true,
    sortKey: 'players',
    sortDescFirst: true,
    fields: 'players',
  },
  {
    id: 'playedGamesInLeague',
    field: 'playedGamesInLeague',
    label: 'GP',
    abbr: 'GP',
    title: 'Games played in the league that season',
    unit: 'games',
    format: 'int',
    numeric: true,
    sortKey: 'playedGamesInLeague',
    sortDescFirst: true,
    fields: 'playedGamesInLeague',
  },
  average('averageAge', 'averageAge', 'Age', 'Average age of its players that season, in years', 'years', 'averageAge'),
  average(
    'averageHeight',
    'averageHeight.metrics',
    'Ht (cm)',
    'Average height of its players, in cm',
    'cm',
    'averageHeight',
  ),
  average(
    'averageWeight',
    'averageWeight.metrics',
    'Wt (kg)',
    'Average weight of its players, in kg',
    'kg',
    'averageWeight',
  ),
];
