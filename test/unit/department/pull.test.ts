import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { pull } from '../../../department/sync/pull.ts';
import { push } from '../../../department/sync/push.ts';
import { CURSOR_START, type FeedPage } from '../../../shared/department/feed.ts';
import {
  boardChange,
  DIRECTOR_D,
  departmentPerFile,
  entryChange,
  idsIn,
  listChange,
  pullAll,
  reportChange,
  reportState,
  SCOUT_A,
  SCOUT_B,
} from './department.ts';

/**
 * The pull's cursor on a real server with concurrent writers: a transaction that began first (lower xid)
 * and commits last is never skipped and sent once; a cursor of the newest `updated_at` or the highest
 * id/sequence seen, computed here from the same rows, does skip it. And the withdrawals that follow a list
 * made private.
 */

const dep = departmentPerFile();

const xidOf = async (id: string) =>
  (await dep.admin.query<{ xid: string }>('SELECT xid::text AS xid FROM rinkside.reports WHERE id = $1', [id])).rows[0]
    ?.xid;

describe('a transaction that commits after a later one', () => {
  it('is pulled exactly once, where updated_at and highest-id-seen cursors skip it', async () => {
    const start = await pullAll(dep.d, CURSOR_START);
    const t1Report = randomUUID();
    const t2Report = randomUUID();

    // T1 begins and writes first: the lower transaction id.
    await dep.a.query('BEGIN');
    await push(dep.a, [reportChange(t1Report, null)]);
    // T2 writes and commits while T1 is still open.
    await push(dep.b, [reportChange(t2Report, null)]);

    // A pull now, and the two naive cursors, each advanced to the newest row it saw.
    const first = await pullAll(dep.d, start.cursor);
    const naiveTime = await dep.d.query<{ id: string; at: Date }>(
      "SELECT id, committed_at AS at FROM rinkside.reports WHERE committed_at > now() - interval '1 hour' ORDER BY committed_at",
    );
    const naiveSeq = await dep.d.query<{ id: string; xid: string }>(
      'SELECT id, xid::text AS xid FROM rinkside.reports WHERE xid >= $1::xid8 ORDER BY xid',
      [start.cursor],
    );

    await dep.a.query('COMMIT');
    const second = await pullAll(dep.d, first.cursor);
    const third = await pullAll(dep.d, second.cursor);

    const t1Xid = BigInt((await xidOf(t1Report)) as string);
    const t2Xid = BigInt((await xidOf(t2Report)) as string);
    expect(t1Xid < t2Xid).toBe(true);

    // The pull: T2's row waits until T1 has ended, then both come, once each.
    const pulled = [first, second, third].flatMap((p) => idsIn(p.pages, 'reports'));
    expect(pulled.filter((id) => id === t1Report)).toHaveLength(1);
    expect(pulled.filter((id) => id === t2Report)).toHaveLength(1);
    expect(idsIn(first.pages, 'reports')).not.toContain(t2Report);
    expect(BigInt(first.cursor) <= t1Xid).toBe(true);

    // The contrast: each naive cursor had already moved past T1's row when T1 committed.
    const lastTime = naiveTime.rows.at(-1) as { id: string; at: Date };
    expect(lastTime.id).toBe(t2Report);
    const afterTime = await dep.d.query('SELECT id FROM rinkside.reports WHERE committed_at > $1', [lastTime.at]);
    expect(naiveTime.rows.map((r) => r.id)).not.toContain(t1Report);
    expect(afterTime.rows.map((r) => r.id)).not.toContain(t1Report);
    const lastSeq = naiveSeq.rows.at(-1) as { id: string; xid: string };
    expect(lastSeq.id).toBe(t2Report);
    const afterSeq = await dep.d.query('SELECT id FROM rinkside.reports WHERE xid > $1::xid8', [lastSeq.xid]);
    expect(naiveSeq.rows.map((r) => r.id)).not.toContain(t1Report);
    expect(afterSeq.rows.map((r) => r.id)).not.toContain(t1Report);
  });

  it('with many writers committing in random order while a scout pulls in a loop, every row arrives exactly once', async () => {
    const writers: pg.Client[] = [];
    for (const role of [SCOUT_A, SCOUT_B, SCOUT_A, SCOUT_B, DIRECTOR_D, DIRECTOR_D]) {
      writers.push(await dep.cluster.clientAs(role, dep.passwords[role] as string));
    }
    const reader = await dep.cluster.clientAs(SCOUT_B, dep.passwords[SCOUT_B] as string);
    let cursor = (await pullAll(reader, CURSOR_START)).cursor;
    const written: string[] = [];
    const seen: string[] = [];
    let writing = true;
    const write = async (client: pg.Client) => {
      for (let i = 0; i < 12; i++) {
        const id = randomUUID();
        await client.query('BEGIN');
        await push(client, [reportChange(id, null)]);
        await sleep(Math.floor(Math.random() * 25)); // hold the transaction open: commits interleave
        await client.query('COMMIT');
        written.push(id);
      }
    };
    const read = async () => {
      while (writing) {
        const r = await pullAll(reader, cursor);
        seen.push(...idsIn(r.pages, 'reports'));
        cursor = r.cursor;
        await sleep(5);
      }
      seen.push(...idsIn((await pullAll(reader, cursor)).pages, 'reports'));
    };
    const reading = read();
    await Promise.all(writers.map(write));
    writing = false;
    await reading;
    expect(written).toHaveLength(72);
    expect([...seen].sort()).toEqual([...written].sort());
  });
});

describe('the feed', () => {
  it('sends each table in (xid, id) order across pages, and starts over for a cursor ahead of the server', async () => {
    const pages: FeedPage[] = [];
    const result = await pull(dep.a, CURSOR_START, (p) => void pages.push(p), 3);
    const reports = pages.filter((p) => p.table === 'reports').flatMap((p) => p.rows);
    expect(pages.filter((p) => p.table === 'reports').length).toBeGreaterThan(1);
    const keys = reports.map((r) => [BigInt(r.xid), r.id] as const);
    const sorted = [...keys].sort((x, y) => (x[0] === y[0] ? (x[1] < y[1] ? -1 : 1) : x[0] < y[0] ? -1 : 1));
    expect(keys).toEqual(sorted);
    expect(result.restarted).toBe(false);
    const ahead = await pull(dep.a, '999999999999', () => undefined);
    expect(ahead.restarted).toBe(true);
    await expect(pull(dep.a, "0'; DROP TABLE x", () => undefined)).rejects.toThrow(
      'a pull cursor is a transaction id in digits',
    );
  });
});

describe("the feed's rows", () => {
  it('carry each record and history row as the server holds it: a state as rinkside.state_of builds it', async () => {
    const [report, list, entry, board] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const start = (await pullAll(dep.a, CURSOR_START)).cursor;
    await push(dep.a, [
      reportChange(report, null),
      listChange(list, null, { shared: true }),
      entryChange(entry, list, null, { rating: 2, note: 'late on the forecheck' }),
      boardChange(board, null, { label: 'before the combine' }),
    ]);
    // The same report from a second laptop that never saw the first: a conflict kept for A.
    await push(dep.a, [reportChange(report, null, reportState('second laptop'))]);
    const pages = (await pullAll(dep.a, start)).pages;
    const pulled = (table: FeedPage['table']) =>
      pages.filter((p) => p.table === table).flatMap((p) => p.rows as unknown as Record<string, unknown>[]);
    // What the admin reads of the same rows (no row-level security), named as shared/department/feed.ts names them.
    const held = async (sql: string) =>
      (await dep.admin.query(`${sql} AND t.xid >= $1::xid8 ORDER BY t.xid, t.id`, [start])).rows.map((r) => ({
        ...r,
        ...(r.committedAt instanceof Date ? { committedAt: r.committedAt.toISOString() } : {}),
      }));
    const head = `t.id, t.owner, t.rev, t.xid::text AS xid, t.committed_at AS "committedAt"`;
    const record = (kind: string, table: string, more = '') =>
      held(`SELECT '${kind}' AS kind, ${head}${more}, rinkside.state_of(t) AS state FROM rinkside.${table} t
        WHERE t.owner = '${SCOUT_A}'`);

    expect(pulled('reports')).toEqual(await record('report', 'reports', ', t.version'));
    expect(pulled('lists')).toEqual(await record('list', 'lists'));
    expect(pulled('list_entries')).toEqual(await record('entry', 'list_entries'));
    expect(pulled('boards')).toEqual(await record('board', 'boards'));
    expect(pulled('list_entries')[0]?.state).toMatchObject({ listId: list, rating: 2, deleted: false });
    expect(pulled('report_versions')).toEqual(
      await held(`SELECT t.id, t.report_id AS "reportId", t.version, t.rev, t.owner, t.status, t.body,
        t.xid::text AS xid, t.committed_at AS "committedAt" FROM rinkside.report_versions t WHERE t.owner = '${SCOUT_A}'`),
    );
    expect(pulled('report_versions')).toHaveLength(2);
    expect(pulled('board_versions')).toEqual(
      await held(`SELECT t.id, t.board_id AS "boardId", t.rev, t.author, t.base, t.tiers, t.entries, t.label,
        t.xid::text AS xid, t.committed_at AS "committedAt" FROM rinkside.board_versions t WHERE t.author = '${SCOUT_A}'`),
    );
    expect(pulled('conflicts')).toEqual(
      await held(`SELECT t.id, t.kind, t.record_id AS "recordId", t.author, t.change_id AS "changeId", t.state,
        t.winner, t.resolved, t.xid::text AS xid, t.committed_at AS "committedAt"
        FROM rinkside.conflicts t WHERE t.author = '${SCOUT_A}'`),
    );
    expect(pulled('conflicts')).toHaveLength(1);
  });
});

describe('a list that goes private', () => {
  it('is withdrawn from colleagues who had it (list and entries), never from its owner, and comes back when shared again', async () => {
    const list = randomUUID();
    const entries = [randomUUID(), randomUUID()];
    const [made] = await push(dep.a, [listChange(list, null, { shared: true })]);
    await push(
      dep.a,
      entries.map((id) => entryChange(id, list, null)),
    );
    const bFirst = await pullAll(dep.b, CURSOR_START);
    const aFirst = await pullAll(dep.a, CURSOR_START);
    expect(idsIn(bFirst.pages, 'lists')).toContain(list);
    expect(idsIn(bFirst.pages, 'list_entries')).toEqual(expect.arrayContaining(entries));

    const [hidden] = await push(dep.a, [listChange(list, made?.rev ?? null, { shared: false })]);
    const bHidden = await pullAll(dep.b, bFirst.cursor);
    expect(idsIn(bHidden.pages, 'lists')).not.toContain(list);
    expect(idsIn(bHidden.pages, 'withdrawals').sort()).toEqual([list, ...entries].sort());
    const withdrawals = bHidden.pages.flatMap((p) => (p.table === 'withdrawals' ? p.rows : []));
    expect(withdrawals.map((w) => [w.kind, w.owner])).toContainEqual(['list', SCOUT_A]);
    const aHidden = await pullAll(dep.a, aFirst.cursor);
    expect(idsIn(aHidden.pages, 'withdrawals')).toEqual([]);
    expect(idsIn(aHidden.pages, 'lists')).toEqual([list]);

    await push(dep.a, [listChange(list, hidden?.rev ?? null, { shared: true })]);
    const bBack = await pullAll(dep.b, bHidden.cursor);
    expect(idsIn(bBack.pages, 'lists')).toEqual([list]);
    expect(idsIn(bBack.pages, 'list_entries').sort()).toEqual([...entries].sort());
    expect(idsIn(bBack.pages, 'withdrawals')).toEqual([]);
    // A colleague who did not pull in between gets the list as it is now, and no withdrawal to undo it.
    const late = await pullAll(dep.d, bFirst.cursor);
    expect(idsIn(late.pages, 'lists')).toEqual([list]);
    expect(idsIn(late.pages, 'withdrawals')).toEqual([]);
  });
});
