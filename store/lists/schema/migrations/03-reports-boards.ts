import type { Migration } from '../../../common/migration.ts';

/**
 * Scouting reports and draft boards, in the lists' file so they share its durability (rollback journal,
 * synchronous EXTRA, checked at opening, backed up). A report keeps the player's identity as written
 * (source, id, name, position, birth date) like a list entry, its grades as JSON (area → 1..10 in half
 * points, or null for not seen), and a `uid` that keeps it one report across exported files. A board's
 * tiers are a JSON array of names; its players carry their place (`rank`, top to bottom over the whole
 * board), tier index and no-interest mark; a version is a dated JSON snapshot of the order. `scout` is
 * empty for this computer's scout, else the name an imported file gave.
 */
export const migration: Migration = {
  version: 3,
  name: 'scouting reports and draft boards',
  sql: `
CREATE TABLE scouting_reports (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE,
  source TEXT NOT NULL,
  playerId INTEGER NOT NULL,
  playerName TEXT NOT NULL,
  playerPosition TEXT,
  dateOfBirth TEXT,
  scout TEXT NOT NULL DEFAULT '',
  gameDate TEXT NOT NULL,
  homeTeam TEXT NOT NULL DEFAULT '',
  awayTeam TEXT NOT NULL DEFAULT '',
  league TEXT NOT NULL DEFAULT '',
  score TEXT NOT NULL DEFAULT '',
  positionPlayed TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL CHECK (kind IN ('skater', 'goalie')),
  grades TEXT NOT NULL DEFAULT '{}',
  projection TEXT,
  strengths TEXT NOT NULL DEFAULT '',
  weaknesses TEXT NOT NULL DEFAULT '',
  notes TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL CHECK (status IN ('draft', 'final')),
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE INDEX scouting_reports_player ON scouting_reports (source, playerId, gameDate);
CREATE TABLE draft_boards (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  scout TEXT NOT NULL DEFAULT '',
  tiers TEXT NOT NULL,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL,
  UNIQUE (name COLLATE NOCASE, scout)
);
CREATE TABLE draft_board_entries (
  boardId INTEGER NOT NULL REFERENCES draft_boards (id) ON DELETE CASCADE,
  source TEXT NOT NULL,
  playerId INTEGER NOT NULL,
  playerName TEXT NOT NULL,
  playerPosition TEXT,
  dateOfBirth TEXT,
  rank INTEGER NOT NULL,
  tier INTEGER NOT NULL,
  noInterest INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (boardId, source, playerId)
);
CREATE TABLE draft_board_versions (
  id INTEGER PRIMARY KEY,
  boardId INTEGER NOT NULL REFERENCES draft_boards (id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  savedAt TEXT NOT NULL,
  entries TEXT NOT NULL
);
`,
};
