import type { Migration } from '../../../common/migration.ts';

/**
 * The director's desk (store/lists/department/desk/): the department's assignments and settings as this
 * laptop last pulled them, so a scout sees his assignments offline, and the coverage view marks
 * disagreement by the directors' threshold.
 *
 * `department_assignments`: a director's assignment, by its global id (`uid`): `owner` the director who
 * last wrote it, `rev` the server's change id of the state here (null: made here, not synced yet),
 * `assignee` the scout's login role, the player as the director named him, the day it was made, the due
 * date, the note, and the game (its date and teams as text; no date: no game).
 * `department_settings`: the department's one settings record (`uid` the fixed id of
 * shared/department/changes.ts).
 *
 * The outbox takes the two new kinds of change: SQLite cannot change a CHECK, so it is built anew and its
 * rows copied in order (`seq` kept).
 */
export const migration: Migration = {
  version: 5,
  name: 'director desk',
  sql: `
CREATE TABLE department_assignments (
  uid TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  rev TEXT,
  assignee TEXT NOT NULL,
  source TEXT NOT NULL,
  playerId INTEGER NOT NULL,
  playerName TEXT NOT NULL,
  dateOfBirth TEXT,
  position TEXT,
  assignedOn TEXT NOT NULL,
  dueDate TEXT NOT NULL,
  note TEXT NOT NULL DEFAULT '',
  gameDate TEXT,
  homeTeam TEXT NOT NULL DEFAULT '',
  awayTeam TEXT NOT NULL DEFAULT '',
  createdAt TEXT NOT NULL,
  updatedAt TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX department_assignments_assignee ON department_assignments (assignee, dueDate);
CREATE TABLE department_settings (
  uid TEXT PRIMARY KEY,
  owner TEXT NOT NULL,
  rev TEXT,
  disagreementThreshold REAL NOT NULL,
  updatedAt TEXT NOT NULL
) WITHOUT ROWID;

-- A colleague's name as the department shows it is his newest report's (department/write-records.ts
-- displayName: a report with a name), asked once per scout by every coverage answer.
CREATE INDEX scouting_reports_owner_name ON scouting_reports (owner, updatedAt) WHERE scout <> '';

CREATE TABLE outbox_v5 (
  seq INTEGER PRIMARY KEY,
  changeId TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('report', 'list', 'entry', 'board', 'assignment', 'setting')),
  recordId TEXT NOT NULL,
  base TEXT,
  state TEXT NOT NULL,
  madeAt TEXT NOT NULL,
  refusedAt TEXT,
  reason TEXT
);
INSERT INTO outbox_v5 SELECT seq, changeId, kind, recordId, base, state, madeAt, refusedAt, reason FROM department_outbox;
DROP TABLE department_outbox;
ALTER TABLE outbox_v5 RENAME TO department_outbox;
CREATE INDEX department_outbox_record ON department_outbox (kind, recordId);
`,
};
