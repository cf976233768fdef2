import { describe, expect, it } from 'vitest';
import { laptopsFolder, outboxOf, setup } from './laptop.ts';

/**
 * The laptop's side of a hand-over without a server (the server's side: test/unit/department/handover.test.ts):
 * work of a login set up before that was never sent is held, listed, and survives a move to another
 * department; it is queued again, once, when its login is set up again.
 */

const folder = laptopsFolder('rinkside-handover-store-');

describe('work of a login before, never sent', () => {
  it('is held for it, kept when the laptop moves to another department, and queued once for it again', async () => {
    const { lists } = await folder.fresh();
    await lists.departmentConfigure(setup('scout_a', 'Anna Berg'));
    const list = await lists.createList('Anna’s wingers');
    expect((await outboxOf(lists)).map((c) => [c.kind, c.recordId])).toEqual([['list', list.uid]]);

    await lists.departmentConfigure(setup('scout_b', 'Bo Ek'));
    const asB = await lists.departmentStatus();
    expect(asB).toMatchObject({ waiting: 0, refused: [] });
    expect(asB.notSent).toMatchObject([
      { owner: 'scout_a', kind: 'list', recordId: list.uid, title: 'Anna’s wingers' },
    ]);
    expect(await outboxOf(lists)).toEqual([]);

    // Another department: the held change goes with the old one's outbox, the list stays and is listed.
    await lists.departmentConfigure({ ...setup('scout_b', 'Bo Ek'), database: 'other' });
    const moved = await lists.departmentStatus();
    expect(moved.notSent).toMatchObject([{ owner: 'scout_a', kind: 'list', recordId: list.uid, madeAt: null }]);
    expect((await lists.lists()).map((l) => [l.uid, l.owner, l.readOnly])).toEqual([[list.uid, 'scout_a', true]]);

    // scout_a set up in that department: his list is his again and queued once.
    await lists.departmentConfigure({ ...setup('scout_a', 'Anna Berg'), database: 'other' });
    expect((await outboxOf(lists)).map((c) => [c.kind, c.recordId])).toEqual([['list', list.uid]]);
    expect((await lists.departmentStatus()).notSent).toEqual([]);
    expect((await lists.lists()).map((l) => l.readOnly)).toEqual([false]);
  });

  it('restored from a backup the login before took, is held for it, never made the new login’s', async () => {
    const { lists } = await folder.fresh();
    await lists.departmentConfigure(setup('scout_a', 'Anna Berg'));
    const list = await lists.createList('Anna’s wingers');
    const backup = await lists.backupNow(true);
    await lists.departmentConfigure(setup('scout_b', 'Bo Ek'));
    await lists.restoreBackup(backup?.name as string);
    const status = await lists.departmentStatus();
    expect(status).toMatchObject({ identity: { user: 'scout_b' }, waiting: 0, refused: [] });
    expect(status.notSent).toMatchObject([{ owner: 'scout_a', kind: 'list', recordId: list.uid }]);
    expect((await lists.lists()).map((l) => [l.uid, l.owner, l.readOnly])).toEqual([[list.uid, 'scout_a', true]]);
  });
});
