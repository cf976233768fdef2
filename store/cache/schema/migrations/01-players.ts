import type { Migration } from '../../../common/migration.ts';

/**
 * The offline player cache as first shipped: leagues, seasons, teams, players, one `player_stats` row per
 * player statistics record (spec, "Player statistics record") with its three stat blocks flattened into
 * `<block>_<KEY>` columns, the sync checkpoints, the source of the rows, and the FTS5 search table.
 * The column list is written out here, frozen: a later stat key gets a migration of its own.
 */
const BLOCKS = ['regularStats', 'postseasonStats', 'totalStats'];
const KEYS = ['GP', 'G', 'A', 'PTS', 'PIM', 'PM', 'W', 'L', 'T', 'SO', 'GA', 'SA', 'SVS', 'SVP', 'GAA', 'TOI'];
const STAT_COLUMNS = BLOCKS.flatMap((b) => KEYS.map((k) => `${b}_${k} REAL`)).join(',\n  ');

export const migration: Migration = {
  version: 1,
  name: 'players, stats and search',
  sql: `
CREATE TABLE leagues (slug TEXT PRIMARY KEY, name TEXT, fullName TEXT);
CREATE TABLE seasons (slug TEXT PRIMARY KEY, startYear INTEGER NOT NULL, endYear INTEGER NOT NULL);
CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL, leagueSlug TEXT);
CREATE TABLE players (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  firstName TEXT,
  lastName TEXT,
  position TEXT,
  nationalitySlug TEXT,
  nationalityName TEXT,
  dateOfBirth TEXT,
  yearOfBirth INTEGER,
  heightCm REAL,
  weightKg REAL,
  shoots TEXT,
  catches TEXT,
  updatedAt TEXT
);
CREATE INDEX players_name ON players (name, id);
CREATE INDEX players_dob ON players (dateOfBirth, id);
CREATE TABLE player_stats (
  id INTEGER PRIMARY KEY,
  playerId INTEGER NOT NULL,
  teamId INTEGER NOT NULL,
  teamName TEXT,
  leagueSlug TEXT,
  seasonSlug TEXT NOT NULL,
  playerAge INTEGER,
  ${STAT_COLUMNS}
);
CREATE INDEX player_stats_player ON player_stats (playerId, seasonSlug);
CREATE INDEX player_stats_scope ON player_stats (leagueSlug, seasonSlug, playerId);
CREATE INDEX player_stats_unit ON player_stats (teamId, seasonSlug);
-- One row per league-season the scout synced: when, and from which service.
CREATE TABLE sync_state (
  leagueSlug TEXT NOT NULL,
  seasonSlug TEXT NOT NULL,
  baseUrl TEXT NOT NULL,
  syncedAt TEXT NOT NULL,
  PRIMARY KEY (leagueSlug, seasonSlug)
);
-- The checkpoint of each team-season committed (or refused with 403), so a resumed download skips it.
CREATE TABLE sync_units (
  leagueSlug TEXT NOT NULL,
  teamId INTEGER NOT NULL,
  seasonSlug TEXT NOT NULL,
  status TEXT NOT NULL,
  rowCount INTEGER NOT NULL,
  message TEXT,
  doneAt TEXT NOT NULL,
  PRIMARY KEY (leagueSlug, teamId, seasonSlug)
);
-- The service every row came from; data from another base URL is cleared before a sync from it.
CREATE TABLE store_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE VIRTUAL TABLE player_search USING fts5(name, teamNames, tokenize="unicode61 remove_diacritics 2");
`,
};
