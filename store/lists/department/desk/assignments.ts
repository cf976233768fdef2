import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { AssignmentState } from '../../../../shared/department/changes.ts';
import {
  type Assignment,
  AssignmentEditSchema,
  AssignmentInputSchema,
  type AssignmentQuery,
  AssignmentQuerySchema,
} from '../../../../shared/department/desk.ts';
import type { DepartmentIdentity } from '../../../../shared/department/laptop.ts';
import { ListInputError, ListNotFoundError, parseListInput } from '../../../../shared/domain/lists.ts';
import type { WritableDB } from '../../../common/db.ts';
import { folded } from '../../reports.ts';
import { departmentOf } from '../identity.ts';
import { enqueue, keepTombstone, pending } from '../outbox.ts';
import { nameOf } from './names.ts';
import { writeAssignment } from './records.ts';

/**
 * Assignments on a laptop: a director assigns a player to a scout (queued for the department in the same
 * transaction) or takes an assignment back (a tombstone); everyone lists them offline, as last pulled. A
 * scout's laptop holds his own only (the server's row-level security sends nothing else); a director's holds
 * the department's.
 *
 * Done: an assignment is fulfilled by a final report (not taken back) of its assignee on its player, dated
 * on or after the assignment's day, or the game's day when it names a game. A report is on the player when
 * it names his source and id, or his name (accents and case aside) and birth date, as the player page
 * matches the department's reports.
 */

/** A row of `department_assignments`. */
interface AssignmentRow {
  uid: string;
  owner: string;
  rev: string | null;
  assignee: string;
  source: string;
  playerId: number;
  playerName: string;
  dateOfBirth: string | null;
  position: string | null;
  assignedOn: string;
  dueDate: string;
  note: string;
  gameDate: string | null;
  homeTeam: string;
  awayTeam: string;
}

/** The department set up on a director's laptop; else a plain error naming `key`. */
function director(db: WritableDB, key: string): DepartmentIdentity {
  const dep = departmentOf(db);
  if (dep === null) throw new ListInputError('department', 'Invalid department: none is set up on this computer.');
  if (!dep.director)
    throw new ListInputError(key, `Invalid ${key}: only the department's directors assign players to scouts.`);
  return dep;
}

/** The game date of the assignee's earliest final report that fulfils `a`, or null. */
function doneOn(db: WritableDB, a: AssignmentRow, me: string): string | null {
  const name = folded(a.playerName).trim();
  const hits = db
    .query<
      { gameDate: string; source: string; playerId: number; playerName: string },
      [string, number, string, string, number, string | null]
    >(
      // His own reports are his login's once a department is set; one made before may still have none.
      `SELECT gameDate, source, playerId, playerName FROM scouting_reports
        WHERE status = 'final' AND retracted = 0 AND (owner = ? OR (? = 1 AND owner = '' AND scout = ''))
          AND gameDate >= ? AND ((source = ? AND playerId = ?) OR (dateOfBirth IS NOT NULL AND dateOfBirth = ?))
        ORDER BY gameDate`,
    )
    .all(a.assignee, a.assignee === me ? 1 : 0, a.gameDate ?? a.assignedOn, a.source, a.playerId, a.dateOfBirth);
  const hit = hits.find(
    (r) => (r.source === a.source && r.playerId === a.playerId) || folded(r.playerName).trim() === name,
  );
  return hit?.gameDate ?? null;
}

/** A row's state as the department has it. */
function stateOf(row: AssignmentRow): AssignmentState {
  return {
    assignee: row.assignee,
    player: {
      source: row.source,
      playerId: row.playerId,
      name: row.playerName,
      dateOfBirth: row.dateOfBirth,
      position: row.position,
    },
    assignedOn: row.assignedOn,
    dueDate: row.dueDate,
    note: row.note,
    game: row.gameDate === null ? null : { date: row.gameDate, homeTeam: row.homeTeam, awayTeam: row.awayTeam },
    deleted: false,
  };
}

/** Assignment `uid`'s row; ListNotFoundError when this laptop has none. */
function rowOf(db: WritableDB, uid: string): AssignmentRow {
  const row = db.query<AssignmentRow, [string]>('SELECT * FROM department_assignments WHERE uid = ?').get(uid);
  if (row === undefined) throw new ListNotFoundError('uid', `There is no assignment with id ${uid}.`);
  return row;
}

/** A row as the views show it. */
function assignmentOf(db: WritableDB, r: AssignmentRow, me: string): Assignment {
  return {
    uid: r.uid,
    director: r.owner,
    assignee: r.assignee,
    assigneeName: nameOf(db, r.assignee),
    player: {
      source: r.source,
      playerId: r.playerId,
      name: r.playerName,
      dateOfBirth: r.dateOfBirth,
      position: r.position,
    },
    assignedOn: r.assignedOn,
    dueDate: r.dueDate,
    note: r.note,
    game: r.gameDate === null ? null : { date: r.gameDate, homeTeam: r.homeTeam, awayTeam: r.awayTeam },
    from: r.gameDate ?? r.assignedOn,
    doneOn: doneOn(db, r, me),
    waiting: pending(db, 'assignment', r.uid),
  };
}

/**
 * The assignments on this laptop, in date order (due date, then the game's, then the player's name):
 * `who: 'mine'` the signed-in scout's, `'all'` every one this laptop holds (a director's: the
 * department's). `open`: those not done yet only. Empty when no department is set.
 * @throws ListInputError naming a bad field of `raw`.
 */
export function listAssignments(db: WritableDB, raw: AssignmentQuery = {}): Assignment[] {
  const q = parseListInput(AssignmentQuerySchema, raw ?? {}, '');
  const dep = departmentOf(db);
  if (dep === null) return [];
  const rows = db
    .query<AssignmentRow, [number, string]>(
      `SELECT * FROM department_assignments WHERE ? = 1 OR assignee = ?
        ORDER BY dueDate, coalesce(gameDate, dueDate), playerName, uid`,
    )
    .all(q.who === 'all' ? 1 : 0, dep.user);
  const out = rows.map((r) => assignmentOf(db, r, dep.user));
  return q.open ? out.filter((a) => a.doneOn === null) : out;
}

/** Today's calendar day (UTC), as `YYYY-MM-DD`. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * A director assigns a player to a scout: the assignment is written here and queued for the department in
 * one transaction (the server checks again that he is a director, and that the assignee is a scout).
 * @throws ListInputError naming the field: not a director, a bad input, a due date before the day assigned.
 */
export function assign(db: WritableDB, raw: unknown): Assignment {
  const input = parseListInput(AssignmentInputSchema, raw, '');
  const dep = director(db, 'assignee');
  const state: AssignmentState = {
    assignee: input.assignee,
    player: input.player,
    assignedOn: input.assignedOn ?? today(),
    dueDate: input.dueDate,
    note: input.note,
    game: input.game,
    deleted: false,
  };
  return db.tx(() => written(db, dep, randomUUID(), state, null));
}

/**
 * Writes `state` of assignment `uid` here and queues it for the department (`rev`: the server's rev of the
 * state it replaces, null for a new one), in the caller's transaction; returns it as the views show it.
 * @throws ListInputError when its due date is before the day it was assigned.
 */
function written(
  db: WritableDB,
  dep: DepartmentIdentity,
  uid: string,
  state: AssignmentState,
  rev: string | null,
): Assignment {
  if (state.dueDate < state.assignedOn)
    throw new ListInputError('dueDate', 'Invalid dueDate: the due date is on or after the day it is assigned.');
  writeAssignment({ db, dep }, { uid, owner: dep.user, rev: undefined, at: new Date().toISOString() }, state);
  enqueue(db, 'assignment', uid, state, rev);
  return assignmentOf(db, rowOf(db, uid), dep.user);
}

/**
 * A director changes assignment `uid`'s due date, note and game (its scout and player stay): written here
 * and queued for the department in one transaction, on the state this laptop last had (another director's
 * change in between makes a conflict kept for him, as on the department board).
 * @throws ListInputError naming the field (not a director, a bad input, a due date before the day
 *   assigned); ListNotFoundError when this laptop has no such assignment.
 */
export function editAssignment(db: WritableDB, raw: unknown): Assignment {
  const edit = parseListInput(AssignmentEditSchema, raw, '');
  const dep = director(db, 'uid');
  return db.tx(() => {
    const row = rowOf(db, edit.uid);
    const state: AssignmentState = { ...stateOf(row), dueDate: edit.dueDate, note: edit.note, game: edit.game };
    return written(db, dep, edit.uid, state, row.rev);
  });
}

/**
 * A director takes assignment `rawUid` back: it goes here, and its tombstone is queued for the department.
 * @throws ListInputError (not a director, a bad id); ListNotFoundError when this laptop has no such one.
 */
export function unassign(db: WritableDB, rawUid: unknown): void {
  const uid = parseListInput(z.uuid({ error: 'an assignment id' }), rawUid, 'uid');
  director(db, 'uid');
  db.tx(() => {
    const row = rowOf(db, uid);
    const state: AssignmentState = { ...stateOf(row), deleted: true };
    db.query<never, [string]>('DELETE FROM department_assignments WHERE uid = ?').run(uid);
    keepTombstone(db, 'assignment', uid, row.rev);
    enqueue(db, 'assignment', uid, state, row.rev);
  });
}
