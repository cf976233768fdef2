import { describe, expect, it } from 'vitest';
import { CURSOR_START } from '../../../../shared/department/feed.ts';
import type { ListsClient } from '../../../../store/index.ts';
import { reportSave } from '../fixtures.ts';
import { type Laptop, laptopsFolder, outboxOf, RecordedServer, SRC, setup } from './laptop.ts';

/**
 * Restoring a lists backup of a scout in a department, through the real lists worker: changes made, a
 * backup taken, more changes made and pushed (acknowledged from a recorded server), then the backup
 * restored. The outbox is the backup's, the cursor starts over; pushing it again and pulling what the
 * server recorded gives back every change made after the backup, and the server gets nothing twice. In
 * both orders: push then pull (the driver's), and pull then push (the pulled rows wait for the answers).
 */

const folder = laptopsFolder('rinkside-restore-');
const fresh = folder.fresh;

const player = (playerId: number, name: string) => ({
  playerId,
  player: { name, position: 'D', dateOfBirth: '2006-01-02' },
});

/** Everything of the scout's the views read, in a form to compare. */
async function everything(lists: ListsClient) {
  const all = await lists.lists();
  const entries = await Promise.all(
    all.map(async (l) =>
      (await lists.listEntries(l.id, { sort: 'name' }, SRC)).data.map((e) => [e.name, e.rating, e.note]),
    ),
  );
  const boards = await Promise.all((await lists.boards()).map((b) => lists.board(b.id)));
  return {
    lists: all.map((l, i) => [l.uid, l.name, l.shared, entries[i]]),
    reports: (await lists.reports({}, SRC)).map((r) => [r.uid, r.status, r.notes]),
    boards: boards.map((d) => [d.board.uid, d.board.name, d.board.tiers, d.entries.map((e) => [e.name, e.tier])]),
  };
}

/** Pushes what waits and acknowledges it; returns the answers. */
async function push(l: Laptop, server: RecordedServer) {
  const outcomes = server.push('anna', await outboxOf(l.lists));
  await l.lists.departmentAcknowledge(outcomes);
  return outcomes;
}

/** A laptop with changes before and after its backup, the later ones pushed; then the backup restored. */
async function restoredLaptop() {
  const l = await fresh();
  const server = new RecordedServer();
  await l.lists.departmentConfigure(setup('anna'));
  const watch = await l.lists.createList('Watch');
  const e = await l.lists.saveEntry({ listId: watch.id, ...player(1, 'Ville Koivu'), note: 'first' }, SRC);
  const report = await l.lists.saveReport(reportSave({ status: 'final', notes: 'first look' }), SRC);
  const board = await l.lists.createBoard('Main');
  await push(l, server);
  await l.lists.renameList(watch.id, 'Watch 2');
  const backup = await l.lists.backupNow(true);
  const inBackup = await outboxOf(l.lists);

  await l.lists.editEntry({ entryId: e.entryId, rating: 4, note: 'second' }, SRC);
  await l.lists.saveEntry({ listId: watch.id, ...player(2, 'Oskar Lind'), note: 'new' }, SRC);
  await l.lists.saveReport(reportSave({ id: report.id, status: 'final', notes: 'second look' }), SRC);
  const later = await l.lists.createList('Later');
  await l.lists.setListShared(later.id, true);
  await l.lists.addToBoard({ boardId: board.id, ...player(1, 'Ville Koivu'), tier: 0 }, SRC);
  const gone = await l.lists.createBoard('Gone');
  await l.lists.deleteBoard(gone.id);
  await push(l, server);
  const before = await everything(l.lists);
  const pushed = server.seen.size;

  await l.lists.restoreBackup(backup?.name as string);
  const status = await l.lists.departmentStatus();
  expect(status).toMatchObject({ cursor: CURSOR_START, waiting: inBackup.length });
  expect(await outboxOf(l.lists)).toEqual(inBackup);
  // The restored file lacks every change made after the backup.
  expect(await everything(l.lists)).not.toEqual(before);
  return { l, server, before, pushed };
}

describe('restoring a backup in a department', () => {
  it('push then pull: the backup’s outbox answered duplicate, the pull brings the rest; nothing lost, nothing twice', async () => {
    const { l, server, before, pushed } = await restoredLaptop();
    const outcomes = await push(l, server);
    expect(outcomes.map((o) => o.outcome)).toEqual(outcomes.map(() => 'duplicate'));
    expect(server.seen.size).toBe(pushed);
    const applied = await l.lists.departmentApply(server.pages(), server.cursor());
    expect(applied.skipped).toBe(0);
    expect(await everything(l.lists)).toEqual(before);
    expect(await l.lists.departmentStatus()).toMatchObject({ waiting: 0, refused: [], cursor: server.cursor() });
    // Nothing is queued again: the laptop is as it was before the restore.
    expect(await outboxOf(l.lists)).toEqual([]);
    await l.lists.close();
  });

  it('pull then push: the pulled rows of records with a change waiting wait for its answer, then are written', async () => {
    const { l, server, before, pushed } = await restoredLaptop();
    const applied = await l.lists.departmentApply(server.pages(), server.cursor());
    expect(applied.deferred).toBeGreaterThan(0);
    const outcomes = await push(l, server);
    expect(outcomes.map((o) => o.outcome)).toEqual(outcomes.map(() => 'duplicate'));
    expect(server.seen.size).toBe(pushed);
    expect(await everything(l.lists)).toEqual(before);
    expect(await outboxOf(l.lists)).toEqual([]);
    await l.lists.close();
  });
});
