import type pg from 'pg';
import type { BoardState, Change, EntryState, PushOutcome, ReportState } from '../../shared/department/changes.ts';
import { type BenchCluster, RUN_DB } from './cluster.ts';
import { changeOf, reportState, seeded } from './shape.ts';

/**
 * The simulated scouts of the steady state: each has his own connection (his login role), his pull
 * cursor, and the records he edits with the rev the server last acknowledged (his laptop's `base`). A
 * round's changes are ten per scout: six of his final reports amended, two new ones, a rating in a shared
 * list changed, his board reordered; every one of them readable by every colleague.
 */

/** A record the scout edits, as his laptop last had it. */
interface Held<S> {
  id: string;
  rev: string;
  state: S;
}

/** One simulated scout. */
export interface ScoutSim {
  name: string;
  client: pg.Client;
  cursor: string;
  reports: Held<ReportState>[];
  entry: Held<EntryState>;
  board: Held<BoardState>;
  /** The changes of his last push, to repeat as if its answer was lost. */
  lastPushed: Change[];
}

export const CHANGES_PER_ROUND = 10;
const AMENDED = 6;
const HELD_REPORTS = 30;

type Row<S> = Held<S> & { owner: string };

/** Rows per owner, from a query of the admin's (state built by the server's own `rinkside.state_of`). */
async function heldBy<S>(admin: pg.ClientBase, sql: string): Promise<Map<string, Row<S>[]>> {
  const byOwner = new Map<string, Row<S>[]>();
  for (const row of (await admin.query<Row<S>>(sql)).rows) {
    byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), row]);
  }
  return byOwner;
}

/**
 * Connects the scouts `names` to the run's database and gives each the records he will edit, as the
 * server holds them, and a cursor at the server's present (his laptop is up to date).
 */
export async function scoutSims(
  cluster: BenchCluster,
  admin: pg.ClientBase,
  names: readonly string[],
): Promise<ScoutSim[]> {
  const reports = await heldBy<ReportState>(
    admin,
    `SELECT r.owner, r.id, r.rev, rinkside.state_of(r) AS state FROM rinkside.reports r WHERE r.id IN (
       SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY owner ORDER BY id) AS n FROM rinkside.reports) x
       WHERE n <= ${HELD_REPORTS})`,
  );
  const entries = await heldBy<EntryState>(
    admin,
    `SELECT DISTINCT ON (e.owner) e.owner, e.id, e.rev, rinkside.state_of(e) AS state
       FROM rinkside.list_entries e JOIN rinkside.lists l ON l.id = e.list_id WHERE l.shared ORDER BY e.owner, e.id`,
  );
  const boards = await heldBy<BoardState>(
    admin,
    `SELECT b.owner, b.id, b.rev, rinkside.state_of(b) AS state FROM rinkside.boards b WHERE b.kind = 'scout'`,
  );
  const { rows } = await admin.query<{ h: string }>('SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS h');
  const cursor = (rows[0] as { h: string }).h;
  return Promise.all(
    names.map(async (name) => {
      const entry = entries.get(name)?.[0];
      const board = boards.get(name)?.[0];
      if (!entry || !board || (reports.get(name)?.length ?? 0) < HELD_REPORTS) {
        throw new Error(`${name} has not the records the steady state edits: load again`);
      }
      const client = await cluster.connect(RUN_DB, name);
      return { name, client, cursor, reports: reports.get(name) ?? [], entry, board, lastPushed: [] };
    }),
  );
}

/** Scout `s`'s ten changes of round `round`, each based on the rev his laptop holds. */
export function roundChanges(s: ScoutSim, round: number): Change[] {
  const rand = seeded(round * 7919 + Number(s.name.slice(6)));
  const out: Change[] = [];
  for (let k = 0; k < AMENDED; k++) {
    const held = s.reports[(round * AMENDED + k) % s.reports.length] as Held<ReportState>;
    out.push(changeOf('report', { ...reportState(rand, s.name), player: held.state.player }, held.id, held.rev));
  }
  for (let k = AMENDED; k < CHANGES_PER_ROUND - 2; k++) out.push(changeOf('report', reportState(rand, s.name)));
  const entry = { ...s.entry.state, rating: 1 + (round % 5), note: `Seen again (round ${round})` };
  out.push(changeOf('entry', entry, s.entry.id, s.entry.rev));
  const [first, ...rest] = s.board.state.entries;
  out.push(changeOf('board', { ...s.board.state, entries: first ? [...rest, first] : rest }, s.board.id, s.board.rev));
  return out;
}

/** What the laptop keeps of an acknowledged push: the new revs (and states) of the records it edits. */
export function keepRevs(s: ScoutSim, changes: readonly Change[], outcomes: readonly PushOutcome[]): void {
  s.lastPushed = [...changes];
  changes.forEach((c, i) => {
    const rev = outcomes[i]?.rev;
    if (!rev) return;
    if (c.kind === 'entry' && c.recordId === s.entry.id) s.entry = { id: c.recordId, rev, state: c.state };
    if (c.kind === 'board' && c.recordId === s.board.id) s.board = { id: c.recordId, rev, state: c.state };
    const held = s.reports.findIndex((r) => r.id === c.recordId);
    if (c.kind === 'report' && held >= 0) s.reports[held] = { id: c.recordId, rev, state: c.state };
  });
}
