import type { ChangeKind, ReportState } from '../../../shared/department/changes.ts';
import type { DepartmentIdentity, OwnRecordRev } from '../../../shared/department/laptop.ts';
import { ListInputError } from '../../../shared/domain/lists.ts';
import type { WritableDB } from '../../common/db.ts';
import { enqueue, pending, TABLE_OF } from './outbox.ts';
import { createTracker } from './track.ts';

/**
 * After the department's server was restored from an older backup: the scout's records as this laptop last
 * synced them ({@link ownRevs}), for the host to compare with what the server has now, and the queueing
 * again of those the server lost or holds an older state of ({@link resend}). A record resent keeps its
 * rev as base, which the restored server never knew: a record it lost is written again; one it holds in an
 * older state is written over it, and that older state is kept as a conflict for the scout (never
 * overwritten in silence, since a state another computer of his sent after the restore looks the same).
 */

/** The kinds of a scout's own records (the directors' assignments and settings are the department's). */
type OwnKind = Exclude<ChangeKind, 'assignment' | 'setting'>;

/** Kinds in the order a push must take them: a list before its entries. */
const ORDER: readonly OwnKind[] = ['list', 'entry', 'report', 'board'];

/** Which rows of each kind are the scout's own records. */
const OWN: Readonly<Record<OwnKind, string>> = {
  list: 'owner = ?',
  entry: 'owner = ?',
  report: "owner = ? AND scout = ''",
  board: "owner = ? AND scout = '' AND kind = 'scout'",
};

/** The scout's records this laptop has synced (a rev) and that have no change waiting, lists first. */
export function ownRevs(db: WritableDB, dep: DepartmentIdentity | null): OwnRecordRev[] {
  if (dep === null) return [];
  return ORDER.flatMap((kind) =>
    db
      .query<{ recordId: string; rev: string }, [string]>(
        `SELECT uid AS recordId, rev FROM ${TABLE_OF[kind]} t WHERE ${OWN[kind]} AND rev IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM department_outbox o WHERE o.kind = '${kind}' AND o.recordId = t.uid)
         ORDER BY id`,
      )
      .all(dep.user)
      .map((r) => ({ kind, recordId: r.recordId, rev: r.rev })),
  );
}

/**
 * Queues again, in one transaction, the current state of each of `records` that is still one of the
 * scout's with nothing waiting (others are left out); lists before entries. A report taken back is
 * queued as the retraction it was. Returns how many were queued.
 * @throws ListInputError when no department is set, or `records` is not a list of kinds and ids.
 */
export function resend(
  db: WritableDB,
  dep: DepartmentIdentity | null,
  records: readonly { kind: ChangeKind; recordId: string }[],
): number {
  if (dep === null) throw new ListInputError('department', 'Invalid department: none is set up on this computer.');
  if (
    !Array.isArray(records) ||
    records.some((r) => !ORDER.includes(r?.kind as OwnKind) || typeof r.recordId !== 'string')
  )
    throw new ListInputError('records', 'Invalid records: a list of kinds and record ids.');
  const track = createTracker(db);
  let queued = 0;
  db.tx(() => {
    for (const kind of ORDER) {
      for (const { recordId } of records.filter((r) => r.kind === kind)) {
        const row = db
          .query<{ id: number; status?: string; sentState?: string | null }, [string, string]>(
            `SELECT * FROM ${TABLE_OF[kind]} WHERE uid = ? AND ${OWN[kind]}`,
          )
          .get(recordId, dep.user);
        if (row === undefined || pending(db, kind, recordId)) continue;
        if (kind === 'list') track.list(row.id);
        else if (kind === 'entry') track.entry(row.id);
        else if (kind === 'board') track.board(row.id);
        else if (row.status === 'final') track.report(row.id);
        else if (row.sentState) {
          // Taken back before: the tracker queues a retraction only as a report leaves 'final'.
          const sent = JSON.parse(row.sentState) as ReportState;
          enqueue(
            db,
            'report',
            recordId,
            { ...sent, status: 'retracted' },
            (row as { rev?: string | null }).rev ?? null,
          );
        } else continue;
        queued++;
      }
    }
  });
  return queued;
}
