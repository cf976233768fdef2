import type { Socket } from 'node:net';
import type pg from 'pg';
import { pull } from '../../department/sync/pull.ts';
import { CURSOR_START, type FeedPage } from '../../shared/department/feed.ts';

/**
 * A new laptop's first full pull (department/sync/pull.ts from the start cursor, every page) and its
 * floor: a bare SELECT of the same rows and columns from every table the pull reads, no order and no
 * pages, as the same scout with row-level security on, over the same connection. Both have `pg` parse
 * every row (JSON, dates); the pull's page handler only counts them, as storing is the laptop's cost.
 */

/** One timed read: wall time, rows, bytes received from the server. */
export interface ReadSample {
  ms: number;
  rows: number;
  bytes: number;
}

/** Per table the floor reads, the pull's columns as plain columns (its `state` is built from them). */
const FLOOR_COLUMNS: Readonly<Record<FeedPage['table'], string>> = {
  reports: 'id, owner, rev, xid, committed_at, status, player, body, deleted, version',
  lists: 'id, owner, rev, xid, committed_at, name, shared, deleted',
  list_entries: 'id, owner, rev, xid, committed_at, list_id, player, rating, note, deleted',
  boards: 'id, owner, rev, xid, committed_at, kind, name, tiers, entries, label, deleted',
  report_versions: 'id, report_id, version, rev, owner, status, body, xid, committed_at',
  board_versions: 'id, board_id, rev, author, base, tiers, entries, label, xid, committed_at',
  conflicts: 'id, kind, record_id, author, change_id, state, winner, resolved, xid, committed_at',
  withdrawals: 'id, kind, record_id, owner, xid',
};

/** Bytes the client has read from its server so far. */
const bytesRead = (client: pg.Client) =>
  (client as unknown as { connection: { stream: Socket } }).connection.stream.bytesRead;

/** A pull from `cursor` to its end; `onPage` sees every page. */
export async function timedPull(
  client: pg.Client,
  cursor: string = CURSOR_START,
  onPage: (page: FeedPage) => void = () => undefined,
): Promise<ReadSample & { pages: number; cursor: string }> {
  const b0 = bytesRead(client);
  const t0 = performance.now();
  let rows = 0;
  let pages = 0;
  const result = await pull(client, cursor, (page) => {
    rows += page.rows.length;
    pages++;
    onPage(page);
  });
  return { ms: performance.now() - t0, rows, bytes: bytesRead(client) - b0, pages, cursor: result.cursor };
}

/** The floor: one bare SELECT per table the pull reads. */
export async function timedFloor(client: pg.Client): Promise<ReadSample> {
  const b0 = bytesRead(client);
  const t0 = performance.now();
  let rows = 0;
  for (const [table, columns] of Object.entries(FLOOR_COLUMNS)) {
    rows += (await client.query(`SELECT ${columns} FROM rinkside.${table}`)).rows.length;
  }
  return { ms: performance.now() - t0, rows, bytes: bytesRead(client) - b0 };
}
