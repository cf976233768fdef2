import { randomUUID } from 'node:crypto';
import type { ReportState } from '../../../shared/department/changes.ts';
import type { DepartmentIdentity } from '../../../shared/department/laptop.ts';
import type { WritableDB } from '../../common/db.ts';
import { getMeta } from '../meta.ts';
import type { EntryRow } from '../rows.ts';
import { departmentOf, shareable } from './identity.ts';
import { enqueue, keepTombstone } from './outbox.ts';
import { boardState, entryState, listState, type ReportStateRow, reportState } from './states.ts';

/**
 * The hooks the lists' writes call inside their own transaction, so that each change to a shareable record
 * queues its new state in the same transaction (outbox.ts). Nothing happens while no department is set.
 * Reports: a final one queues its state; one set back to draft, or deleted, queues a retraction carrying
 * what the department last had of it (`sentState`), never the draft; a draft never shared queues nothing.
 * A record of the scout's made with no owner is given his login role.
 */
export interface Tracker {
  /** After list `id` was made or changed. */
  list(id: number): void;
  /** After entry `id` was made or changed. */
  entry(id: number): void;
  /** After report `id` was saved. */
  report(id: number): void;
  /** After board `id` was made or changed; `label` names a saved version. Returns the change id (null: none). */
  board(id: number, label?: string): string | null;
  /** Before list `id` (and its entries) is deleted: their tombstones queued and kept. */
  listDeleted(id: number): void;
  /** Before entry `id` is deleted, likewise; a report (a retraction) and a board too. */
  entryDeleted(id: number): void;
  reportDeleted(id: number): void;
  boardDeleted(id: number): void;
}

/** A UUID as the department takes record ids (zod's `uuid()`: a version digit 1-8 and the RFC variant). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

type Tracked = { uid: string; owner: string; rev: string | null; scout?: string; kind?: string };

/** The scout's name on his reports: as he set it for the department, else on his exports, else his login. */
export function scoutNameOf(db: WritableDB, dep: DepartmentIdentity): string {
  if (dep.scoutName !== '') return dep.scoutName;
  const prefs = getMeta(db, 'scoutingPrefs');
  const name = prefs === null ? '' : String((JSON.parse(prefs) as { scoutName?: unknown }).scoutName ?? '');
  return name.trim() === '' ? dep.user : name.trim();
}

/**
 * The hooks on the lists file `db`. Each reads the record's row as written so far in the caller's
 * transaction and queues its state; it throws what `enqueue` throws (a state the department's laptops
 * would refuse), which rolls the caller's change back with it.
 */
export function createTracker(db: WritableDB): Tracker {
  /** The department and the row, when the row is the scout's to share; its owner set to his login. */
  const claim = <R extends Tracked>(table: string, id: number, columns: string) => {
    const dep = departmentOf(db);
    if (dep === null) return null;
    const row = db.query<R, [number]>(`SELECT uid, owner, rev, ${columns} FROM ${table} WHERE id = ?`).get(id);
    if (row === undefined || !shareable(row, dep)) return null;
    if (row.owner === '' && row.kind !== 'department')
      db.query<never, [string, number]>(`UPDATE ${table} SET owner = ? WHERE id = ?`).run(dep.user, id);
    return { dep, row };
  };
  const entryRow = (id: number) =>
    claim<Tracked & EntryRow & { listUid: string }>(
      'scouting_list_entries',
      id,
      'listId, source, playerId, playerName, dateOfBirth, position, rating, note, (SELECT uid FROM scouting_lists l WHERE l.id = listId) AS listUid',
    );
  const boardRow = (id: number) => claim<Tracked & { kind: 'scout' | 'department' }>('draft_boards', id, 'scout, kind');
  const reportRow = (id: number) => {
    const c = claim<Tracked & ReportStateRow & { status: string; sentState: string | null }>(
      'scouting_reports',
      id,
      '*',
    );
    // A report of an old file may carry any text of 8-64 characters as its identity: it gets a UUID now.
    if (c !== null && !UUID_RE.test(c.row.uid)) {
      c.row.uid = randomUUID();
      db.query<never, [string, number]>('UPDATE scouting_reports SET uid = ? WHERE id = ?').run(c.row.uid, id);
    }
    return c;
  };
  const setSent = (id: number, state: ReportState) =>
    db
      .query<never, [string, number]>('UPDATE scouting_reports SET sentState = ? WHERE id = ?')
      .run(JSON.stringify(state), id);

  const tracker: Tracker = {
    list(id) {
      const c = claim<Tracked & { name: string; shared: number }>('scouting_lists', id, 'name, shared');
      if (c !== null) enqueue(db, 'list', c.row.uid, listState(c.row), c.row.rev);
    },
    entry(id) {
      const c = entryRow(id);
      if (c !== null) enqueue(db, 'entry', c.row.uid, entryState(c.row, c.row.listUid), c.row.rev);
    },
    report(id) {
      const c = reportRow(id);
      if (c === null) return;
      const sent = c.row.sentState === null ? null : (JSON.parse(c.row.sentState) as ReportState);
      let state: ReportState;
      if (c.row.status === 'final') state = reportState(c.row, scoutNameOf(db, c.dep));
      else if (sent?.status === 'final') state = { ...sent, status: 'retracted' };
      else return;
      enqueue(db, 'report', c.row.uid, state, c.row.rev);
      setSent(id, state);
    },
    board(id, label = '') {
      const c = boardRow(id);
      return c === null ? null : enqueue(db, 'board', c.row.uid, boardState(db, id, c.row.kind, label), c.row.rev);
    },
    listDeleted(id) {
      const c = claim<Tracked & { name: string; shared: number }>('scouting_lists', id, 'name, shared');
      if (c === null) return;
      const entries = db.query<{ id: number }, [number]>('SELECT id FROM scouting_list_entries WHERE listId = ?');
      for (const e of entries.all(id)) tracker.entryDeleted(e.id);
      enqueue(db, 'list', c.row.uid, listState(c.row, true), c.row.rev);
      keepTombstone(db, 'list', c.row.uid, c.row.rev);
    },
    entryDeleted(id) {
      const c = entryRow(id);
      if (c === null) return;
      enqueue(db, 'entry', c.row.uid, entryState(c.row, c.row.listUid, true), c.row.rev);
      keepTombstone(db, 'entry', c.row.uid, c.row.rev);
    },
    reportDeleted(id) {
      const c = reportRow(id);
      if (c === null || c.row.sentState === null) return;
      const sent = JSON.parse(c.row.sentState) as ReportState;
      enqueue(db, 'report', c.row.uid, { ...sent, status: 'retracted', deleted: true }, c.row.rev);
      keepTombstone(db, 'report', c.row.uid, c.row.rev);
    },
    boardDeleted(id) {
      const c = boardRow(id);
      if (c === null) return;
      enqueue(db, 'board', c.row.uid, boardState(db, id, c.row.kind, '', true), c.row.rev);
      keepTombstone(db, 'board', c.row.uid, c.row.rev);
    },
  };
  return tracker;
}
