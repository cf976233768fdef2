import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Change, StateOf } from '../../../../shared/department/changes.ts';
import type { BoardVersionRow, FeedPage } from '../../../../shared/department/feed.ts';
import { reportSave } from '../fixtures.ts';
import { type Laptop, laptopsFolder, outboxOf, RecordedServer, SRC, setup } from './laptop.ts';

/**
 * Who saved each of a board's versions, through the real lists worker: a version pulled from the
 * department names its author as the department shows him (the name on his newest report), the scout's
 * own, saved here or pulled from his other laptop, name nobody.
 */

const folder = laptopsFolder('rinkside-version-author-');
const player = (playerId: number, name: string) => ({
  playerId,
  player: { name, position: 'C', dateOfBirth: '2007-03-14' },
});

/**
 * Saves version `label` of board `boardId` on `l` and pushes everything waiting as login `owner`; returns
 * the server's row of that version, as a pull hands it out.
 */
async function saveAndPush(
  l: Laptop,
  owner: string,
  server: RecordedServer,
  board: { id: number; uid: string },
  label: string,
): Promise<BoardVersionRow> {
  await l.lists.saveBoardVersion(board.id, label);
  const changes = await outboxOf(l.lists);
  await l.lists.departmentAcknowledge(server.push(owner, changes));
  const saved = changes.find((c) => c.kind === 'board' && (c.state as StateOf<'board'>).label === label) as Change;
  const state = saved.state as StateOf<'board'>;
  return {
    id: randomUUID(),
    boardId: board.uid,
    rev: saved.changeId,
    author: owner,
    base: null,
    tiers: state.tiers,
    entries: state.entries,
    label,
    xid: '5000',
    committedAt: '2026-11-02T10:00:00.000Z',
  };
}

describe("a board's versions say who saved them", () => {
  it("a colleague's pulled version names him; the scout's own (here or from his other laptop) name nobody", async () => {
    const server = new RecordedServer();
    const bob = await folder.fresh();
    await bob.lists.departmentConfigure(setup('bob', 'Bob Lindqvist'));
    await bob.lists.saveReport(reportSave({ status: 'final', notes: 'seen' }), SRC);
    const board = await bob.lists.createBoard('2027 draft');
    await bob.lists.addToBoard({ boardId: board.id, ...player(1, 'Aleksi Virta'), tier: 0 }, SRC);
    const bobs = await saveAndPush(bob, 'bob', server, board, 'After the combine');

    const anna = await folder.fresh();
    await anna.lists.departmentConfigure(setup('anna'));
    const own = await anna.lists.createBoard('Anna board');
    await anna.lists.addToBoard({ boardId: own.id, ...player(2, 'Jonas Berg'), tier: 0 }, SRC);
    const annas = await saveAndPush(anna, 'anna', server, own, 'Before the combine');

    const versions: FeedPage = { table: 'board_versions', rows: [bobs, annas] };
    const pulled = await folder.fresh();
    await pulled.lists.departmentConfigure(setup('anna'));
    const result = await pulled.lists.departmentApply([...server.pages(), versions], server.cursor());
    expect(result.skipped).toBe(0);
    const boards = await pulled.lists.boards();
    const of = async (uid: string) => {
      const id = boards.find((b) => b.uid === uid)?.id as number;
      return (await pulled.lists.board(id)).versions.map((v) => [v.label, v.savedAt, v.savedBy]);
    };
    expect(await of(board.uid)).toEqual([['After the combine', '2026-11-02T10:00:00.000Z', 'Bob Lindqvist']]);
    expect(await of(own.uid)).toEqual([['Before the combine', '2026-11-02T10:00:00.000Z', '']]);
    // On the laptop that saved it, the version is the scout's own too.
    expect((await anna.lists.board(own.id)).versions.map((v) => [v.label, v.savedBy])).toEqual([
      ['Before the combine', ''],
    ]);
    for (const l of [bob, anna, pulled]) await l.lists.close();
  });
});
