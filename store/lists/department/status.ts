import { z } from 'zod';
import type { DepartmentStatus, ReportVersion } from '../../../shared/department/laptop.ts';
import { IdSchema, ListNotFoundError, parseListInput } from '../../../shared/domain/lists.ts';
import type { WritableDB } from '../../common/db.ts';
import { getMeta, setMeta } from '../meta.ts';
import { openConflicts, resolutionsToSend } from './conflicts.ts';
import { notSent } from './held.ts';
import { cursorOf, departmentOf } from './identity.ts';
import { refused, waitingCount } from './outbox.ts';

/**
 * The sync's state as the top bar and Settings read it, the times and the last error the host records
 * after each push and pull (`lists_meta`), and the history of one of the scout's reports.
 */

const PUSHED = 'departmentPushedAt';
const PULLED = 'departmentPulledAt';
const ERROR = 'departmentError';

/** The sync's state (shared/department/laptop.ts `DepartmentStatus`). */
export function departmentStatus(db: WritableDB): DepartmentStatus {
  const identity = departmentOf(db);
  return {
    identity,
    waiting: waitingCount(db),
    refused: refused(db),
    notSent: notSent(db, identity),
    cursor: cursorOf(db),
    conflicts: openConflicts(db).length,
    resolutionsToSend: resolutionsToSend(db).length,
    lastPullAt: getMeta(db, PULLED),
    lastPushAt: getMeta(db, PUSHED),
    lastError: getMeta(db, ERROR) || null,
  };
}

const Time = z.iso.datetime({ offset: true, error: 'a date-time such as 2026-11-25T13:47:00.000Z' });
const SyncRecordSchema = z
  .object({ pushedAt: Time.optional(), pulledAt: Time.optional(), error: z.string().max(1000).nullable().optional() })
  .strict();

/**
 * Records when the host last pushed or pulled and the last sync's error (null: it worked).
 * @throws ListInputError naming a bad field.
 */
export function recordSync(db: WritableDB, raw: unknown): void {
  const r = parseListInput(SyncRecordSchema, raw, '');
  db.tx(() => {
    if (r.pushedAt !== undefined) setMeta(db, PUSHED, r.pushedAt);
    if (r.pulledAt !== undefined) setMeta(db, PULLED, r.pulledAt);
    if (r.error !== undefined) setMeta(db, ERROR, r.error ?? '');
  });
}

/**
 * The versions of report `rawId` (one of the scout's) the server kept, oldest first; empty when it has none.
 * @throws ListInputError for a bad id; ListNotFoundError when there is no such report.
 */
export function reportHistory(db: WritableDB, rawId: unknown): ReportVersion[] {
  const id = parseListInput(IdSchema, rawId, 'id');
  const uid = db.query<{ uid: string }, [number]>('SELECT uid FROM scouting_reports WHERE id = ?').get(id)?.uid;
  if (uid === undefined) throw new ListNotFoundError('id', `There is no scouting report with id ${id}.`);
  return db
    .query<Omit<ReportVersion, 'body'> & { body: string }, [string]>(
      'SELECT version, rev, status, body, committedAt FROM department_report_versions WHERE reportId = ? ORDER BY version',
    )
    .all(uid)
    .map((v) => ({ ...v, body: JSON.parse(v.body) }));
}
