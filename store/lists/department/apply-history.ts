import { versionEntriesOf } from '../../../shared/domain/boards.ts';
import type { FeedRow, RowOutcome } from './feed-rows.ts';
import type { WriteCtx } from './write-records.ts';

/**
 * The rows of a pull that are not records: the history of the scout's reports (kept for him), the saved
 * versions of boards (labelled ones, kept as the board's dated versions; a plain save is the board's state
 * itself), conflicts kept for him, and withdrawals (a colleague's list made private: his copy goes).
 */

/** One version of one of the scout's reports on the server. */
export function applyReportVersion(ctx: WriteCtx, v: FeedRow<'report_versions'>): RowOutcome {
  if (v.owner !== ctx.dep.user) return 'unchanged';
  const r = ctx.db
    .query<never, [string, string, number, string, string, string, string]>(
      `INSERT INTO department_report_versions (id, reportId, version, rev, status, body, committedAt)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    )
    .run(v.id, v.reportId, v.version, v.rev, v.status, JSON.stringify(v.body), v.committedAt);
  return r.changes > 0 ? 'applied' : 'unchanged';
}

/** A board's version: kept among its dated versions when it is a saved one (labelled) and new here. */
export function applyBoardVersion(ctx: WriteCtx, v: FeedRow<'board_versions'>): RowOutcome {
  if (v.label === '') return 'unchanged';
  const board = ctx.db.query<{ id: number }, [string]>('SELECT id FROM draft_boards WHERE uid = ?').get(v.boardId);
  if (board === undefined) return 'unchanged';
  const known = ctx.db.query<{ id: number }, [string]>('SELECT id FROM draft_board_versions WHERE rev = ?').get(v.rev);
  if (known !== undefined) return 'unchanged';
  const entries = versionEntriesOf({ board: v, entries: v.entries });
  ctx.db
    .query<never, [number, string, string, string, string, string]>(
      'INSERT INTO draft_board_versions (boardId, label, savedAt, entries, rev, author) VALUES (?, ?, ?, ?, ?, ?)',
    )
    .run(board.id, v.label, v.committedAt, JSON.stringify(entries), v.rev, v.author);
  return 'applied';
}

/**
 * A state of the scout's the server kept when another change won: listed until he keeps or drops it. A
 * conflict the server says is resolved (on another of his laptops) is marked so here too.
 */
export function applyConflict(ctx: WriteCtx, c: FeedRow<'conflicts'>): RowOutcome {
  if (c.author !== ctx.dep.user) return 'unchanged';
  const r = ctx.db
    .query<never, [string, string, string, string, string, string, string, number]>(
      `INSERT INTO department_conflicts (id, kind, recordId, changeId, state, winner, committedAt, serverResolved)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET serverResolved = excluded.serverResolved
         WHERE excluded.serverResolved > serverResolved`,
    )
    .run(c.id, c.kind, c.recordId, c.changeId, JSON.stringify(c.state), c.winner, c.committedAt, c.resolved ? 1 : 0);
  return r.changes > 0 ? 'applied' : 'unchanged';
}

/** A colleague's list (or entry) this scout may no longer read: his copy goes (the scout's own never does). */
export function applyWithdrawal(ctx: WriteCtx, w: FeedRow<'withdrawals'>): RowOutcome {
  const table = w.kind === 'list' ? 'scouting_lists' : 'scouting_list_entries';
  const r = ctx.db
    .query<never, [string, string]>(`DELETE FROM ${table} WHERE uid = ? AND owner NOT IN ('', ?)`)
    .run(w.recordId, ctx.dep.user);
  return r.changes > 0 ? 'applied' : 'unchanged';
}
