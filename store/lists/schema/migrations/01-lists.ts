import type { Migration } from '../../../common/migration.ts';

/**
 * The scouting lists' own file as first shipped: lists, and their entries keyed by the player's source
 * and id (two databases number their players alike), each keeping the player's identity as starred
 * (name, birth date, position) for when the data in use does not hold him; the rating, the note and the
 * note an import replaced (`previousNote`); and `lists_meta` (key → text) for the file's own facts.
 */
export const migration: Migration = {
  version: 1,
  name: 'scouting lists',
  sql: `
CREATE TABLE lists_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE scouting_lists (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL COLLATE NOCASE UNIQUE,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
);
CREATE TABLE scouting_list_entries (
  id INTEGER PRIMARY KEY,
  listId INTEGER NOT NULL REFERENCES scouting_lists (id) ON DELETE CASCADE,
  source TEXT NOT NULL,
  playerId INTEGER NOT NULL,
  playerName TEXT NOT NULL,
  dateOfBirth TEXT,
  position TEXT,
  rating INTEGER CHECK (rating IS NULL OR rating BETWEEN 1 AND 5),
  note TEXT NOT NULL DEFAULT '',
  previousNote TEXT,
  previousNoteAt TEXT,
  addedAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL,
  UNIQUE (listId, source, playerId)
);
CREATE INDEX scouting_list_entries_player ON scouting_list_entries (source, playerId);
`,
};
