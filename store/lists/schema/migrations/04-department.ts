import type { Migration } from '../../../common/migration.ts';

/**
 * What sync with a scouting department needs (store/lists/department/, shared/department/): every shared
 * record gets a global id (`uid`, a UUID v4; reports had one), an `owner` (empty: this computer's scout
 * while no department is set; else the login role that wrote it) and `rev` (the server's change id of the
 * state the laptop last has; null: never synced). Lists get `shared`; reports `retracted` (a colleague's
 * report taken back: kept, shown as such, never counted) and `sentState` (the state the department last
 * has of this scout's own report, so a retraction carries what was shared, never a draft); boards `kind`
 * ('scout' or the department's); a board's versions the change (`rev`) and `author` of a synced one.
 *
 * Names are unique per owner now (a colleague's shared list may be named as one of the scout's), and
 * boards per name, scout and owner. SQLite cannot drop a constraint, so lists, boards and their child tables
 * are built anew: the children first (pointing at the new parents), then the old tables dropped, children
 * before parents, so no foreign key action ever fires, and the new ones renamed into place (SQLite
 * rewrites the children's references to the new names). Every existing row gets a UUID of its own.
 *
 * The sync's own tables: `department_outbox` (changes waiting to be pushed, in order, written in the
 * transaction of the change itself; `refusedAt`/`reason` when the server refused one),
 * `department_tombstones` (deletes of this scout's synced records), `department_deferred` (a state
 * pulled for a record of his with a change still waiting), `department_conflicts` (states the server
 * kept for him when another change won), `department_report_versions` (his reports' history on the
 * server).
 */

/** A UUID v4 made by SQLite (version nibble 4, variant 8-b), for rows made by SQL alone. */
const UUID = `(lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' ||
  substr('89ab', 1 + (random() & 3), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))))`;

export const migration: Migration = {
  version: 4,
  name: 'department sync',
  sql: `
CREATE TABLE lists_v4 (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE DEFAULT ${UUID},
  name TEXT NOT NULL COLLATE NOCASE,
  owner TEXT NOT NULL DEFAULT '',
  scout TEXT NOT NULL DEFAULT '',
  shared INTEGER NOT NULL DEFAULT 0 CHECK (shared IN (0, 1)),
  rev TEXT,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL,
  UNIQUE (name, owner)
);
INSERT INTO lists_v4 (id, name, createdAt, updatedAt) SELECT id, name, createdAt, updatedAt FROM scouting_lists;
CREATE TABLE entries_v4 (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE DEFAULT ${UUID},
  listId INTEGER NOT NULL REFERENCES lists_v4 (id) ON DELETE CASCADE,
  owner TEXT NOT NULL DEFAULT '',
  rev TEXT,
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
INSERT INTO entries_v4 (id, listId, source, playerId, playerName, dateOfBirth, position, rating, note, previousNote,
    previousNoteAt, addedAt, updatedAt)
  SELECT id, listId, source, playerId, playerName, dateOfBirth, position, rating, note, previousNote, previousNoteAt,
    addedAt, updatedAt FROM scouting_list_entries;

CREATE TABLE boards_v4 (
  id INTEGER PRIMARY KEY,
  uid TEXT NOT NULL UNIQUE DEFAULT ${UUID},
  name TEXT NOT NULL,
  scout TEXT NOT NULL DEFAULT '',
  owner TEXT NOT NULL DEFAULT '',
  kind TEXT NOT NULL DEFAULT 'scout' CHECK (kind IN ('scout', 'department')),
  rev TEXT,
  tiers TEXT NOT NULL,
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL,
  UNIQUE (name COLLATE NOCASE, scout, owner)
);
INSERT INTO boards_v4 (id, name, scout, tiers, createdAt, updatedAt)
  SELECT id, name, scout, tiers, createdAt, updatedAt FROM draft_boards;
CREATE TABLE board_entries_v4 (
  boardId INTEGER NOT NULL REFERENCES boards_v4 (id) ON DELETE CASCADE,
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
INSERT INTO board_entries_v4 SELECT boardId, source, playerId, playerName, playerPosition, dateOfBirth, rank, tier,
  noInterest FROM draft_board_entries;
CREATE TABLE board_versions_v4 (
  id INTEGER PRIMARY KEY,
  boardId INTEGER NOT NULL REFERENCES boards_v4 (id) ON DELETE CASCADE,
  label TEXT NOT NULL,
  savedAt TEXT NOT NULL,
  entries TEXT NOT NULL,
  rev TEXT UNIQUE,
  author TEXT NOT NULL DEFAULT ''
);
INSERT INTO board_versions_v4 (id, boardId, label, savedAt, entries)
  SELECT id, boardId, label, savedAt, entries FROM draft_board_versions;

DROP TABLE scouting_list_entries;
DROP TABLE scouting_lists;
DROP TABLE draft_board_entries;
DROP TABLE draft_board_versions;
DROP TABLE draft_boards;
ALTER TABLE lists_v4 RENAME TO scouting_lists;
ALTER TABLE entries_v4 RENAME TO scouting_list_entries;
ALTER TABLE boards_v4 RENAME TO draft_boards;
ALTER TABLE board_entries_v4 RENAME TO draft_board_entries;
ALTER TABLE board_versions_v4 RENAME TO draft_board_versions;
CREATE INDEX scouting_list_entries_player ON scouting_list_entries (source, playerId);

ALTER TABLE scouting_reports ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE scouting_reports ADD COLUMN rev TEXT;
ALTER TABLE scouting_reports ADD COLUMN retracted INTEGER NOT NULL DEFAULT 0;
ALTER TABLE scouting_reports ADD COLUMN sentState TEXT;

CREATE TABLE department_outbox (
  seq INTEGER PRIMARY KEY,
  changeId TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('report', 'list', 'entry', 'board')),
  recordId TEXT NOT NULL,
  base TEXT,
  state TEXT NOT NULL,
  madeAt TEXT NOT NULL,
  refusedAt TEXT,
  reason TEXT
);
CREATE INDEX department_outbox_record ON department_outbox (kind, recordId);
CREATE TABLE department_tombstones (
  kind TEXT NOT NULL,
  uid TEXT NOT NULL,
  rev TEXT,
  deletedAt TEXT NOT NULL,
  PRIMARY KEY (kind, uid)
) WITHOUT ROWID;
CREATE TABLE department_deferred (
  kind TEXT NOT NULL,
  uid TEXT NOT NULL,
  rev TEXT NOT NULL,
  row TEXT NOT NULL,
  PRIMARY KEY (kind, uid)
) WITHOUT ROWID;
CREATE TABLE department_conflicts (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  recordId TEXT NOT NULL,
  changeId TEXT NOT NULL,
  state TEXT NOT NULL,
  winner TEXT NOT NULL,
  committedAt TEXT NOT NULL,
  resolution TEXT CHECK (resolution IN ('keep', 'drop')),
  resolvedAt TEXT,
  serverResolved INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;
CREATE TABLE department_report_versions (
  id TEXT PRIMARY KEY,
  reportId TEXT NOT NULL,
  version INTEGER NOT NULL,
  rev TEXT NOT NULL,
  status TEXT NOT NULL,
  body TEXT NOT NULL,
  committedAt TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX department_report_versions_report ON department_report_versions (reportId, version);
`,
};
