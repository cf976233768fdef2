import { describe, expect, it } from 'vitest';
import type { ListsClient } from '../../../store/index.ts';
import { laptopsFolder, SRC } from '../store/department/laptop.ts';
import { DIRECTOR_D, DIRECTOR_E, departmentPerFile } from './department.ts';
import { departmentLaptop } from './sync-round.ts';

/**
 * Two directors who make the department board while both are offline, against a real PostgreSQL
 * (department.ts): the department still has one board. The push the server commits last is shown on both
 * laptops; the other director's board is kept as a conflict for him, and keeping it makes it the board again
 * on both. (The department's one board is one record: store/lists/department/department-board.ts.)
 */

const dep = departmentPerFile();
const laptops = laptopsFolder('rinkside-department-board-offline-');

/** The department boards of a laptop: name and players in order. */
async function departmentBoards(lists: ListsClient) {
  const out: [string, string[]][] = [];
  for (const b of (await lists.boards()).filter((x) => x.kind === 'department'))
    out.push([b.name, (await lists.board(b.id)).entries.map((e) => e.name)]);
  return out;
}

describe('the department board made by two directors offline', () => {
  it('is one board: the last push shown on both, the other kept as a conflict for its director to keep', async () => {
    const d = await departmentLaptop(dep, laptops, DIRECTOR_D, { scoutName: 'Dana Ruiz', director: true });
    const e = await departmentLaptop(dep, laptops, DIRECTOR_E, { scoutName: 'Eli Park', director: true });
    const onD = await d.lists.createBoard('Dana’s cut', 'department');
    await d.lists.addToBoard({ boardId: onD.id, playerId: 41, player: { name: 'Dana Pick' } }, SRC);
    const onE = await e.lists.createBoard('Eli’s cut', 'department');
    await e.lists.addToBoard({ boardId: onE.id, playerId: 42, player: { name: 'Eli Pick' } }, SRC);
    expect(onE.uid).toBe(onD.uid);

    await d.sync();
    await e.sync();
    await d.sync();
    const server = await dep.admin.query("SELECT id, owner, name FROM rinkside.boards WHERE kind = 'department'");
    expect(server.rows).toEqual([{ id: onD.uid, owner: DIRECTOR_E, name: 'Eli’s cut' }]);
    for (const l of [d, e]) expect(await departmentBoards(l.lists)).toEqual([['Eli’s cut', ['Eli Pick']]]);
    const conflicts = await d.lists.departmentConflicts();
    expect(conflicts.map((c) => [c.kind, c.recordId, (c.state as { name: string }).name])).toEqual([
      ['board', onD.uid, 'Dana’s cut'],
    ]);
    expect(await e.lists.departmentConflicts()).toEqual([]);

    await d.lists.departmentResolveConflict(conflicts[0]?.id as string, 'keep');
    await d.sync();
    await e.sync();
    for (const l of [d, e]) {
      expect(await departmentBoards(l.lists)).toEqual([['Dana’s cut', ['Dana Pick']]]);
      expect(await l.lists.departmentConflicts()).toEqual([]);
      expect(await l.lists.departmentStatus()).toMatchObject({ waiting: 0, refused: [] });
    }
    const after = await dep.admin.query("SELECT owner, name FROM rinkside.boards WHERE kind = 'department'");
    expect(after.rows).toEqual([{ owner: DIRECTOR_D, name: 'Dana’s cut' }]);
    for (const l of [d, e]) await l.lists.close();
  });
});
