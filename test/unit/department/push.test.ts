import { randomUUID } from 'node:crypto';
import { push } from '../../../department/sync/push.ts';
import { type Change, PUSH_BATCH_MAX } from '../../../shared/department/changes.ts';
import {
  boardChange,
  DIRECTOR_D,
  DIRECTOR_E,
  departmentPerFile,
  pullAll,
  refusal,
  reportChange,
  reportState,
  SCOUT_A,
} from './department.ts';

/**
 * The push (`rinkside.push`, department/migrations/005-push.sql) on a real server: a change is applied once
 * whatever happens to its answer, a conflict keeps both states (the one committed last shown, the other
 * kept for its author), and a report's history is its author's alone.
 */

const dep = departmentPerFile();

const countOf = async (sql: string, params: unknown[]) =>
  ((await dep.admin.query<{ n: number }>(sql, params)).rows[0] as { n: number }).n;

describe('idempotency by change id', () => {
  it('the same change pushed twice makes one row and one log entry; the second answer is duplicate', async () => {
    const report = randomUUID();
    const change = reportChange(report, null);
    const first = await push(dep.a, [change]);
    const second = await push(dep.a, [change]);
    expect(first).toEqual([{ changeId: change.changeId, outcome: 'applied', rev: change.changeId, reason: null }]);
    expect(second).toEqual([
      { changeId: change.changeId, outcome: 'duplicate', rev: change.changeId, reason: 'first answered: applied' },
    ]);
    expect(await countOf('SELECT count(*)::int AS n FROM rinkside.reports WHERE id = $1', [report])).toBe(1);
    expect(
      await countOf('SELECT count(*)::int AS n FROM rinkside.report_versions WHERE report_id = $1', [report]),
    ).toBe(1);
    expect(
      await countOf('SELECT count(*)::int AS n FROM rinkside.changes WHERE change_id = $1', [change.changeId]),
    ).toBe(1);
  });

  it('a push whose answer was lost is repeated: what committed comes back duplicate, nothing is applied twice', async () => {
    const batch: Change[] = [reportChange(randomUUID(), null), reportChange(randomUUID(), null)];
    // The answer is lost: the laptop never reads it, and only knows to push the same changes again.
    await push(dep.a, batch);
    const again = await push(dep.a, [...batch, reportChange(randomUUID(), null)]);
    expect(again.map((o) => o.outcome)).toEqual(['duplicate', 'duplicate', 'applied']);
    const ids = batch.map((c) => c.recordId);
    expect(
      await countOf('SELECT count(*)::int AS n FROM rinkside.report_versions WHERE report_id = ANY($1)', [ids]),
    ).toBe(2);
  });

  it('a push whose transaction never committed is applied when repeated (a rolled-back change leaves no trace)', async () => {
    const change = reportChange(randomUUID(), null);
    await dep.a.query('BEGIN');
    expect((await push(dep.a, [change]))[0]?.outcome).toBe('applied');
    await dep.a.query('ROLLBACK');
    expect((await push(dep.a, [change]))[0]?.outcome).toBe('applied');
  });

  it('the same change from two connections at once: one applies it, the other waits and answers duplicate', async () => {
    const change = reportChange(randomUUID(), null);
    const laptop2 = await dep.cluster.clientAs(SCOUT_A, dep.passwords[SCOUT_A] as string);
    await dep.a.query('BEGIN');
    const first = await push(dep.a, [change]);
    const second = push(laptop2, [change]); // blocks on the first one's uncommitted log row
    await dep.a.query('COMMIT');
    expect(first[0]?.outcome).toBe('applied');
    expect((await second)[0]?.outcome).toBe('duplicate');
    expect(await countOf('SELECT count(*)::int AS n FROM rinkside.reports WHERE id = $1', [change.recordId])).toBe(1);
  });
});

describe('conflicts are kept, never overwritten', () => {
  it("a scout's two laptops edit one report offline: the later push is shown, the earlier kept for him", async () => {
    const report = randomUUID();
    const [made] = await push(dep.a, [reportChange(report, null, reportState('v1'))]);
    const base = made?.rev as string;
    const fromLaptop1 = reportChange(report, base, reportState('edited on laptop 1'));
    const fromLaptop2 = reportChange(report, base, reportState('edited on laptop 2'));
    const laptop2 = await dep.cluster.clientAs(SCOUT_A, dep.passwords[SCOUT_A] as string);
    expect((await push(dep.a, [fromLaptop1]))[0]?.outcome).toBe('applied');
    expect((await push(laptop2, [fromLaptop2]))[0]).toMatchObject({ outcome: 'conflict', rev: fromLaptop2.changeId });

    const shown = await dep.b.query("SELECT rev, body->>'notes' AS notes FROM rinkside.reports WHERE id = $1", [
      report,
    ]);
    expect(shown.rows).toEqual([{ rev: fromLaptop2.changeId, notes: 'edited on laptop 2' }]);
    const kept = await dep.a.query(
      "SELECT author, change_id, winner, state->'body'->>'notes' AS notes, resolved FROM rinkside.conflicts WHERE record_id = $1",
      [report],
    );
    expect(kept.rows).toEqual([
      {
        author: SCOUT_A,
        change_id: fromLaptop1.changeId,
        winner: fromLaptop2.changeId,
        notes: 'edited on laptop 1',
        resolved: false,
      },
    ]);
    // The state kept is a whole state as the contract has it: pushing it again (keep) restores it.
    const keep = reportChange(report, fromLaptop2.changeId, await stateOf(fromLaptop1.changeId));
    expect((await push(dep.a, [keep]))[0]?.outcome).toBe('applied');
    const restored = await dep.b.query("SELECT body->>'notes' AS notes FROM rinkside.reports WHERE id = $1", [report]);
    expect(restored.rows).toEqual([{ notes: 'edited on laptop 1' }]);
    // Colleagues never see it; only its author marks it resolved.
    expect((await dep.b.query('SELECT * FROM rinkside.conflicts WHERE record_id = $1', [report])).rows).toEqual([]);
    expect(
      (await dep.b.query('UPDATE rinkside.conflicts SET resolved = true WHERE record_id = $1', [report])).rowCount,
    ).toBe(0);
    expect(
      (await dep.a.query('UPDATE rinkside.conflicts SET resolved = true WHERE record_id = $1', [report])).rowCount,
    ).toBe(1);
  });

  it('two directors on the department board: the later is shown and owns it, the earlier is kept for its director', async () => {
    const board = randomUUID();
    const [made] = await push(dep.d, [boardChange(board, null, { kind: 'department', tiers: ['A'] })]);
    const base = made?.rev as string;
    const byD = boardChange(board, base, { kind: 'department', tiers: ['A', 'B'], label: "D's order" });
    const byE = boardChange(board, base, { kind: 'department', tiers: ['A', 'B', 'C'], label: "E's order" });
    expect((await push(dep.d, [byD]))[0]?.outcome).toBe('applied');
    expect((await push(dep.e, [byE]))[0]?.outcome).toBe('conflict');

    const shown = await dep.a.query('SELECT owner, rev, label FROM rinkside.boards WHERE id = $1', [board]);
    expect(shown.rows).toEqual([{ owner: DIRECTOR_E, rev: byE.changeId, label: "E's order" }]);
    const forD = await dep.d.query(
      "SELECT author, change_id, state->>'label' AS label FROM rinkside.conflicts WHERE record_id = $1",
      [board],
    );
    expect(forD.rows).toEqual([{ author: DIRECTOR_D, change_id: byD.changeId, label: "D's order" }]);
    expect((await dep.e.query('SELECT * FROM rinkside.conflicts WHERE record_id = $1', [board])).rows).toEqual([]);
    // Every version pushed is kept, readable by the department, each with the rev it replaced.
    const versions = await dep.b.query(
      'SELECT author, rev, base, label FROM rinkside.board_versions WHERE board_id = $1 ORDER BY xid, committed_at',
      [board],
    );
    expect(versions.rows).toEqual([
      { author: DIRECTOR_D, rev: base, base: null, label: '' },
      { author: DIRECTOR_D, rev: byD.changeId, base, label: "D's order" },
      { author: DIRECTOR_E, rev: byE.changeId, base: byD.changeId, label: "E's order" },
    ]);
  });
});

/** The state a change made, as the server kept it in a conflict (`change_id`). */
async function stateOf(changeId: string) {
  const { rows } = await dep.admin.query('SELECT state FROM rinkside.conflicts WHERE change_id = $1', [changeId]);
  return rows[0]?.state;
}

describe('report versions', () => {
  it('are numbered by the server and visible to the author only; colleagues see the latest, a retraction marked', async () => {
    const report = randomUUID();
    const [v1] = await push(dep.a, [reportChange(report, null, reportState('first look'))]);
    const [v2] = await push(dep.a, [reportChange(report, v1?.rev ?? null, reportState('second look'))]);
    await push(dep.a, [reportChange(report, v2?.rev ?? null, reportState('second look', 'retracted'))]);
    const history =
      "SELECT version, status, body->>'notes' AS notes FROM rinkside.report_versions WHERE report_id = $1 ORDER BY version";
    const expected = [
      { version: 1, status: 'final', notes: 'first look' },
      { version: 2, status: 'final', notes: 'second look' },
      { version: 3, status: 'retracted', notes: 'second look' },
    ];
    expect((await dep.a.query(history, [report])).rows).toEqual(expected);
    expect((await dep.admin.query(history, [report])).rows).toEqual(expected);
    expect((await dep.b.query(history, [report])).rows).toEqual([]);
    expect((await dep.d.query(history, [report])).rows).toEqual([]);
    const latest = await dep.b.query('SELECT version, status FROM rinkside.reports WHERE id = $1', [report]);
    expect(latest.rows).toEqual([{ version: 3, status: 'retracted' }]);
    // The pull carries the same: B gets the report, not its history; A both.
    const forB = (await pullAll(dep.b, '0')).pages;
    expect(forB.some((p) => p.table === 'reports' && p.rows.some((r) => r.id === report))).toBe(true);
    expect(forB.some((p) => p.table === 'report_versions' && p.rows.some((r) => r.reportId === report))).toBe(false);
    const forA = (await pullAll(dep.a, '0')).pages;
    const versions = forA.flatMap((p) =>
      p.table === 'report_versions' ? p.rows.filter((r) => r.reportId === report) : [],
    );
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2, 3]);
  });
});

describe('what the push refuses', () => {
  it('refuses a malformed state per change, with the server error, and applies the rest of the batch', async () => {
    const good = reportChange(randomUUID(), null);
    const bad = { ...reportChange(randomUUID(), null), state: { status: 'draft' } } as unknown as Change;
    const out = await push(dep.a, [bad, good]);
    expect(out[0]).toMatchObject({ changeId: bad.changeId, outcome: 'refused', rev: null });
    expect(out[0]?.reason).toMatch(
      /^23502: null value in column "player" of relation "reports" violates not-null constraint$/,
    );
    expect(out[1]?.outcome).toBe('applied');
    expect((await push(dep.a, [bad]))[0]).toMatchObject({ outcome: 'duplicate', reason: 'first answered: refused' });
  });

  it(`takes at most ${PUSH_BATCH_MAX} changes in one call (more are sent in batches by push())`, async () => {
    const many = Array.from({ length: PUSH_BATCH_MAX + 1 }, () => reportChange(randomUUID(), null));
    const err = await refusal(dep.a.query('SELECT * FROM rinkside.push($1::jsonb)', [JSON.stringify(many)]));
    expect(err).toEqual({ code: '54000', message: `a push takes at most 50 changes, not ${PUSH_BATCH_MAX + 1}` });
    const out = await push(dep.a, many);
    expect(out.map((o) => o.changeId)).toEqual(many.map((c) => c.changeId));
    expect(new Set(out.map((o) => o.outcome))).toEqual(new Set(['applied']));
  });
});
