import { z } from 'zod';
import type { ChangeKind, StateOf } from '../../../shared/department/changes.ts';
import type { DepartmentConflict, DepartmentIdentity } from '../../../shared/department/laptop.ts';
import { ListInputError, ListNotFoundError, parseListInput } from '../../../shared/domain/lists.ts';
import type { WritableDB } from '../../common/db.ts';
import { DIRECTORS_KINDS } from './desk/records.ts';
import { refuseForeign } from './identity.ts';
import { enqueue, revOf, TABLE_OF } from './outbox.ts';
import type { RecordMeta, WriteCtx } from './write-records.ts';
import { WRITERS } from './writers.ts';

/**
 * Conflicts kept for the scout (table `department_conflicts`, filled by the pull): a state of his the
 * server overwrote with a change that did not know it. He keeps one (its state becomes the record's again,
 * here and, queued as a new change on top of what the server shows, on the server) or drops it. Either way
 * it is resolved here at once, and the server's row must be marked resolved too: the host sends
 * `UPDATE rinkside.conflicts SET resolved = true WHERE id = ANY($1)` for {@link resolutionsToSend} and
 * then calls {@link resolutionsSent}.
 */

interface ConflictRow {
  id: string;
  kind: ChangeKind;
  recordId: string;
  changeId: string;
  state: string;
  winner: string;
  committedAt: string;
  resolution: 'keep' | 'drop' | null;
  resolvedAt: string | null;
}

/** A kept state in a few words. */
export function titleOf(kind: ChangeKind, state: StateOf<ChangeKind>): string {
  const s = state as Partial<StateOf<'report'> & StateOf<'list'> & StateOf<'entry'>>;
  if (kind === 'report') return `${s.player?.name}, ${s.body?.gameDate} ${s.body?.homeTeam}–${s.body?.awayTeam}`;
  if (kind === 'entry') return String(s.player?.name);
  if (kind === 'assignment') return `${(state as StateOf<'assignment'>).player.name}, assigned`;
  if (kind === 'setting') return "The department's settings";
  return String(s.name);
}

const conflictOf = (r: ConflictRow): DepartmentConflict => {
  const state = JSON.parse(r.state) as StateOf<ChangeKind>;
  return { ...r, state, title: titleOf(r.kind, state) };
};

/** The conflicts neither kept nor dropped (here or on another of his laptops), newest first. */
export function openConflicts(db: WritableDB): DepartmentConflict[] {
  return db
    .query<ConflictRow, []>(
      `SELECT id, kind, recordId, changeId, state, winner, committedAt, resolution, resolvedAt FROM department_conflicts
       WHERE resolution IS NULL AND serverResolved = 0 AND heldFor IS NULL ORDER BY committedAt DESC, id`,
    )
    .all()
    .map(conflictOf);
}

/** How the ownership rules read a record's row: the directors' records are the department's. */
function ownedColumns(kind: ChangeKind): string {
  if (DIRECTORS_KINDS.includes(kind)) return "NULL AS scout, 'department' AS kind";
  return `${kind === 'entry' ? 'NULL' : 'scout'} AS scout, ${kind === 'board' ? 'kind' : 'NULL'} AS kind`;
}

/** Makes the conflict's state the record's again, here, and queues it. */
function keep(ctx: WriteCtx, c: ConflictRow): void {
  const local = ctx.db
    .query<{ owner: string; scout: string | null; kind: string | null }, [string]>(
      `SELECT owner, ${ownedColumns(c.kind)} FROM ${TABLE_OF[c.kind]} WHERE uid = ?`,
    )
    .get(c.recordId);
  if (local !== undefined)
    refuseForeign({ owner: local.owner, scout: local.scout ?? '', kind: local.kind ?? undefined }, ctx.dep, c.kind);
  const state = JSON.parse(c.state) as StateOf<ChangeKind>;
  const m: RecordMeta = { uid: c.recordId, owner: ctx.dep.user, rev: undefined, at: new Date().toISOString() };
  try {
    (WRITERS[c.kind] as (x: WriteCtx, m: RecordMeta, s: StateOf<ChangeKind>) => void)(ctx, m, state);
  } catch (err) {
    throw new ListInputError('id', `Invalid id: this version cannot be kept (${(err as Error).message}).`);
  }
  enqueue(ctx.db, c.kind, c.recordId, state, revOf(ctx.db, c.kind, c.recordId) ?? null);
}

/**
 * Keeps or drops conflict `rawId` (see the module's comment); a conflict resolved already is answered as it is.
 * @throws ListInputError for a bad id or choice, or when the record is not the scout's to change;
 *   ListNotFoundError when there is no such conflict.
 */
export function resolveConflict(
  db: WritableDB,
  dep: DepartmentIdentity | null,
  rawId: unknown,
  rawChoice: unknown,
): DepartmentConflict {
  const id = parseListInput(z.uuid({ error: 'a conflict id' }), rawId, 'id');
  const choice = parseListInput(z.enum(['keep', 'drop'], { error: 'keep or drop' }), rawChoice, 'choice');
  if (dep === null) throw new ListInputError('department', 'Invalid department: none is set up on this computer.');
  const row = () =>
    db
      .query<ConflictRow, [string]>(
        `SELECT id, kind, recordId, changeId, state, winner, committedAt, resolution, resolvedAt
         FROM department_conflicts WHERE id = ?`,
      )
      .get(id);
  return db.tx(() => {
    const c = row();
    if (c === undefined) throw new ListNotFoundError('id', `There is no conflict with id ${id}.`);
    if (c.resolution !== null) return conflictOf(c);
    if (choice === 'keep') keep({ db, dep }, c);
    db.query<never, [string, string, string]>(
      'UPDATE department_conflicts SET resolution = ?, resolvedAt = ? WHERE id = ?',
    ).run(choice, new Date().toISOString(), id);
    return conflictOf(row() as ConflictRow);
  });
}

/** Conflicts resolved here whose server row is not marked resolved yet: what the host sends. */
export function resolutionsToSend(db: WritableDB): string[] {
  return db
    .query<{ id: string }, []>(
      'SELECT id FROM department_conflicts WHERE resolution IS NOT NULL AND serverResolved = 0 AND heldFor IS NULL ORDER BY resolvedAt, id',
    )
    .all()
    .map((r) => r.id);
}

/** Records that the server's rows of conflicts `ids` are marked resolved. */
export function resolutionsSent(db: WritableDB, rawIds: unknown): void {
  const ids = parseListInput(z.array(z.uuid()).max(100_000), rawIds, 'ids');
  db.tx(() => {
    const mark = db.query<never, [string]>('UPDATE department_conflicts SET serverResolved = 1 WHERE id = ?');
    for (const id of ids) mark.run(id);
  });
}
