import { z } from 'zod';
import type { ChangeKind, PushOutcome } from '../../../shared/department/changes.ts';
import { CURSOR_START, type FeedPage } from '../../../shared/department/feed.ts';
import type { AcknowledgeReport, DepartmentIdentity } from '../../../shared/department/laptop.ts';
import { ListInputError, parseListInput } from '../../../shared/domain/lists.ts';
import type { WritableDB } from '../../common/db.ts';
import { applyRow } from './apply.ts';
import { setCursor } from './identity.ts';
import { pending, revOf, setRev } from './outbox.ts';

/**
 * What the server answered a push (department/sync/push.ts), recorded in the lists file in one transaction.
 * `applied` and `conflict` (the change is the record's state on the server now): the change leaves the
 * outbox and the record's rev is its id. `duplicate` (pushed before: its answer was lost, or a restored
 * backup pushes it again): it leaves the outbox; the rev is kept only when it is still this change, as the
 * server says. `refused` (and a duplicate first refused): it stays, with the server's reason. When a
 * record has no change waiting any more, a row the pull kept aside for it (apply.ts) is settled: dropped
 * when the server shows the scout's change, written when it is the server's state, and when the server
 * holds a state this laptop never saw the cursor goes back to the start, so the next pull brings it.
 */

const OutcomeSchema = z.object({
  changeId: z.uuid(),
  outcome: z.enum(['applied', 'conflict', 'duplicate', 'refused']),
  rev: z.uuid().nullable(),
  reason: z.string().max(4000).nullable(),
});

/** Whether the server never took the change (a duplicate says what it was first answered). */
const wasRefused = (o: PushOutcome) =>
  o.outcome === 'refused' || (o.outcome === 'duplicate' && (o.reason ?? '').startsWith('first answered: refused'));

/**
 * Settles what the pull kept aside for a record whose last waiting change was answered `o`. Returns
 * whether the next pull must start over.
 */
function settle(db: WritableDB, dep: DepartmentIdentity, kind: ChangeKind, uid: string, o: PushOutcome): boolean {
  const kept = db
    .query<{ rev: string; row: string }, [string, string]>(
      'SELECT rev, row FROM department_deferred WHERE kind = ? AND uid = ?',
    )
    .get(kind, uid);
  db.query<never, [string, string]>('DELETE FROM department_deferred WHERE kind = ? AND uid = ?').run(kind, uid);
  const serverRev = wasRefused(o) ? (kept?.rev ?? null) : o.outcome === 'duplicate' ? o.rev : o.changeId;
  if (serverRev === null || serverRev === o.changeId || revOf(db, kind, uid) === serverRev) return false;
  if (kept?.rev === serverRev) {
    const { table, row } = JSON.parse(kept.row) as { table: FeedPage['table']; row: unknown };
    // A row the file refuses now (its list gone meanwhile) is left, as the pull would have left it.
    db.exec('SAVEPOINT department_settle');
    try {
      applyRow({ db, dep }, table, row);
      db.exec('RELEASE department_settle');
    } catch {
      db.exec('ROLLBACK TO department_settle; RELEASE department_settle');
    }
    return false;
  }
  return true;
}

/**
 * Records `outcomes` (see the module's comment).
 * @throws ListInputError naming the outcome that is malformed, or when no department is set; nothing is
 *   recorded then.
 */
export function acknowledge(db: WritableDB, dep: DepartmentIdentity | null, raw: unknown): AcknowledgeReport {
  if (dep === null) throw new ListInputError('department', 'Invalid department: none is set up on this computer.');
  const outcomes = parseListInput(z.array(OutcomeSchema).max(100_000), raw, 'outcomes');
  const report: AcknowledgeReport = { removed: 0, refused: 0, unknown: 0, repull: false };
  db.tx(() => {
    for (const o of outcomes) {
      const row = db
        .query<{ kind: ChangeKind; recordId: string }, [string]>(
          'SELECT kind, recordId FROM department_outbox WHERE changeId = ? AND refusedAt IS NULL',
        )
        .get(o.changeId);
      if (row === undefined) {
        report.unknown++;
        continue;
      }
      if (wasRefused(o)) {
        db.query<never, [string, string, string]>(
          'UPDATE department_outbox SET refusedAt = ?, reason = ? WHERE changeId = ?',
        ).run(new Date().toISOString(), o.reason ?? 'refused by the server', o.changeId);
        report.refused++;
      } else {
        db.query<never, [string]>('DELETE FROM department_outbox WHERE changeId = ?').run(o.changeId);
        if (o.outcome !== 'duplicate' || o.rev === o.changeId) setRev(db, row.kind, row.recordId, o.changeId);
        report.removed++;
      }
      if (!pending(db, row.kind, row.recordId) && settle(db, dep, row.kind, row.recordId, o)) report.repull = true;
    }
    if (report.repull) setCursor(db, CURSOR_START);
  });
  return report;
}
