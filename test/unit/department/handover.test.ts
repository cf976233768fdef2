import { describe, expect, it } from 'vitest';
import { laptopsFolder, outboxOf, SRC } from '../store/department/laptop.ts';
import { reportSave } from '../store/fixtures.ts';
import { departmentPerFile, SCOUT_A, SCOUT_B } from './department.ts';
import { departmentLaptop, sync } from './sync-round.ts';

/**
 * A laptop handed from scout A to scout B of the same department (Settings → Department, another login),
 * against a real PostgreSQL: what the server has of A's stays A's, read-only; what A never sent is kept as
 * his, not sent as B's, and listed; B's own work syncs as his; set up for A again, A's unsent changes go,
 * each once. Expected values are the records the test made and the server's own rows.
 */

const dep = departmentPerFile();
const laptops = laptopsFolder('rinkside-handover-');

/** The server's rows of `table` (as the admin sees them): id → owner. */
async function ownersOn(table: string): Promise<Map<string, string>> {
  const rows = (await dep.admin.query<{ id: string; owner: string }>(`SELECT id, owner FROM rinkside.${table}`)).rows;
  return new Map(rows.map((r) => [r.id, r.owner]));
}

/** How many changes the server logged for record `id`. */
async function changesOf(id: string): Promise<number> {
  const r = await dep.admin.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM rinkside.changes WHERE record_id = $1',
    [id],
  );
  return (r.rows[0] as { n: number }).n;
}

describe('a laptop handed from scout A to scout B', () => {
  it("keeps A's records A's, holds his unsent ones, syncs B's as B's, and sends A's once when he is back", async () => {
    const a = await departmentLaptop(dep, laptops, SCOUT_A, { scoutName: 'Anna Berg' });
    const { host, port, database } = dep.cluster.info;
    const synced = await a.lists.createList('Synced');
    const syncedReport = await a.lists.saveReport(reportSave({ status: 'final', notes: 'Anna synced' }), SRC);
    expect((await a.sync()).skipped).toBe(0);
    // Then, offline: a new list with an entry, a new final report, and a rename of the synced list.
    const unsent = await a.lists.createList('Unsent');
    await a.lists.saveEntry(
      { listId: unsent.id, playerId: 21, player: { name: 'Owen Lund', position: 'C', dateOfBirth: '2007-01-02' } },
      SRC,
    );
    const unsentReport = await a.lists.saveReport(reportSave({ status: 'final', notes: 'Anna unsent' }), SRC);
    await a.lists.renameList(synced.id, 'Synced, renamed');
    expect((await a.lists.departmentStatus()).waiting).toBe(4);
    const entry = { uid: (await outboxOf(a.lists)).find((c) => c.kind === 'entry')?.recordId as string };

    // The laptop goes to B.
    await a.lists.departmentConfigure({ server: host, port, database, user: SCOUT_B, scoutName: 'Bo Ek' });
    const asB = await dep.cluster.clientAs(SCOUT_B, dep.passwords[SCOUT_B] as string);
    expect(await sync(a.lists, asB)).toMatchObject({ skipped: 0, problems: [] });
    const statusB = await a.lists.departmentStatus();
    expect(statusB).toMatchObject({ waiting: 0, refused: [] });
    const held = [unsent.uid, entry.uid, unsentReport.uid, synced.uid];
    expect(statusB.notSent.map((n) => [n.owner, n.recordId]).sort()).toEqual(held.map((u) => [SCOUT_A, u]).sort());
    // Nothing of B's reached the server, and A's unsent records are not there.
    expect([...(await ownersOn('lists')).entries()]).toEqual([[synced.uid, SCOUT_A]]);
    expect([...(await ownersOn('reports')).entries()]).toEqual([[syncedReport.uid, SCOUT_A]]);
    expect(await ownersOn('list_entries')).toEqual(new Map());
    const listsB = await a.lists.lists();
    expect(listsB.map((l) => [l.uid, l.name, l.owner, l.readOnly]).sort()).toEqual(
      [
        [synced.uid, 'Synced, renamed', SCOUT_A, true],
        [unsent.uid, 'Unsent', SCOUT_A, true],
      ].sort(),
    );
    const reportsB = await a.lists.reports({}, SRC);
    expect(reportsB.map((r) => [r.uid, r.owner, r.readOnly]).sort()).toEqual(
      [
        [syncedReport.uid, SCOUT_A, true],
        [unsentReport.uid, SCOUT_A, true],
      ].sort(),
    );
    expect(await a.lists.renameList(unsent.id, 'Mine now').catch((e: Error) => e.message)).toMatch(/only its owner/);

    // B's own work syncs as his.
    const bList = await a.lists.createList('Bo list');
    const bReport = await a.lists.saveReport(reportSave({ status: 'final', notes: 'Bo saw him' }), SRC);
    await sync(a.lists, asB);
    expect(await a.lists.departmentStatus()).toMatchObject({ waiting: 0, refused: [] });
    expect((await ownersOn('lists')).get(bList.uid)).toBe(SCOUT_B);
    expect((await ownersOn('reports')).get(bReport.uid)).toBe(SCOUT_B);

    // Back to A: his unsent changes go, each once; his records are writable again.
    await a.lists.departmentConfigure({ server: host, port, database, user: SCOUT_A, scoutName: 'Anna Berg' });
    await a.sync();
    await a.sync();
    const statusA = await a.lists.departmentStatus();
    expect(statusA).toMatchObject({ waiting: 0, refused: [] });
    expect(statusA.notSent.map((n) => [n.owner, n.recordId])).toEqual([]);
    const lists = await ownersOn('lists');
    expect([lists.get(synced.uid), lists.get(unsent.uid), lists.get(bList.uid)]).toEqual([SCOUT_A, SCOUT_A, SCOUT_B]);
    expect((await ownersOn('list_entries')).get(entry.uid)).toBe(SCOUT_A);
    expect((await ownersOn('reports')).get(unsentReport.uid)).toBe(SCOUT_A);
    const name = await dep.admin.query<{ name: string }>('SELECT name FROM rinkside.lists WHERE id = $1', [synced.uid]);
    expect(name.rows[0]?.name).toBe('Synced, renamed');
    expect([
      await changesOf(unsent.uid),
      await changesOf(entry.uid),
      await changesOf(unsentReport.uid),
      await changesOf(synced.uid),
    ]).toEqual([1, 1, 1, 2]);
    const listsA = await a.lists.lists();
    expect(listsA.find((l) => l.uid === unsent.uid)?.readOnly).toBe(false);
    expect(listsA.find((l) => l.uid === bList.uid)).toMatchObject({ owner: SCOUT_B, readOnly: true });
  });
});
