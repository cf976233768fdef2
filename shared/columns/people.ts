import { descFirst, nameColumn, textColumn, UPDATED_AT_COLUMN } from './build.ts';
import { gameResult, scoreText } from './game-result.ts';
import type { ColumnSpec } from './types.ts';

// ─── Stars and cult players, a league's former players, game logs ────────────────────────────────

/** The embedded player's name (`player.name`), sorted by the service's `player` key (last, first name). */
const PLAYER_COLUMN = nameColumn('player', 'Player');

const NATIONALITY_COLUMN = textColumn({
  id: 'nationality',
  field: 'player.nationality.name',
  label: 'Nationality',
  abbr: 'Nat.',
  title: 'Nationality',
  fields: 'player',
  hideWhenEmpty: true,
});

/** The embedded player's age today (`player.age`, years); sortable where the operation sorts by it. */
const ageColumn = (sortKey?: string): ColumnSpec => ({
  id: 'age',
  field: 'player.age',
  label: 'Age',
  abbr: 'Age',
  title: 'Age today, in years',
  unit: 'years',
  format: 'int',
  numeric: true,
  ...(sortKey ? { sortKey } : {}),
  sortDescFirst: false,
  fields: 'player',
  hideWhenEmpty: true,
});

/** Columns of the stars and cult players (`GET /stars-and-cult-players`; sorts `player`, `team`, `updatedAt`). */
export const STAR_COLUMNS: readonly ColumnSpec[] = [
  PLAYER_COLUMN,
  NATIONALITY_COLUMN,
  ageColumn(),
  nameColumn('team', 'Team', { title: 'The team that lists him as a star or cult favourite' }),
  textColumn({
    id: 'league',
    field: 'team.league.name',
    label: 'League',
    abbr: 'League',
    title: 'The team’s league',
    fields: 'team',
  }),
  UPDATED_AT_COLUMN,
];

const seasonSlugColumn = (
  id: 'firstSeasonInLeague' | 'lastSeasonInLeague',
  abbr: string,
  title: string,
): ColumnSpec => ({
  id,
  field: `${id}.slug`,
  label: abbr,
  abbr,
  title,
  format: 'text',
  numeric: false,
  sortKey: id,
  sortDescFirst: id === 'lastSeasonInLeague',
  fields: id,
});

/**
 * Columns of a league's former players and where they play now (`GET /leagues/{slug}/where-are-they-now`;
 * sorts as the local service offers them, service/README.md).
 */
export const ALUMNI_COLUMNS: readonly ColumnSpec[] = [
  PLAYER_COLUMN,
  NATIONALITY_COLUMN,
  ageColumn('player.age'),
  textColumn({
    id: 'team',
    field: 'player.team.name',
    label: 'Now with',
    abbr: 'Now with',
    title: 'His team now',
    sortKey: 'team',
    fields: 'player',
  }),
  textColumn({
    id: 'teamLeague',
    field: 'player.team.league.name',
    label: 'Now in',
    abbr: 'Now in',
    title: 'The league of his team now',
    fields: 'player',
  }),
  seasonSlugColumn('firstSeasonInLeague', 'First', 'First season in the league'),
  seasonSlugColumn('lastSeasonInLeague', 'Last', 'Last season in the league'),
  {
    id: 'gamesPlayedInLeague',
    field: 'gamesPlayedInLeague',
    label: 'GP',
    abbr: 'GP',
    title: 'Regular-season games played in the league',
    unit: 'games',
    format: 'int',
    numeric: true,
    sortKey: 'gamesPlayedInLeague',
    sortDescFirst: descFirst(undefined),
    fields: 'gamesPlayedInLeague',
  },
];

/**
 * Columns of a team's games (`GET /game-log-aggregate`; sorts `date`, `season`, `teamScore`,
 * `opponentScore` as the local service offers them): date, opponent, score and result from the team's
 * side. The records hold no player's own line.
 */
export const GAME_LOG_COLUMNS: readonly ColumnSpec[] = [
  {
    id: 'date',
    field: 'date',
    label: 'Date',
    abbr: 'Date',
    title: 'Date of the game',
    format: 'date',
    numeric: false,
    sortKey: 'date',
    sortDescFirst: true,
    fields: 'date',
  },
  textColumn({
    id: 'team',
    field: 'teamName',
    label: 'Team',
    abbr: 'Team',
    title: 'His team, as named that season',
    fields: 'teamName',
  }),
  textColumn({
    id: 'opponent',
    field: 'opponentName',
    label: 'Opponent',
    abbr: 'Opponent',
    title: 'Opponent, as named that season',
    fields: 'opponentName',
    // One opponent on every row is a series; the scout reads it in the table, not in a note.
    keepWhenSame: true,
  }),
  textColumn({
    id: 'score',
    field: 'teamScore',
    label: 'Score',
    abbr: 'Score',
    title: 'Score, his team’s goals first (shootout in brackets)',
    fields: 'teamScore',
    value: (r) => scoreText(r as Parameters<typeof scoreText>[0]),
  }),
  textColumn({
    id: 'result',
    field: 'teamScore',
    label: 'Result',
    abbr: 'Res',
    title: 'Result for his team: W, L, T, SOW or SOL (shootout win or loss)',
    fields: 'teamScore',
    value: (r) => gameResult(r as Parameters<typeof gameResult>[0]),
    // W on every row is a streak, which the result column shows as it is.
    keepWhenSame: true,
  }),
  {
    id: 'teamScore',
    field: 'teamScore',
    label: 'GF',
    abbr: 'GF',
    title: 'Goals for his team',
    unit: 'goals',
    format: 'int',
    numeric: true,
    sortKey: 'teamScore',
    better: 'higher',
    sortDescFirst: true,
    fields: 'teamScore',
  },
  {
    id: 'opponentScore',
    field: 'opponentScore',
    label: 'GA',
    abbr: 'GA',
    title: 'Goals for the opponent',
    unit: 'goals',
    format: 'int',
    numeric: true,
    sortKey: 'opponentScore',
    better: 'lower',
    sortDescFirst: false,
    fields: 'opponentScore',
  },
  textColumn({
    id: 'season',
    field: 'season.slug',
    label: 'Season',
    abbr: 'Season',
    title: 'Season',
    sortKey: 'season',
    fields: 'season',
  }),
];
