import type { ChangeKind } from '../../../shared/department/changes.ts';
import { CURSOR_START } from '../../../shared/department/feed.ts';
import {
  type DepartmentConfigured,
  type DepartmentIdentity,
  DepartmentSetupSchema,
  type UnqueuedRecord,
} from '../../../shared/department/laptop.ts';
import { ListInputError, parseListInput } from '../../../shared/domain/lists.ts';
import type { WritableDB } from '../../common/db.ts';
import { holdFor, releaseFor } from './held.ts';
import { departmentOf, sameDepartment, setCursor, setDepartment } from './identity.ts';
import { createTracker } from './track.ts';

/**
 * Setting up a department on this computer, and what a restored backup needs. Setting one up queues a
 * change for every shareable record of the scout's (every list, private or shared, and its entries; every
 * final report; every board of his), in one transaction with the set-up itself. Records made before any
 * department (no owner) are always the login's set up.
 *
 * Another login of the same department (a laptop handed from scout A to scout B) is a hand-over: nothing
 * of A's becomes B's, since the server would refuse it (its rows are A's) and B must not send A's work as
 * his. A's records stay A's and read-only here: those the server has (a rev) as any colleague's copy; those
 * it never got are kept, their queued changes and open conflicts held for A (held.ts), and listed in the
 * status as not sent. Colleagues' copies and revs stay; the cursor starts over, so B's first pull brings
 * what B may read. Set up for A again, what was held for him waits again and goes once (his records
 * written never queued are queued), and B's records are in turn B's, read-only.
 *
 * Another department starts over: the old one's colleagues' copies go (work of another login it never got
 * stays, listed as not sent), every rev is forgotten, the outbox, conflicts and history are emptied, and
 * the records of the login set before are the new login's, queued again.
 */

/** The scout's records go by his login role (made before any department: no owner; or the one before, `before`). */
function adopt(db: WritableDB, user: string, before: string | null): void {
  const was = before ?? '';
  db.query<never, [string, string]>("UPDATE scouting_lists SET owner = ? WHERE owner IN ('', ?)").run(user, was);
  db.query<never, [string, string]>("UPDATE scouting_list_entries SET owner = ? WHERE owner IN ('', ?)").run(user, was);
  db.query<never, [string, string]>("UPDATE scouting_reports SET owner = ? WHERE scout = '' AND owner IN ('', ?)").run(
    user,
    was,
  );
  db.query<never, [string, string]>(
    "UPDATE draft_boards SET owner = ? WHERE scout = '' AND kind = 'scout' AND owner IN ('', ?)",
  ).run(user, was);
}

/** Forgets department `old`: its colleagues' copies, every rev, and the sync's own tables. */
function startOver(db: WritableDB, old: DepartmentIdentity): void {
  // A record of another login without a rev was written here and never sent: kept (held.ts names it).
  for (const table of ['scouting_reports', 'scouting_lists', 'scouting_list_entries', 'draft_boards'])
    db.query<never, [string]>(`DELETE FROM ${table} WHERE owner NOT IN ('', ?) AND rev IS NOT NULL`).run(old.user);
  db.exec(`DELETE FROM draft_boards WHERE kind = 'department';
    UPDATE scouting_reports SET rev = NULL, sentState = NULL;
    UPDATE scouting_lists SET rev = NULL;
    UPDATE scouting_list_entries SET rev = NULL;
    UPDATE draft_boards SET rev = NULL;
    UPDATE draft_board_versions SET rev = NULL;
    DELETE FROM department_outbox;
    DELETE FROM department_tombstones;
    DELETE FROM department_deferred;
    DELETE FROM department_conflicts;
    DELETE FROM department_report_versions;
    DELETE FROM department_assignments;
    DELETE FROM department_settings;`);
}

/** Whether two set-ups are one department, whatever their logins. */
const sameServer = (a: DepartmentIdentity, b: DepartmentIdentity) => sameDepartment(a, { ...b, user: a.user });

/** The laptop goes from login `old` to `setup`'s of the same department: see the module's comment. */
function handOver(db: WritableDB, old: DepartmentIdentity, setup: DepartmentIdentity): DepartmentConfigured {
  holdFor(db, old.user);
  const released = releaseFor(db, setup.user);
  adopt(db, setup.user, null);
  setDepartment(db, setup);
  setCursor(db, CURSOR_START);
  const { queued, unqueued } = queueAll(db, setup, true);
  return { startedOver: false, queued: released + queued, unqueued };
}

/**
 * Queues a change for each shareable record of the scout's: lists first (the server takes an entry only
 * into its owner's list), then entries, final reports and boards. `onlyUnsent`: only those the server has
 * never had (no rev, nothing queued or refused, not deleted here). A record whose state the department's
 * laptops would refuse is left out and named.
 */
export function queueAll(
  db: WritableDB,
  dep: DepartmentIdentity,
  onlyUnsent: boolean,
): { queued: number; unqueued: UnqueuedRecord[] } {
  const track = createTracker(db);
  const unsent = (kind: ChangeKind) =>
    onlyUnsent
      ? ` AND t.rev IS NULL AND NOT EXISTS (SELECT 1 FROM department_outbox o WHERE o.kind = '${kind}' AND o.recordId = t.uid)
          AND NOT EXISTS (SELECT 1 FROM department_tombstones d WHERE d.kind = '${kind}' AND d.uid = t.uid)`
      : '';
  const sets: [ChangeKind, string, (id: number) => unknown][] = [
    ['list', "SELECT t.id, t.uid FROM scouting_lists t WHERE t.owner IN ('', ?)", track.list],
    ['entry', "SELECT t.id, t.uid FROM scouting_list_entries t WHERE t.owner IN ('', ?)", track.entry],
    [
      'report',
      "SELECT t.id, t.uid FROM scouting_reports t WHERE t.scout = '' AND t.status = 'final' AND t.owner IN ('', ?)",
      track.report,
    ],
    [
      'board',
      "SELECT t.id, t.uid FROM draft_boards t WHERE t.scout = '' AND t.kind = 'scout' AND t.owner IN ('', ?)",
      (id) => track.board(id),
    ],
  ];
  let queued = 0;
  const unqueued: UnqueuedRecord[] = [];
  for (const [kind, sql, queue] of sets) {
    for (const r of db
      .query<{ id: number; uid: string }, [string]>(`${sql}${unsent(kind)} ORDER BY t.id`)
      .all(dep.user)) {
      try {
        queue(r.id);
        queued++;
      } catch (err) {
        if (!(err instanceof ListInputError)) throw err;
        unqueued.push({ kind, recordId: r.uid, reason: err.message });
      }
    }
  }
  return { queued, unqueued };
}

/**
 * Sets up department `raw` (shared/department/laptop.ts `DepartmentSetupSchema`): see the module's comment.
 * The same department and login again only updates the scout's name and director mark.
 * @throws ListInputError naming the field of a bad set-up; nothing is written then.
 */
export function configure(db: WritableDB, raw: unknown): DepartmentConfigured {
  const setup = parseListInput(DepartmentSetupSchema, raw, '');
  return db.tx(() => {
    const old = departmentOf(db);
    if (old !== null && sameDepartment(old, setup)) {
      setDepartment(db, setup);
      return { startedOver: false, queued: 0, unqueued: [] };
    }
    if (old !== null && sameServer(old, setup)) return handOver(db, old, setup);
    if (old !== null) startOver(db, old);
    adopt(db, setup.user, old?.user ?? null);
    setDepartment(db, setup);
    setCursor(db, CURSOR_START);
    return { startedOver: old !== null, ...queueAll(db, setup, false) };
  });
}

/**
 * After a backup was restored over the lists (`before`: the department set before the restore). The
 * outbox stays as the backup has it (the server answers a change pushed twice `duplicate`), the cursor
 * starts over so the next pull brings back everything the server has, and rows kept aside are forgotten
 * (that pull brings them again). The department set now stays set: a backup taken before it was set gets
 * it (its records are queued by the first pull when the server lacks them: apply.ts); one of another
 * department starts over as {@link configure} does.
 */
export function afterRestore(db: WritableDB, before: DepartmentIdentity | null): void {
  db.tx(() => {
    const restored = departmentOf(db);
    if (before !== null && restored === null) adopt(db, before.user, null);
    if (before !== null && restored !== null && !sameDepartment(restored, before) && sameServer(restored, before))
      handOver(db, restored, before);
    else if (before !== null && restored !== null && !sameDepartment(restored, before)) {
      startOver(db, restored);
      adopt(db, before.user, restored.user);
      setDepartment(db, before);
      queueAll(db, before, false);
    }
    if (before !== null) setDepartment(db, before);
    if (departmentOf(db) === null) return;
    setCursor(db, CURSOR_START);
    db.exec('DELETE FROM department_deferred');
  });
}
