import { randomUUID } from 'node:crypto';
import { type Change, type ChangeKind, ChangeSchema, type StateOf } from '../../../shared/department/changes.ts';
import type { RefusedChange } from '../../../shared/department/laptop.ts';
import { parseListInput } from '../../../shared/domain/lists.ts';
import { closeUnpairedIn } from '../../../shared/domain/text-safety.ts';
import type { WritableDB } from '../../common/db.ts';

/**
 * The outbox (table `department_outbox`): the scout's changes waiting to be pushed, in the order made. A
 * change is written by the same transaction as the change itself, so the file never holds one without the
 * other. Its `base` is the change id of the state the laptop last had: the last change still queued for the
 * record, else the record's `rev` (the server's, as last synced). A change the server refused stays, with
 * its reason, until a newer state of the record replaces it. Changes held for another login (`heldFor`:
 * held.ts) are neither pushed nor counted here.
 */

/** The table of each kind of record in the lists file. */
export const TABLE_OF: Readonly<Record<ChangeKind, string>> = {
  report: 'scouting_reports',
  list: 'scouting_lists',
  entry: 'scouting_list_entries',
  board: 'draft_boards',
  assignment: 'department_assignments',
  setting: 'department_settings',
};

/** The change id of the last change still waiting for a record, or null. */
function lastQueued(db: WritableDB, kind: ChangeKind, recordId: string): string | null {
  return (
    db
      .query<{ changeId: string }, [string, string]>(
        `SELECT changeId FROM department_outbox WHERE kind = ? AND recordId = ? AND refusedAt IS NULL
         ORDER BY seq DESC LIMIT 1`,
      )
      .get(kind, recordId)?.changeId ?? null
  );
}

/** Whether a change of the record waits to be pushed. */
export const pending = (db: WritableDB, kind: ChangeKind, recordId: string): boolean =>
  lastQueued(db, kind, recordId) !== null;

/**
 * Queues the new state of a record (inside the caller's transaction) and returns its change id. `rev` is the
 * record's rev as last synced. Text kept before the rule of shared/domain/text-safety.ts has its unpaired controls
 * closed, as an export writes it.
 * @throws ListInputError naming the field when the state is not one the department's laptops accept (a
 *   player without a name, a name too long): nothing of the change is written.
 */
export function enqueue<K extends ChangeKind>(
  db: WritableDB,
  kind: K,
  recordId: string,
  state: StateOf<K>,
  rev: string | null,
): string {
  const change = parseListInput(
    ChangeSchema,
    {
      changeId: randomUUID(),
      kind,
      recordId,
      base: lastQueued(db, kind, recordId) ?? rev,
      state: closeUnpairedIn(state),
    },
    'change',
  );
  // A newer state replaces a refused one: what the scout has now is what goes.
  db.query<never, [string, string]>(
    'DELETE FROM department_outbox WHERE kind = ? AND recordId = ? AND refusedAt IS NOT NULL',
  ).run(kind, recordId);
  db.query<never, [string, string, string, string | null, string, string]>(
    'INSERT INTO department_outbox (changeId, kind, recordId, base, state, madeAt) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(change.changeId, kind, recordId, change.base, JSON.stringify(change.state), new Date().toISOString());
  return change.changeId;
}

interface OutboxRow {
  changeId: string;
  kind: ChangeKind;
  recordId: string;
  base: string | null;
  state: string;
  madeAt: string;
  reason: string | null;
}

/** The first `limit` changes waiting (refused ones left out), oldest first, as the push sends them. */
export function waiting(db: WritableDB, limit: number): Change[] {
  return db
    .query<OutboxRow, [number]>(
      `SELECT changeId, kind, recordId, base, state FROM department_outbox WHERE refusedAt IS NULL AND heldFor IS NULL
       ORDER BY seq LIMIT ?`,
    )
    .all(limit)
    .map(
      (r) =>
        ({
          changeId: r.changeId,
          kind: r.kind,
          recordId: r.recordId,
          base: r.base,
          state: JSON.parse(r.state),
        }) as Change,
    );
}

/** How many changes wait. */
export const waitingCount = (db: WritableDB): number =>
  db
    .query<{ n: number }, []>('SELECT COUNT(*) AS n FROM department_outbox WHERE refusedAt IS NULL AND heldFor IS NULL')
    .get()?.n ?? 0;

/** The changes the server refused, oldest first. */
export function refused(db: WritableDB): RefusedChange[] {
  return db
    .query<OutboxRow, []>(
      `SELECT changeId, kind, recordId, madeAt, reason FROM department_outbox WHERE refusedAt IS NOT NULL AND heldFor IS NULL
       ORDER BY seq`,
    )
    .all()
    .map((r) => ({
      changeId: r.changeId,
      kind: r.kind,
      recordId: r.recordId,
      reason: r.reason ?? '',
      madeAt: r.madeAt,
    }));
}

/** The record's rev as last synced (its row's, or its tombstone's once deleted); undefined when neither is here. */
export function revOf(db: WritableDB, kind: ChangeKind, uid: string): string | null | undefined {
  const row = db.query<{ rev: string | null }, [string]>(`SELECT rev FROM ${TABLE_OF[kind]} WHERE uid = ?`).get(uid);
  if (row !== undefined) return row.rev;
  return db
    .query<{ rev: string | null }, [string, string]>('SELECT rev FROM department_tombstones WHERE kind = ? AND uid = ?')
    .get(kind, uid)?.rev;
}

/** Records the server's rev of a record (its row, or its tombstone once deleted). */
export function setRev(db: WritableDB, kind: ChangeKind, uid: string, rev: string): void {
  const r = db.query<never, [string, string]>(`UPDATE ${TABLE_OF[kind]} SET rev = ? WHERE uid = ?`).run(rev, uid);
  if (r.changes === 0)
    db.query<never, [string, string, string]>(
      'UPDATE department_tombstones SET rev = ? WHERE kind = ? AND uid = ?',
    ).run(rev, kind, uid);
}

/** Keeps that a synced record of the scout's was deleted, at `rev` (the laptop's; replaced when the delete is synced). */
export function keepTombstone(db: WritableDB, kind: ChangeKind, uid: string, rev: string | null): void {
  db.query<never, [string, string, string | null, string]>(
    `INSERT INTO department_tombstones (kind, uid, rev, deletedAt) VALUES (?, ?, ?, ?)
     ON CONFLICT (kind, uid) DO UPDATE SET rev = excluded.rev, deletedAt = excluded.deletedAt`,
  ).run(kind, uid, rev, new Date().toISOString());
}

/** Forgets a record's tombstone (it is back). */
export const dropTombstone = (db: WritableDB, kind: ChangeKind, uid: string): void => {
  db.query<never, [string, string]>('DELETE FROM department_tombstones WHERE kind = ? AND uid = ?').run(kind, uid);
};
