import { describe, expect, it } from 'vitest';
import { StoreError } from '../../../store/index.ts';
import { laptopsFolder, SRC } from '../store/department/laptop.ts';
import { reportSave } from '../store/fixtures.ts';
import { departmentPerFile, SCOUT_A, SCOUT_B } from './department.ts';
import { departmentLaptop } from './sync-round.ts';

/**
 * The laptop's side of sync against a real PostgreSQL (the department of department.ts: scouts A and B,
 * each his own login role): the lists worker's outbox pushed with department/sync/push.ts, pulls applied
 * with department/sync/pull.ts, by the small sync loop of sync-round.ts. What
 * scout A shares reaches scout B's lists file read-only, and what A keeps private never does; A's two
 * laptops editing one report offline leave a conflict listed on both, kept on one and gone from both; a
 * backup restored loses and repeats nothing, counted on the server.
 */

const dep = departmentPerFile();
const laptops = laptopsFolder('rinkside-laptop-sync-');

/** A laptop of `user` in the test's department, with a connection of its own. */
const scoutLaptop = (user: string, scoutName: string) => departmentLaptop(dep, laptops, user, { scoutName });

const player = (playerId: number, name: string) => ({
  playerId,
  player: { name, position: 'LW', dateOfBirth: '2007-05-06' },
});

/** What the server holds of `owner` (as the admin sees it): rows per table, and changes logged. */
async function serverCounts(owner: string) {
  const q = async (sql: string) => ((await dep.admin.query<{ n: number }>(sql, [owner])).rows[0] as { n: number }).n;
  return {
    changes: await q('SELECT count(*)::int AS n FROM rinkside.changes WHERE owner = $1'),
    lists: await q('SELECT count(*)::int AS n FROM rinkside.lists WHERE owner = $1'),
    entries: await q('SELECT count(*)::int AS n FROM rinkside.list_entries WHERE owner = $1'),
    reports: await q('SELECT count(*)::int AS n FROM rinkside.reports WHERE owner = $1'),
    boards: await q('SELECT count(*)::int AS n FROM rinkside.boards WHERE owner = $1'),
  };
}

describe("scout A's records on scout B's laptop", () => {
  it('what A shares arrives read-only; what A keeps private or in draft never does; taken back, it goes', async () => {
    const a = await scoutLaptop(SCOUT_A, 'Anna Berg');
    const b = await scoutLaptop(SCOUT_B, 'Bo Ek');
    const shared = await a.lists.createList('Wingers');
    await a.lists.setListShared(shared.id, true);
    await a.lists.saveEntry({ listId: shared.id, ...player(11, 'Liam Holm'), rating: 4, note: 'quick hands' }, SRC);
    const secret = await a.lists.createList('Secret');
    await a.lists.saveEntry({ listId: secret.id, ...player(12, 'Hidden Guy'), note: 'not for B' }, SRC);
    const final = await a.lists.saveReport(reportSave({ status: 'final', notes: 'Anna saw him' }), SRC);
    await a.lists.saveReport(reportSave({ status: 'draft', notes: 'Anna draft' }), SRC);
    const board = await a.lists.createBoard('2027 wingers');
    await a.lists.addToBoard({ boardId: board.id, ...player(11, 'Liam Holm'), tier: 0 }, SRC);
    await a.lists.saveBoardVersion(board.id, 'After the combine');
    expect((await a.sync()).skipped).toBe(0);
    expect(await a.lists.departmentStatus()).toMatchObject({ waiting: 0, refused: [] });

    expect(await b.sync()).toMatchObject({ skipped: 0, problems: [] });
    const lists = await b.lists.lists();
    expect(lists.map((l) => [l.uid, l.name, l.owner, l.scout, l.readOnly])).toEqual([
      [shared.uid, 'Wingers', SCOUT_A, 'Anna Berg', true],
    ]);
    const entries = await b.lists.listEntries(lists[0]?.id as number, {}, SRC);
    expect(entries.data.map((e) => [e.name, e.rating, e.note])).toEqual([['Liam Holm', 4, 'quick hands']]);
    const reports = await b.lists.reports({}, SRC);
    expect(reports.map((r) => [r.uid, r.scout, r.notes, r.status, r.readOnly])).toEqual([
      [final.uid, 'Anna Berg', 'Anna saw him', 'final', true],
    ]);
    const boards = await b.lists.boards();
    expect(boards.map((x) => [x.uid, x.scout, x.readOnly])).toEqual([[board.uid, 'Anna Berg', true]]);
    const detail = await b.lists.board(boards[0]?.id as number);
    expect(detail.entries.map((e) => e.name)).toEqual(['Liam Holm']);
    expect(detail.versions.map((v) => [v.label, v.entries.map((e) => [e.name, e.tier, e.rank])])).toEqual([
      ['After the combine', [['Liam Holm', 'A', 1]]],
    ]);
    const refused = await b.lists.renameList(lists[0]?.id as number, 'Mine').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(StoreError);
    expect((refused as StoreError).message).toBe('Invalid id: this list is Anna Berg’s; only its owner can change it.');

    // A makes the list private and takes the report back: B's copy of the list goes, the report stays marked.
    await a.lists.setListShared(shared.id, false);
    await a.lists.saveReport(reportSave({ id: final.id, status: 'draft', notes: 'rewriting' }), SRC);
    await a.sync();
    expect((await b.sync()).skipped).toBe(0);
    expect(await b.lists.lists()).toEqual([]);
    expect((await b.lists.reports({}, SRC)).map((r) => [r.status, r.retracted, r.notes])).toEqual([
      ['draft', true, 'Anna saw him'],
    ]);
    // B cannot read A's entries, private now, on the server either; no draft's text ever reached it.
    const seen = await b.client.query('SELECT count(*)::int AS n FROM rinkside.list_entries');
    expect(seen.rows).toEqual([{ n: 0 }]);
    const drafts = await dep.admin.query(
      "SELECT count(*)::int AS n FROM rinkside.report_versions WHERE body->>'notes' IN ('Anna draft', 'rewriting')",
    );
    expect(drafts.rows).toEqual([{ n: 0 }]);
    for (const l of [a, b]) await l.lists.close();
  });
});

describe("scout A's two laptops editing one report offline", () => {
  it('leave a conflict listed on both after they sync; kept on one, it is the report again and gone from both', async () => {
    const one = await scoutLaptop(SCOUT_A, 'Anna Berg');
    const two = await scoutLaptop(SCOUT_A, 'Anna Berg');
    const r = await one.lists.saveReport(reportSave({ status: 'final', notes: 'first look' }), SRC);
    await one.sync();
    await two.sync();
    // (The department's server also holds A's report of the test before: his own, on every laptop of his.)
    const notesOf = async (l: typeof one) =>
      (await l.lists.reports({}, SRC)).filter((x) => x.uid === r.uid).map((x) => x.notes);
    const copy = (await two.lists.reports({}, SRC)).find((x) => x.uid === r.uid);
    expect(copy).toMatchObject({ readOnly: false, notes: 'first look' });

    await one.lists.saveReport(reportSave({ id: r.id, status: 'final', notes: 'edited on one' }), SRC);
    await two.lists.saveReport(reportSave({ id: copy?.id, status: 'final', notes: 'edited on two' }), SRC);
    await one.sync();
    await two.sync();
    await one.sync();
    const onOne = await one.lists.departmentConflicts();
    const onTwo = await two.lists.departmentConflicts();
    expect(onOne.map((c) => [c.recordId, (c.state as { body: { notes: string } }).body.notes])).toEqual([
      [r.uid, 'edited on one'],
    ]);
    expect(onTwo.map((c) => c.id)).toEqual(onOne.map((c) => c.id));
    // The push the server committed last is shown on both.
    for (const l of [one, two]) expect(await notesOf(l)).toEqual(['edited on two']);

    await one.lists.departmentResolveConflict(onOne[0]?.id as string, 'keep');
    await one.sync();
    await two.sync();
    for (const l of [one, two]) {
      expect(await notesOf(l)).toEqual(['edited on one']);
      expect(await l.lists.departmentConflicts()).toEqual([]);
    }
    const server = await dep.admin.query('SELECT resolved FROM rinkside.conflicts WHERE record_id = $1', [r.uid]);
    expect(server.rows).toEqual([{ resolved: true }]);
    for (const l of [one, two]) await l.lists.close();
  });
});

describe('a backup restored on a laptop in the department', () => {
  it('replays its outbox as duplicates and pulls back what came after: nothing lost, nothing twice on the server', async () => {
    const a = await scoutLaptop(SCOUT_B, 'Bo Ek');
    const list = await a.lists.createList('Restore me');
    await a.sync();
    await a.lists.saveEntry({ listId: list.id, ...player(21, 'Before Backup'), note: 'queued' }, SRC);
    const backup = await a.lists.backupNow(true);
    await a.lists.saveEntry({ listId: list.id, ...player(22, 'After Backup'), note: 'pushed' }, SRC);
    await a.lists.renameList(list.id, 'Restored');
    await a.sync();
    const counts = await serverCounts(SCOUT_B);
    const before = (await a.lists.listEntries(list.id, { sort: 'name' }, SRC)).data.map((e) => [e.name, e.note]);

    await a.lists.restoreBackup(backup?.name as string);
    expect((await a.lists.departmentStatus()).waiting).toBe(1);
    expect(await a.sync()).toMatchObject({ skipped: 0 });
    expect(await serverCounts(SCOUT_B)).toEqual(counts);
    const [restored] = await a.lists.lists();
    expect(restored?.name).toBe('Restored');
    const after = (await a.lists.listEntries(restored?.id as number, { sort: 'name' }, SRC)).data;
    expect(after.map((e) => [e.name, e.note])).toEqual(before);
    expect(await a.lists.departmentStatus()).toMatchObject({ waiting: 0, refused: [] });
    await a.lists.close();
  });
});
