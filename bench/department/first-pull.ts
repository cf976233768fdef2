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
  assignments:
    'id, owner, rev, xid, committed_at, assignee, player, assigned_on, due_date, note, game_date, home_team, away_team, deleted',
  department_settings: 'id, owner, rev, xid, committed_at, disagreement_threshold, deleted',
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

/**
 * The floor: one bare SELECT per table the pull reads; from `cursor` on (`xid >= cursor`, no upper bound)
 * when given, as a laptop's later pull reads.
 */
export async function timedFloor(client: pg.Client, cursor?: string): Promise<ReadSample> {
  const b0 = bytesRead(client);
  const t0 = performance.now();
  let rows = 0;
  for (const [table, columns] of Object.entries(FLOOR_COLUMNS)) {
    const sql = `SELECT ${columns} FROM rinkside.${table}${cursor === undefined ? '' : ' WHERE xid >= $1::xid8'}`;
    rows += (await client.query(sql, cursor === undefined ? [] : [cursor])).rows.length;
  }
  return { ms: performance.now() - t0, rows, bytes: bytesRead(client) - b0 };
}

/** The pulls and floors of `pairedReads`, run by run. */
export interface PairedReads {
  pulls: (ReadSample & { pages: number })[];
  floors: ReadSample[];
}

/**
 * `runs` pulls from `cursor` and as many floors from it on `client`, after one of each to warm the server's
 * caches and Node's compiled code, alternating which goes first.
 * @throws Error when a pull and its floor read different numbers of rows (they would not be comparable).
 */
export async function pairedReads(
  client: pg.Client,
  runs: number,
  cursor: string = CURSOR_START,
): Promise<PairedReads> {
  const floorFrom = cursor === CURSOR_START ? undefined : cursor;
  await timedPull(client, cursor);
  await timedFloor(client, floorFrom);
  const pulls: PairedReads['pulls'] = [];
  const floors: ReadSample[] = [];
  for (let i = 0; i < runs; i++) {
    if (i % 2 === 0) pulls.push(await timedPull(client, cursor));
    floors.push(await timedFloor(client, floorFrom));
    if (i % 2 === 1) pulls.push(await timedPull(client, cursor));
  }
  if (pulls.some((p, i) => p.rows !== floors[i]?.rows)) throw new Error('a pull and its floor read different rows');
  return { pulls, floors };
}

/**
 * The cursor of a laptop that missed the department's last `n` reports (and whatever else was written
 * with or after them): the transaction id of the `n`-th newest report, read by `admin`.
 */
export async function cursorBefore(admin: pg.ClientBase, n: number): Promise<string> {
  const { rows } = await admin.query<{ cursor: string }>(
    'SELECT r.xid::text AS cursor FROM rinkside.reports r ORDER BY r.xid DESC OFFSET $1 LIMIT 1',
    [n - 1],
  );
  const cursor = rows[0]?.cursor;
  if (cursor === undefined) throw new Error(`the department has fewer than ${n} reports`);
  return cursor;
}
