import { PLAYER_COLUMNS, PLAYER_EXPORT_COLUMNS } from '../../columns/index.ts';
import { LEADER_STAT_SORTS } from '../../domain/leaders.ts';
import type { ListDefinition } from './definition.ts';

/**
 * The players list of the offline store (`offlinePlayers`, the Players view, an agency's clients): filters
 * `q` (a search over names and former team names), `position`, `nationality` (country slug), `shoots`,
 * `catches`, `league`, `season` (the player has a stats row there; each row then carries his line of that
 * season), `age:min`/`age:max` (whole years today), `height:min`/`height:max` (cm) and
 * `weight:min`/`weight:max` (kg), inclusive, and `agency` (an agency id). Sorted by name unless asked,
 * ties by id. Heights and weights are the spec's `metrics`.
 */

const hand = { L: 'Left', R: 'Right' } as const;

const PLAYER_FILTER_DEFINITIONS = {
  q: { kind: 'text', maxLength: 200, ui: { control: 'search', label: 'Search', placeholder: 'e.g. Selänne' } },
  position: { kind: 'text', maxLength: 20, ui: { control: 'select', label: 'Position' } },
  nationality: { kind: 'text', maxLength: 200, ui: { control: 'select', label: 'Nationality' } },
  shoots: { kind: 'choice', values: ['L', 'R'], ui: { control: 'select', label: 'Shoots', labels: hand } },
  catches: { kind: 'choice', values: ['L', 'R'], ui: { control: 'select', label: 'Catches', labels: hand } },
  league: { kind: 'text', maxLength: 200, ui: { control: 'select', label: 'League', anyLabel: 'All leagues' } },
  season: { kind: 'text', maxLength: 200, ui: { control: 'select', label: 'Season', anyLabel: 'All seasons' } },
  'age:min': { kind: 'whole', min: 0, max: 150, ui: { control: 'range', label: 'Age today', range: 'age' } },
  'age:max': { kind: 'whole', min: 0, max: 150, ui: { control: 'range', label: 'Age today', range: 'age' } },
  'height:min': { kind: 'measure', max: 300, ui: { control: 'range', label: 'Height', range: 'height', unit: 'cm' } },
  'height:max': { kind: 'measure', max: 300, ui: { control: 'range', label: 'Height', range: 'height', unit: 'cm' } },
  'weight:min': { kind: 'measure', max: 300, ui: { control: 'range', label: 'Weight', range: 'weight', unit: 'kg' } },
  'weight:max': { kind: 'measure', max: 300, ui: { control: 'range', label: 'Weight', range: 'weight', unit: 'kg' } },
  agency: { kind: 'whole', min: 1, max: 2 ** 31 - 1, what: 'an agency id (a whole number from 1)' },
} as const;

/** The sort keys of the players list: the player's fields, and the chosen season's line (`season.*`). */
const PLAYER_SORT_KEYS = [
  'id',
  'name',
  'firstName',
  'lastName',
  'position',
  'nationality.name',
  'dateOfBirth',
  'yearOfBirth',
  'age',
  'height.metrics',
  'weight.metrics',
  'shoots',
  'catches',
  // The list's one hand column: skaters' shoots, else goalies' catches.
  'hand',
  'latestTeam.name',
  'latestSeason',
  ...LEADER_STAT_SORTS.map((k) => `season.${k}` as const),
  'season.teams',
  'season.draftAge',
] as const;

/** The players list (`offlinePlayers`), declared once. */
export const PLAYERS_LIST: ListDefinition<typeof PLAYER_FILTER_DEFINITIONS, (typeof PLAYER_SORT_KEYS)[number]> = {
  id: 'players',
  filters: PLAYER_FILTER_DEFINITIONS,
  sorts: PLAYER_SORT_KEYS,
  defaultSort: 'name',
  tieBreak: ['id'],
  rowKey: 'id',
  columns: PLAYER_COLUMNS,
  exported: PLAYER_EXPORT_COLUMNS,
};
