import type { Migration } from '../../../common/migration.ts';

/**
 * Scouting lists: the scout's own data, never synced, so a sync (or a change of service) never clears
 * it. An entry keeps the player's name and position as starred, for when the store has no row for him.
 */
export const migration: Migration = {
  version: 3,
  name: 'scouting lists',
  sql: `
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
};
