import type { Migration } from '../../../common/migration.ts';

/**
 * The stats browser's rows: one per player, league, season and kind of line (skating or in goal), the
 * stints of a season in one league combined (Hockey-Reference's TOT line), derived from `player_stats`
 * and the player's row by store/cache/leaders/refresh.ts; each league-season's scoring environment for the
 * era-adjusted columns; and the players whose rows must be derived again, marked by triggers whenever a
 * stats row or the player's name, birth date or positions change (so the sync's writes stay as they are).
 * Rates are virtual generated columns (no storage; indexable). The column lists are written out here,
 * frozen: a later stat key gets a migration of its own.
 */
const BLOCKS = ['regularStats', 'postseasonStats', 'totalStats'];
const KEYS = ['GP', 'G', 'A', 'PTS', 'PIM', 'PM', 'W', 'L', 'T', 'SO', 'GA', 'SA', 'SVS', 'SVP', 'GAA', 'TOI'];
const RATES = [
  ['GperGP', 'G'],
  ['AperGP', 'A'],
  ['PTSperGP', 'PTS'],
];

const blockColumns = (b: string) =>
  [
    ...KEYS.map((k) => `${b}_${k} REAL`),
    ...RATES.map(
      ([name, of]) =>
        `${b}_${name} REAL GENERATED ALWAYS AS (CASE WHEN ${b}_GP > 0 THEN ${b}_${of} * 1.0 / ${b}_GP END) VIRTUAL`,
    ),
    `${b}_adjG REAL`,
    `${b}_adjA REAL`,
    `${b}_adjPTS REAL`,
  ].join(',\n  ');

/**
 * Marks a player (`id`: an SQL expression of the trigger's row). Not `INSERT OR IGNORE`: an outer
 * statement's conflict clause (the sync's upserts) overrides a trigger's.
 */
const mark = (id: string) =>
  `INSERT INTO player_seasons_dirty (playerId) SELECT ${id} WHERE NOT EXISTS (SELECT 1 FROM player_seasons_dirty WHERE playerId = ${id});`;

/** A stats row changed in what the derived rows read: its team, league, season or any stat. */
const STATS_CHANGED = ['teamId', 'teamName', 'leagueSlug', 'seasonSlug', 'playerId']
  .concat(BLOCKS.flatMap((b) => KEYS.map((k) => `${b}_${k}`)))
  .map((c) => `OLD.${c} IS NOT NEW.${c}`)
  .join(' OR ');

export const migration: Migration = {
  version: 6,
  name: 'player-seasons for the stats browser',
  sql: `
CREATE TABLE player_seasons (
  id INTEGER PRIMARY KEY,
  playerId INTEGER NOT NULL,
  leagueSlug TEXT NOT NULL,
  seasonSlug TEXT NOT NULL,
  endYear INTEGER,
  goalieLine INTEGER NOT NULL,
  teamIds TEXT NOT NULL,
  teamNames TEXT,
  stints INTEGER NOT NULL,
  name TEXT NOT NULL,
  posMask INTEGER NOT NULL,
  draftAge INTEGER,
  ${BLOCKS.map(blockColumns).join(',\n  ')}
);
CREATE INDEX player_seasons_player ON player_seasons (playerId);
CREATE INDEX player_seasons_scope ON player_seasons (leagueSlug, seasonSlug, goalieLine);
CREATE INDEX player_seasons_season ON player_seasons (seasonSlug, goalieLine);
-- Counts of every row with a minimum of games (the stats browser's first page, unfiltered).
CREATE INDEX player_seasons_games ON player_seasons (goalieLine, regularStats_GP);
CREATE INDEX player_seasons_pts ON player_seasons (goalieLine, regularStats_PTS DESC, regularStats_GP, name, id);
CREATE INDEX player_seasons_goals ON player_seasons (goalieLine, regularStats_G DESC, regularStats_GP, name, id);
CREATE INDEX player_seasons_ptsgp ON player_seasons (goalieLine, regularStats_PTSperGP DESC, regularStats_GP, name, id);
CREATE INDEX player_seasons_wins ON player_seasons (goalieLine, regularStats_W DESC, regularStats_GP, name, id);
-- Each league-season's scoring per stat block: goals and assists of every line, games (team games halved),
-- and the factors of the era-adjusted columns (shared/era.ts).
CREATE TABLE league_season_scoring (
  leagueSlug TEXT NOT NULL,
  seasonSlug TEXT NOT NULL,
  block TEXT NOT NULL,
  goals REAL,
  assists REAL,
  games REAL,
  goalsFactor REAL,
  assistsFactor REAL,
  PRIMARY KEY (leagueSlug, seasonSlug, block)
);
CREATE TABLE player_seasons_dirty (playerId INTEGER PRIMARY KEY) WITHOUT ROWID;
INSERT INTO player_seasons_dirty (playerId) SELECT DISTINCT playerId FROM player_stats;
CREATE TRIGGER player_stats_added AFTER INSERT ON player_stats BEGIN
  ${mark('NEW.playerId')}
END;
CREATE TRIGGER player_stats_removed AFTER DELETE ON player_stats BEGIN
  ${mark('OLD.playerId')}
END;
CREATE TRIGGER player_stats_changed AFTER UPDATE ON player_stats WHEN ${STATS_CHANGED} BEGIN
  ${mark('OLD.playerId')}
  ${mark('NEW.playerId')}
END;
CREATE TRIGGER players_changed AFTER UPDATE ON players
  WHEN OLD.name IS NOT NEW.name OR OLD.dateOfBirth IS NOT NEW.dateOfBirth OR OLD.position IS NOT NEW.position
    OR OLD.detailedPosition IS NOT NEW.detailedPosition BEGIN
  ${mark('NEW.id')}
END;
`,
};
