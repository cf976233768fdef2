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

/** A column the feed sends: its name in the row, and its SQL over the table `t`. */
type Column = readonly [name: string, sql: string];

/**
 * One table of the feed: the columns it sends, for a record the columns of its `state` (sent as plain
 * columns and nested here: building the JSON on the server cost it more than reading the rows), and any
 * further condition. `t` is the table.
 */
interface Feed {
  table: FeedPage['table'];
  columns: readonly Column[];
  state?: readonly Column[];
  where?: string;
}

/** A column by its name in the row; its SQL is the table's column of that name in snake case. */
const col = (name: string, sql = `t.${name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`): Column => [name, sql];
const cols = (...names: string[]): Column[] => names.map((n) => col(n));
const HEAD = cols('id', 'owner', 'rev', 'xid', 'committedAt');

/**
 * Records first (a list before its entries), then histories, conflicts, and withdrawals last. A record's
 * state has the keys of `rinkside.state_of` (migrations/005), which the conflicts keep.
 */
const FEEDS: readonly Feed[] = [
  {
    table: 'reports',
    columns: [col('kind', "'report'"), ...HEAD, col('version')],
    state: cols('status', 'player', 'body', 'deleted'),
  },
  { table: 'lists', columns: [col('kind', "'list'"), ...HEAD], state: cols('name', 'shared', 'deleted') },
  {
    table: 'list_entries',
    columns: [col('kind', "'entry'"), ...HEAD],
    state: cols('listId', 'player', 'rating', 'note', 'deleted'),
  },
  {
    table: 'boards',
    columns: [col('kind', "'board'"), ...HEAD],
    state: cols('kind', 'name', 'tiers', 'entries', 'label', 'deleted'),
  },
  {
    table: 'assignments',
    columns: [col('kind', "'assignment'"), ...HEAD],
    state: [
      ...cols('assignee', 'player'),
      col('assignedOn', 't.assigned_on::text'),
      col('dueDate', 't.due_date::text'),
      col('note'),
      col(
        'game',
        `CASE WHEN t.game_date IS NULL THEN NULL
          ELSE jsonb_build_object('date', t.game_date, 'homeTeam', t.home_team, 'awayTeam', t.away_team) END`,
      ),
      col('deleted'),
    ],
  },
  {
    table: 'department_settings',
    columns: [col('kind', "'setting'"), ...HEAD],
    state: [col('disagreementThreshold', 't.disagreement_threshold::float8'), col('deleted')],
  },
  {
    table: 'report_versions',
    columns: cols('id', 'reportId', 'version', 'rev', 'owner', 'status', 'body', 'xid', 'committedAt'),
  },
  {
    table: 'board_versions',
    columns: cols('id', 'boardId', 'rev', 'author', 'base', 'tiers', 'entries', 'label', 'xid', 'committedAt'),
  },
  {
    table: 'conflicts',
    columns: cols('id', 'kind', 'recordId', 'author', 'changeId', 'state', 'winner', 'resolved', 'xid', 'committedAt'),
  },
  {
    table: 'withdrawals',
    columns: cols('id', 'kind', 'recordId', 'owner', 'xid'),
    // Only to readers who can no longer read the record (under their own policies): never to its owner, and
    // not when the list was shared again, whose rows this or a later pull sends.
    where: `NOT EXISTS (SELECT FROM rinkside.lists l WHERE t.kind = 'list' AND l.id = t.record_id)
      AND NOT EXISTS (SELECT FROM rinkside.list_entries e WHERE t.kind = 'entry' AND e.id = t.record_id)`,
  },
];

/** The statement of one page: after `($4, $5)` in (xid, id) order when given. Rows come as arrays. */
function pageSql(feed: Feed, after: boolean): string {
  const select = [...feed.columns, ...(feed.state ?? [])].map(([, sql]) => sql).join(', ');
  return `SELECT ${select} FROM rinkside.${feed.table} t
    WHERE t.xid >= $1::xid8 AND t.xid < $2::xid8${after ? ' AND (t.xid, t.id) > ($4::xid8, $5::uuid)' : ''}
      ${feed.where ? `AND ${feed.where}` : ''}
    ORDER BY t.xid, t.id LIMIT $3`;
}

/** A page's row (its values in the order of `pageSql`) as the feed's object, times as ISO 8601. */
function rowOf(feed: Feed, values: unknown[]): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const n = feed.columns.length;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    row[(feed.columns[i] as Column)[0]] = v instanceof Date ? v.toISOString() : v;
  }
  if (feed.state) {
    const state: Record<string, unknown> = {};
    for (let i = 0; i < feed.state.length; i++) state[(feed.state[i] as Column)[0]] = values[n + i];
    row.state = state;
  }
  return row;
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
      let last: Record<string, unknown> | undefined;
      for (;;) {
        const params = [from, h, pageSize, ...(last ? [last.xid, last.id] : [])];
        const page = await client.query<unknown[]>({
          text: pageSql(feed, last !== undefined),
          values: params,
          rowMode: 'array',
        });
        if (page.rows.length === 0) break;
        const rows = page.rows.map((values) => rowOf(feed, values));
        await onPage({ table: feed.table, rows } as unknown as FeedPage);
        if (rows.length < pageSize) break;
        last = rows[rows.length - 1];
      }
    }
    await client.query('COMMIT');
    return { cursor: h, restarted };
  } catch (e) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw e;
  }
}
