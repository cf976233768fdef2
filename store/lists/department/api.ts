import type { Change, PushOutcome } from '../../../shared/department/changes.ts';
import type { FeedPage } from '../../../shared/department/feed.ts';
import type {
  AcknowledgeReport,
  ApplyReport,
  DepartmentConfigured,
  DepartmentConflict,
  DepartmentPlayerQuery,
  DepartmentSetup,
  DepartmentStatus,
  OwnRecordRev,
  ReportVersion,
  SyncRecord,
} from '../../../shared/department/laptop.ts';
import type { ScoutingReport } from '../../../shared/domain/reports.ts';

/**
 * The lists worker's side of sync with a scouting department (store/README.md, "The department"), for the
 * host's sync driver (electron/host/department/) and the views: part of `ListsApi`. The driver owns the
 * connection (department/sync/push.ts and pull.ts); the lists file owns the outbox, the records and the
 * cursor. A sync round is:
 *
 * 1. `departmentOutbox(n)`: the changes waiting, oldest first; push them (`push(client, changes)`), then
 *    `departmentAcknowledge(outcomes)`. Repeat until it is empty. A push whose answer was lost is simply
 *    repeated: the server answers `duplicate`.
 * 2. `pull(client, departmentStatus().cursor, onPage)`, then `departmentApply(pages, cursor)` (or, for a
 *    large pull, each batch of pages with `cursor` null and the last with the pull's cursor).
 * 3. `departmentResolutions()`: mark those conflicts resolved on the server
 *    (`UPDATE rinkside.conflicts SET resolved = true WHERE id = ANY($1)`), then
 *    `departmentResolutionsSent(ids)`.
 * 4. `departmentRecordSync({pushedAt, pulledAt, error})`.
 *
 * Every change to a shareable record (a report marked final, or a final one amended, set back to draft or
 * deleted: a retraction; a list, private or shared; an entry; a board save, each one version of it) is
 * queued in the transaction of the change itself, only while a department is set; drafts never are. A
 * colleague's record is read-only: every call that would change it throws `ListInputError` naming `id`.
 * Restoring a backup (`restoreBackup`) keeps the backup's outbox and starts the cursor over. Errors: bad
 * input `ListInputError` naming the field; an unknown conflict `ListNotFoundError`; a refused write
 * `ListsWriteError`.
 */
export interface DepartmentApi {
  /**
   * Sets up the department this computer syncs with (its server, port, database, the scout's login role
   * and the name his reports show): queues a change for every shareable record of his. The same department
   * and login again only updates his name; another one starts over (shared/department/laptop.ts
   * `DepartmentConfigured`). The host checks the login on the server (and keeps the password) before.
   */
  departmentConfigure(setup: DepartmentSetup): DepartmentConfigured;
  /** The sync's state: the department set up, changes waiting and refused, the cursor, conflicts, last sync. */
  departmentStatus(): DepartmentStatus;
  /** Up to `limit` (1-10,000) changes waiting, oldest first (refused ones left out): what to push next. */
  departmentOutbox(limit: number): Change[];
  /**
   * Records a push's answers: taken changes leave the outbox and their records get their new rev; refused
   * ones stay with the server's reason (listed by `departmentStatus`). Answers of changes not waiting are
   * ignored (counted as `unknown`).
   */
  departmentAcknowledge(outcomes: PushOutcome[]): AcknowledgeReport;
  /**
   * Applies a pull's pages in one transaction and keeps `cursor` (null: more pages follow in another call).
   * Each row is checked with the shared schemas; a bad one is skipped and counted, never fatal. Colleagues'
   * records are stored read-only, with their login and name; withdrawn copies go; conflicts are kept for
   * `departmentConflicts`; the scout's own records from the server replace his copies unless a change of
   * his is waiting (then they wait for its answer).
   */
  departmentApply(pages: FeedPage[], cursor: string | null): ApplyReport;
  /** Records when the host last pushed and pulled, and the last sync's error in one sentence (null: none). */
  departmentRecordSync(record: SyncRecord): void;
  /** The conflicts kept for the scout, not kept or dropped yet, newest first. */
  departmentConflicts(): DepartmentConflict[];
  /**
   * Keeps (its state becomes the record's again, queued on top of what the server shows) or drops conflict
   * `id`; either way it is resolved here, and listed by `departmentResolutions` until the server's row is
   * marked too.
   */
  departmentResolveConflict(id: string, choice: 'keep' | 'drop'): DepartmentConflict;
  /** Conflict ids resolved here whose server row the host must still mark resolved. */
  departmentResolutions(): string[];
  /** Records that the server's rows of conflicts `ids` were marked resolved. */
  departmentResolutionsSent(ids: string[]): void;
  /**
   * The scout's records this laptop has synced and has no change waiting for, lists first, each with the
   * rev it last had from the server: what the host compares with a server that was restored from an
   * older backup (its feed behind this laptop's cursor).
   */
  departmentOwnRevs(): OwnRecordRev[];
  /**
   * Queues again the current state of these records of the scout's (those the restored server lost, or
   * holds an older state of), in one transaction, their rev as base: one it lost is written again, one it
   * holds older is overwritten and its older state kept as a conflict for the scout. Records no longer his,
   * or with a change waiting, are left out. Returns how many were queued.
   */
  departmentResend(records: { kind: OwnRecordRev['kind']; recordId: string }[]): number;
  /** The versions the server kept of report `reportId` (one of the scout's), oldest first. */
  departmentReportHistory(reportId: number): ReportVersion[];
  /**
   * The department's final reports on one player (player-reports.ts): by his source and id, or his name and
   * birth date across sources; the scout's own and colleagues', none taken back; newest game first.
   */
  departmentPlayerReports(player: DepartmentPlayerQuery): ScoutingReport[];
}
