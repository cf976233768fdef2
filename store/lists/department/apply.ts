import type { BoardState, ChangeKind } from '../../../shared/department/changes.ts';
import { CURSOR_START, type FeedPage } from '../../../shared/department/feed.ts';
import type { ApplyReport, DepartmentIdentity } from '../../../shared/department/laptop.ts';
import { ListInputError } from '../../../shared/domain/lists.ts';
import type { WritableDB } from '../../common/db.ts';
import { applyBoardVersion, applyConflict, applyReportVersion, applyWithdrawal } from './apply-history.ts';
import { queueAll } from './configure.ts';
import { DIRECTORS_KINDS } from './desk/records.ts';
import { checkRow, type FeedRow, KIND_OF_TABLE, type RowOutcome } from './feed-rows.ts';
import { cursorOf, isMine, setCursor } from './identity.ts';
import { pending, revOf, TABLE_OF } from './outbox.ts';
import type { RecordMeta, WriteCtx } from './write-records.ts';
import { WRITERS } from './writers.ts';

/**
 * Applying a pull (department/sync/pull.ts) to the lists file: each row checked (checkRow), then written by
 * its `rev`, so a row read twice changes nothing. A row that fails its check, or that SQLite refuses, is
 * skipped and counted, never fatal: it is rolled back alone (a savepoint per row) and the rest goes on. A
 * record of the scout's own with a change still waiting is not touched: its row is kept aside
 * (`department_deferred`) and settled when the change is acknowledged (acknowledge.ts).
 */

type RecordTable = keyof typeof KIND_OF_TABLE;
type RecordRow = FeedRow<RecordTable>;

/** The local row of a record, as far as whose it is and its rev. */
function localOf(db: WritableDB, kind: ChangeKind, uid: string) {
  const columns = kind === 'entry' || DIRECTORS_KINDS.includes(kind) ? "owner, rev, '' AS scout" : 'owner, rev, scout';
  return db
    .query<{ owner: string; rev: string | null; scout: string }, [string]>(
      `SELECT ${columns} FROM ${TABLE_OF[kind]} WHERE uid = ?`,
    )
    .get(uid);
}

/** Keeps a pulled row of a record with a change waiting, for acknowledge.ts to settle. */
function defer(db: WritableDB, kind: ChangeKind, table: RecordTable, row: RecordRow): void {
  db.query<never, [string, string, string, string]>(
    `INSERT INTO department_deferred (kind, uid, rev, row) VALUES (?, ?, ?, ?)
     ON CONFLICT (kind, uid) DO UPDATE SET rev = excluded.rev, row = excluded.row`,
  ).run(kind, row.id, row.rev, JSON.stringify({ table, row }));
}

/**
 * One record's row: written unless this laptop has its rev already.
 * @throws Error when the row would make one of the scout's records a colleague's, or the reverse (the same
 *   id on two owners: left as it is), or when its writer refuses it.
 */
function applyRecord(ctx: WriteCtx, table: RecordTable, row: RecordRow): RowOutcome {
  const kind = KIND_OF_TABLE[table];
  const local = localOf(ctx.db, kind, row.id);
  const department =
    DIRECTORS_KINDS.includes(kind) || (kind === 'board' && (row.state as BoardState).kind === 'department');
  if (local !== undefined && !department) {
    const localMine = isMine(local.owner, ctx.dep) && local.scout === '';
    const serverMine = row.owner === ctx.dep.user;
    if (localMine !== serverMine)
      throw new Error(
        serverMine
          ? 'a copy of a colleague’s record has this id here'
          : `one of your records has the id of ${row.owner}’s`,
      );
  }
  if (pending(ctx.db, kind, row.id)) {
    defer(ctx.db, kind, table, row);
    return 'deferred';
  }
  if (revOf(ctx.db, kind, row.id) === row.rev) return 'unchanged';
  (WRITERS[kind] as (c: WriteCtx, m: RecordMeta, s: unknown) => void)(
    ctx,
    { uid: row.id, owner: row.owner, rev: row.rev, at: row.committedAt },
    row.state,
  );
  return 'applied';
}

/** Checks and applies one row of `table` (see the module's comment). */
export function applyRow(ctx: WriteCtx, table: FeedPage['table'], raw: unknown): RowOutcome {
  if (Object.hasOwn(KIND_OF_TABLE, table)) {
    const t = table as RecordTable;
    return applyRecord(ctx, t, checkRow(t, raw));
  }
  switch (table) {
    case 'report_versions':
      return applyReportVersion(ctx, checkRow(table, raw));
    case 'board_versions':
      return applyBoardVersion(ctx, checkRow(table, raw));
    case 'conflicts':
      return applyConflict(ctx, checkRow(table, raw));
    case 'withdrawals':
      return applyWithdrawal(ctx, checkRow(table, raw));
    default:
      throw new Error(`no table ${String(table)} in the feed`);
  }
}

/** A row's id as a problem names it. */
const idOf = (raw: unknown) => {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id.slice(0, 36) : '?';
};

const PROBLEMS_MAX = 20;

/**
 * Applies the pages of one pull in one transaction, then keeps `cursor` (null: more pages of this pull
 * follow in another call; the cursor is kept by the last one). The last call of a pull from the start also
 * queues the scout's records the server turned out not to have (made before the department was set and
 * never pushed: a restored backup older than the set-up).
 * @throws ListInputError when no department is set, or `cursor` is not digits; nothing is written then.
 */
export function applyPages(
  db: WritableDB,
  dep: DepartmentIdentity | null,
  pages: readonly FeedPage[],
  cursor: string | null,
): ApplyReport {
  if (dep === null) throw new ListInputError('department', 'Invalid department: none is set up on this computer.');
  if (cursor !== null && !/^\d{1,20}$/.test(String(cursor)))
    throw new ListInputError('cursor', 'Invalid cursor: a transaction id in digits.');
  if (!Array.isArray(pages)) throw new ListInputError('pages', 'Invalid pages: a list of the pull’s pages.');
  const report: ApplyReport = { applied: 0, unchanged: 0, deferred: 0, skipped: 0, problems: [] };
  const ctx: WriteCtx = { db, dep };
  db.tx(() => {
    for (const page of pages) {
      for (const raw of Array.isArray(page?.rows) ? page.rows : []) {
        db.exec('SAVEPOINT department_row');
        try {
          report[applyRow(ctx, page.table, raw)]++;
          db.exec('RELEASE department_row');
        } catch (err) {
          db.exec('ROLLBACK TO department_row; RELEASE department_row');
          report.skipped++;
          if (report.problems.length < PROBLEMS_MAX)
            report.problems.push(
              `${String(page.table)} ${idOf(raw)}: ${err instanceof Error ? err.message : String(err)}`,
            );
        }
      }
    }
    if (cursor === null) return;
    if (cursorOf(db) === CURSOR_START) queueAll(db, dep, true);
    setCursor(db, cursor);
  });
  return report;
}
