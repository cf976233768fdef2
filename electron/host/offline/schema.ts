import type { DatabaseSync } from 'node:sqlite';

/**
 * The local player store's schema (DESIGN.md, "Where the next capabilities live"): one SQLite file,
 * versioned with `PRAGMA user_version`; each migration runs once, in order, inside a transaction.
 * Names follow the spec: players carry the Player fields the app shows, `player_stats` one row per
 * player statistics record (a player's season with a team) with the three stat blocks flattened
 * into `<block>_<KEY>` columns.
 */

import { STAT_BLOCKS, STAT_KEYS, type StatBlock, type StatKey } from '../../../shared/offline.ts';

export { STAT_BLOCKS, STAT_KEYS };

/** The column of one stat: `regularStats_PTS`. */
export function statColumn(block: StatBlock, key: StatKey): string {
  return `${block}_${key}`;
}

const STAT_COLUMNS = STAT_BLOCKS.flatMap((b) => STAT_KEYS.map((k) => `${statColumn(b, k)} REAL`)).join(',\n  ');

/** Migrations by target version (index + 1). Never edit a shipped one: append. */
export const MIGRATIONS: readonly string[] = [
  `
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
  // Sorting the players list on every column: the latest synced team-season is kept on the player row
  // (rewritten with each commit) rather than looked up per row; height and weight get their sort indexes.
  // A league-season being synced again keeps its last sync time and is marked in progress, so a
  // re-sync stopped midway resumes instead of starting over.
  `
ALTER TABLE players ADD COLUMN latestSeason TEXT;
ALTER TABLE players ADD COLUMN latestTeamId INTEGER;
ALTER TABLE players ADD COLUMN latestTeamName TEXT;
UPDATE players SET (latestSeason, latestTeamId, latestTeamName) = (
  SELECT s.seasonSlug, s.teamId, s.teamName FROM player_stats s WHERE s.playerId = players.id
  ORDER BY s.seasonSlug DESC, s.id DESC LIMIT 1
);
CREATE INDEX players_height ON players (heightCm, id);
CREATE INDEX players_weight ON players (weightKg, id);
CREATE INDEX players_latest ON players (latestSeason, id);
ALTER TABLE sync_state ADD COLUMN inProgress INTEGER NOT NULL DEFAULT 0;
`,
  // Scouting lists: the scout's own data, never synced, so a sync (or a change of service) never clears it.
  // An entry keeps the player's name and position as starred, for when the store has no row for him.
  `
CREATE TABLE scouting_lists (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL COLLATE NOCASE UNIQUE,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE TABLE scouting_list_entries (
  listId INTEGER NOT NULL,
  playerId INTEGER NOT NULL,
  playerName TEXT NOT NULL,
  position TEXT,
  rating INTEGER CHECK (rating IS NULL OR rating BETWEEN 1 AND 5),
  note TEXT NOT NULL DEFAULT '',
  addedAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL,
  PRIMARY KEY (listId, playerId)
);
CREATE INDEX scouting_list_entries_player ON scouting_list_entries (playerId);
`,
  // Each player's agency (his record's first), so an agency's page lists its clients on this computer. Players
  // stored before lose their updatedAt, so the next download reads their records (and agencies) again.
  `
ALTER TABLE players ADD COLUMN agencyId INTEGER;
ALTER TABLE players ADD COLUMN agencyName TEXT;
CREATE INDEX players_agency ON players (agencyId, name, id);
UPDATE players SET updatedAt = NULL;
`,
];

/** The schema version this code writes. */
export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Throws a plain error when this SQLite has no FTS5 (Electron builds of Node older than 22.16), before
 * any table is made, so the scout reads why offline players are unavailable.
 */
export function probeFts5(db: DatabaseSync): void {
  try {
    db.exec(
      'CREATE VIRTUAL TABLE temp.fts5_probe USING fts5(x, tokenize="unicode61 remove_diacritics 2"); DROP TABLE temp.fts5_probe;',
    );
  } catch (err) {
    throw new Error(
      `This build's SQLite has no FTS5 full-text search, which the offline player store needs (${err instanceof Error ? err.message : String(err)}).`,
    );
  }
}

/**
 * Brings `db` to {@link SCHEMA_VERSION}. Throws when the file is newer than this code (written by a
 * later Rinkside): nothing is changed then.
 */
export function migrate(db: DatabaseSync): number {
  const row = db.prepare('PRAGMA user_version').get() as { user_version: number };
  const from = row.user_version;
  if (from > SCHEMA_VERSION) {
    throw new Error(`The offline store is at schema version ${from}, newer than this app's ${SCHEMA_VERSION}.`);
  }
  for (let v = from; v < SCHEMA_VERSION; v++) {
    db.exec('BEGIN IMMEDIATE');
    try {
      db.exec(MIGRATIONS[v] as string);
      db.exec(`PRAGMA user_version = ${v + 1}`);
      db.exec('COMMIT');
    } catch (err) {
      db.exec('ROLLBACK');
      throw err;
    }
  }
  return from;
}
