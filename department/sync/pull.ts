import type { ClientBase } from 'pg';
import type { FeedPage } from '../../shared/department/feed.ts';

/**
 * The change feed of the department's server: every row the connected scout may read that was written
 * since his cursor, table by table, in pages.
 *
 * Rows carry `xid`, the transaction that wrote them (`pg_current_xact_id()`, stamped by the server:
 * migrations/001). Transactions do not commit in the order of their ids, so a cursor of "the highest id seen"
 * (or a sequence, or `updated_at`) skips a row whose transaction began first and committed last. The pull
 * reads, in one REPEATABLE READ transaction, `h = pg_snapshot_xmin(pg_current_snapshot())`: every
 * transaction below `h` has ended and its rows are in the snapshot, every one at or above it may still
 * commit. It sends the rows with `cursor <= xid < h` in `(xid, id)` order and moves the cursor to `h`, so a
 * late commit is always at or above the next cursor: never skipped, and sent once unless written again.
 * The pattern of event-driven-io/emmett
 * (`src/packages/emmett-postgresql/src/eventStore/schema/readMessagesBatch.ts`: `transaction_id <
 * pg_snapshot_xmin(pg_current_snapshot())`); PostgreSQL documentation, "System Information Functions",
 * Transaction ID and Snapshot Information Functions (`pg_current_xact_id`, `pg_current_snapshot`,
 * `pg_snapshot_xmin`), and "Transaction Isolation" (one snapshot for the whole REPEATABLE READ transaction).
 * A transaction left open on the server holds `h` back: rows wait, none is lost.
 */

/** One table of the feed: the columns it sends and any further condition. `t` is the table. */
interface Feed {
  table: FeedPage['table'];
  columns: string;
  where?: string;
}

const HEAD = `t.id, t.owner, t.rev, t.xid, t.committed_at AS "committedAt", rinkside.state_of(t) AS state`;

/** Records first (a list before its entries), then histories, conflicts, and withdrawals last. */
const FEEDS: readonly Feed[] = [
  { table: 'reports', columns: `'report' AS kind, ${HEAD}, t.version` },
  { table: 'lists', columns: `'list' AS kind, ${HEAD}` },
  { table: 'list_entries', columns: `'entry' AS kind, ${HEAD}` },
  { table: 'boards', columns: `'board' AS kind, ${HEAD}` },
  { table: 'assignments', columns: `'assignment' AS kind, ${HEAD}` },
  { table: 'department_settings', columns: `'setting' AS kind, ${HEAD}` },
  {
    table: 'report_versions',
    columns: `t.id, t.report_id AS "reportId", t.version, t.rev, t.owner, t.status, t.body, t.xid, t.committed_at AS "committedAt"`,
  },
  {
    table: 'board_versions',
    columns: `t.id, t.board_id AS "boardId", t.rev, t.author, t.base, t.tiers, t.entries, t.label, t.xid, t.committed_at AS "committedAt"`,
  },
  {
    table: 'conflicts',
    columns: `t.id, t.kind, t.record_id AS "recordId", t.author, t.change_id AS "changeId", t.state, t.winner, t.resolved, t.xid, t.committed_at AS "committedAt"`,
  },
  {
    table: 'withdrawals',
    columns: `t.id, t.kind, t.record_id AS "recordId", t.owner, t.xid`,
    // Only to readers who can no longer read the record (under their own policies): never to its owner, and
    // not when the list was shared again, whose rows this or a later pull sends.
    where: `NOT EXISTS (SELECT FROM rinkside.lists l WHERE t.kind = 'list' AND l.id = t.record_id)
      AND NOT EXISTS (SELECT FROM rinkside.list_entries e WHERE t.kind = 'entry' AND e.id = t.record_id)`,
  },
];

/** The statement of one page: after `($4, $5)` in (xid, id) order when given. */
function pageSql(feed: Feed, after: boolean): string {
  return `SELECT ${feed.columns} FROM rinkside.${feed.table} t
    WHERE t.xid >= $1::xid8 AND t.xid < $2::xid8${after ? ' AND (t.xid, t.id) > ($4::xid8, $5::uuid)' : ''}
      ${feed.where ? `AND ${feed.where}` : ''}
    ORDER BY t.xid, t.id LIMIT $3`;
}

/** What a pull ends with. */
export interface PullResult {
  /** The cursor to keep for the next pull (shared/department/feed.ts: digits). */
  cursor: string;
  /** The cursor given was ahead of the server (a restored or replaced server): this pull sent everything. */
  restarted: boolean;
}

/**
 * Pulls every row the connected scout may read written at or after `cursor`, calling `onPage` with each
 * page (a page waits for the one before it) inside one read-only REPEATABLE READ transaction. Keep the
 * returned cursor only once every page is stored. `client` must not be inside a transaction.
 * @param cursor the cursor of the last pull, or shared/department/feed.ts `CURSOR_START`.
 * @throws Error for a cursor that is not digits; the `pg` error when the server fails (nothing is
 *   half-read: pull again from the same cursor).
 */
export async function pull(
  client: ClientBase,
  cursor: string,
  onPage: (page: FeedPage) => void | Promise<void>,
  pageSize = 1000,
): Promise<PullResult> {
  if (!/^\d{1,20}$/.test(cursor)) throw new Error(`a pull cursor is a transaction id in digits, not "${cursor}"`);
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  try {
    // The first statement takes the transaction's snapshot: `h` and every page below come from that one.
    const { rows } = await client.query<{ h: string; restarted: boolean }>(
      'SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS h, $1::xid8 > pg_snapshot_xmin(pg_current_snapshot()) AS restarted',
      [cursor],
    );
    const { h, restarted } = rows[0] as { h: string; restarted: boolean };
    const from = restarted ? '0' : cursor;
    for (const feed of FEEDS) {
      let last: { xid: string; id: string } | undefined;
      for (;;) {
        const params = [from, h, pageSize, ...(last ? [last.xid, last.id] : [])];
        const page = await client.query(pageSql(feed, last !== undefined), params);
        if (page.rows.length === 0) break;
        for (const row of page.rows)
          if (row.committedAt instanceof Date) row.committedAt = row.committedAt.toISOString();
        await onPage({ table: feed.table, rows: page.rows } as FeedPage);
        if (page.rows.length < pageSize) break;
        last = page.rows[page.rows.length - 1];
      }
    }
    await client.query('COMMIT');
    return { cursor: h, restarted };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}
