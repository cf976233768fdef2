import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Change, ReportState } from '../../../../shared/department/changes.ts';
import type { ConflictRow, FeedPage, FeedRecord } from '../../../../shared/department/feed.ts';
import { mergeBoards } from '../../../../shared/domain/boards-merge.ts';
import { StoreError } from '../../../../store/index.ts';
import { reportSave } from '../fixtures.ts';
import { type Laptop, laptopsFolder, outboxOf, RecordedServer, SRC, setup } from './laptop.ts';

/**
 * Applying a pull through the real lists worker. A colleague's laptop (a second lists file, its outbox
 * pushed to a recorded server) shares a list, a report and a board; the scout's laptop applies what the
 * server holds: the colleague's records land read-only with his login and name, every change to them is
 * refused naming `id`, the merged board and a player's reports read them as they read imported ones. Rows
 * a colleague's laptop got wrong are skipped and counted; a row applied twice changes nothing; withdrawn
 * copies go; the scout's own records from his other laptop wait while a change of his is queued.
 */

const player = (playerId: number, name: string, dateOfBirth = '2007-03-14') => ({
  playerId,
  player: { name, position: 'C', dateOfBirth },
});

const folder = laptopsFolder('rinkside-apply-');
const fresh = folder.fresh;

/** Pushes everything waiting on `l` (as login `owner`) to `server` and acknowledges it. */
async function pushAll(l: Laptop, owner: string, server: RecordedServer): Promise<void> {
  const changes = await outboxOf(l.lists);
  await l.lists.departmentAcknowledge(server.push(owner, changes));
}

/** Bob's laptop: a shared list of two players, a private list, a final report and a board, all pushed. */
async function bobShares(server: RecordedServer) {
  const bob = await fresh();
  await bob.lists.departmentConfigure(setup('bob', 'Bob Lindqvist'));
  const list = await bob.lists.createList('Top prospects');
  await bob.lists.setListShared(list.id, true);
  await bob.lists.saveEntry({ listId: list.id, ...player(1, 'Aleksi Virta'), rating: 5, note: 'elite' }, SRC);
  await bob.lists.saveEntry({ listId: list.id, ...player(2, 'Jonas Berg'), rating: 3, note: '' }, SRC);
  await bob.lists.createList('Bob private');
  const report = await bob.lists.saveReport(reportSave({ status: 'final', notes: 'Bob saw him' }), SRC);
  const board = await bob.lists.createBoard('2027 draft');
  await bob.lists.addToBoard({ boardId: board.id, ...player(1, 'Aleksi Virta'), tier: 0 }, SRC);
  await bob.lists.addToBoard({ boardId: board.id, ...player(2, 'Jonas Berg'), tier: 1 }, SRC);
  await pushAll(bob, 'bob', server);
  return { bob, list, report, board };
}

/** A server's pages as a colleague may read them: Bob's private list left out, as row-level security does. */
const readable = (server: RecordedServer): FeedPage[] =>
  server
    .pages()
    .map((p) => (p.table === 'lists' ? { ...p, rows: p.rows.filter((r) => r.state.shared || r.owner !== 'bob') } : p));

describe("a colleague's records", () => {
  it('land read-only, with his login and name, and every change to them is refused naming id', async () => {
    const server = new RecordedServer();
    const { bob, list, report, board } = await bobShares(server);
    const anna = await fresh();
    await anna.lists.departmentConfigure(setup('anna'));
    const applied = await anna.lists.departmentApply(readable(server), server.cursor());
    expect(applied).toEqual({ applied: 5, unchanged: 0, deferred: 0, skipped: 0, problems: [] });
    expect((await anna.lists.departmentStatus()).cursor).toBe(server.cursor());

    const lists = await anna.lists.lists();
    expect(lists.map((l) => [l.uid, l.name, l.owner, l.scout, l.shared, l.readOnly, l.entryCount])).toEqual([
      [list.uid, 'Top prospects', 'bob', 'Bob Lindqvist', true, true, 2],
    ]);
    const theirs = lists[0]?.id as number;
    const page = await anna.lists.listEntries(theirs, { sort: 'name' }, SRC);
    expect(page.data.map((e) => [e.name, e.rating, e.note])).toEqual([
      ['Aleksi Virta', 5, 'elite'],
      ['Jonas Berg', 3, ''],
    ]);
    const reports = await anna.lists.reports({ playerId: 7 }, SRC);
    expect(reports.map((r) => [r.uid, r.scout, r.owner, r.status, r.readOnly, r.notes])).toEqual([
      [report.uid, 'Bob Lindqvist', 'bob', 'final', true, 'Bob saw him'],
    ]);
    const boards = await anna.lists.boards();
    expect(boards.map((b) => [b.uid, b.name, b.scout, b.readOnly])).toEqual([
      [board.uid, '2027 draft', 'Bob Lindqvist', true],
    ]);

    const refusals: [string, Promise<unknown>][] = [
      ['rename', anna.lists.renameList(theirs, 'Mine now')],
      ['share', anna.lists.setListShared(theirs, false)],
      ['delete list', anna.lists.deleteList(theirs)],
      ['entry', anna.lists.saveEntry({ listId: theirs, ...player(3, 'New Guy'), note: 'x' }, SRC)],
      ['edit', anna.lists.editEntry({ entryId: page.data[0]?.entryId as number, note: 'x' }, SRC)],
      ['remove', anna.lists.removeEntry(page.data[0]?.entryId as number)],
      ['report', anna.lists.saveReport(reportSave({ id: reports[0]?.id, status: 'final', notes: 'x' }), SRC)],
      ['delete report', anna.lists.deleteReport(reports[0]?.id as number)],
      ['board', anna.lists.addToBoard({ boardId: boards[0]?.id as number, ...player(3, 'New Guy') }, SRC)],
      ['delete board', anna.lists.deleteBoard(boards[0]?.id as number)],
      ['version', anna.lists.saveBoardVersion(boards[0]?.id as number, 'mine')],
    ];
    for (const [what, p] of refusals) {
      const err = await p.then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, what).toBeInstanceOf(StoreError);
      expect((err as StoreError).code, what).toBe('ListInputError');
      expect((err as StoreError).key, what).toMatch(/^(id|listId|entryId|boardId)$/);
      expect((err as StoreError).message, what).toMatch(/Bob Lindqvist’s; only its owner can change it/);
    }
    expect(await outboxOf(anna.lists)).toEqual([]);
    // Where Anna stars players are her own lists: Bob's players are no stars of hers.
    expect(await anna.lists.listedPlayers(SRC)).toEqual([]);
    expect(await anna.lists.listsOfPlayer(1, SRC)).toEqual([]);

    // Anna's own board beside Bob's, merged as imported boards are: one row per player, by mean rank.
    const mine = await anna.lists.createBoard('Anna board');
    await anna.lists.addToBoard({ boardId: mine.id, ...player(2, 'Jonas Berg'), tier: 0 }, SRC);
    const details = await Promise.all([mine.id, boards[0]?.id as number].map((id) => anna.lists.board(id)));
    const merged = mergeBoards(details.map((d) => ({ label: d.board.scout || 'You', entries: d.entries })));
    expect(merged.map((r) => [r.name, r.ranks, r.mean])).toEqual([
      ['Aleksi Virta', [null, 1], 1],
      ['Jonas Berg', [1, 2], 1.5],
    ]);

    // The same pages again change nothing.
    expect(await anna.lists.departmentApply(readable(server), server.cursor())).toMatchObject({
      applied: 0,
      unchanged: 5,
    });
    await bob.lists.close();
    await anna.lists.close();
  });

  it('go when withdrawn or deleted; a report taken back stays, marked retracted and never final', async () => {
    const server = new RecordedServer();
    const { bob, list, report } = await bobShares(server);
    const anna = await fresh();
    await anna.lists.departmentConfigure(setup('anna'));
    await anna.lists.departmentApply(readable(server), server.cursor());
    await bob.lists.saveReport(reportSave({ id: report.id, status: 'draft', notes: 'draft again' }), SRC);
    await bob.lists.deleteBoard((await bob.lists.boards())[0]?.id as number);
    await pushAll(bob, 'bob', server);
    const withdrawal: FeedPage = {
      table: 'withdrawals',
      rows: [{ id: randomUUID(), kind: 'list', recordId: list.uid, owner: 'bob', xid: '5000' }],
    };
    expect(await anna.lists.departmentApply([...readable(server), withdrawal], '5001')).toMatchObject({ skipped: 0 });
    expect(await anna.lists.lists()).toEqual([]);
    expect(await anna.lists.boards()).toEqual([]);
    const [r] = await anna.lists.reports({}, SRC);
    expect(r).toMatchObject({
      uid: report.uid,
      status: 'draft',
      retracted: true,
      readOnly: true,
      notes: 'Bob saw him',
    });
    await bob.lists.close();
    await anna.lists.close();
  });
});

describe('rows a colleague’s laptop got wrong', () => {
  it('are skipped and counted, naming the row and the field; the rest of the pull is applied', async () => {
    const server = new RecordedServer();
    const { bob } = await bobShares(server);
    const anna = await fresh();
    await anna.lists.departmentConfigure(setup('anna'));
    const pages = readable(server);
    const reports = pages[0] as Extract<FeedPage, { table: 'reports' }>;
    const good = reports.rows[0] as FeedRecord<'report'>;
    const badGrade = {
      ...good,
      id: randomUUID(),
      state: { ...good.state, body: { ...good.state.body, grades: { skating: 11 } } },
    };
    const entry = (pages[2] as Extract<FeedPage, { table: 'list_entries' }>).rows[0] as FeedRecord<'entry'>;
    const orphan = { ...entry, id: randomUUID(), state: { ...entry.state, listId: randomUUID() } };
    const wrong: FeedPage[] = [
      { table: 'reports', rows: [badGrade, { ...good, id: 'not-a-uuid' }] },
      { table: 'list_entries', rows: [orphan] },
      { table: 'nonsense', rows: [{ id: 'x' }] } as unknown as FeedPage,
    ];
    // A pull in two calls: the cursor is kept by the last one only.
    const first = await anna.lists.departmentApply(wrong, null);
    expect((await anna.lists.departmentStatus()).cursor).toBe('0');
    const r = await anna.lists.departmentApply(pages, server.cursor());
    r.skipped += first.skipped;
    r.problems.unshift(...first.problems);
    expect(r.applied).toBe(5);
    expect(r.skipped).toBe(4);
    expect(r.problems).toEqual([
      `reports ${badGrade.id}: state.body.grades.skating: a grade from 1 to 10`,
      'reports not-a-uuid: id: Invalid UUID',
      `list_entries ${orphan.id}: its list ${orphan.state.listId} is not on this computer`,
      'nonsense x: no table nonsense in the feed',
    ]);
    expect((await anna.lists.departmentStatus()).cursor).toBe(server.cursor());
    await bob.lists.close();
    await anna.lists.close();
  });
});

describe("the scout's own records from the server", () => {
  it('come from his other laptop as his own; with a change of his waiting they wait for its answer', async () => {
    const server = new RecordedServer();
    const one = await fresh();
    await one.lists.departmentConfigure(setup('anna'));
    const list = await one.lists.createList('Watch');
    await pushAll(one, 'anna', server);
    const two = await fresh();
    await two.lists.departmentConfigure(setup('anna'));
    await two.lists.departmentApply(server.pages(), server.cursor());
    const [copy] = await two.lists.lists();
    expect(copy).toMatchObject({ uid: list.uid, owner: 'anna', readOnly: false, scout: '' });

    // Laptop two renames it (queued); laptop one renames it too and pushes first.
    await two.lists.renameList(copy?.id as number, 'Watch (two)');
    await one.lists.renameList(list.id, 'Watch (one)');
    await pushAll(one, 'anna', server);
    const pulled = await two.lists.departmentApply(server.pages(), server.cursor());
    expect(pulled).toMatchObject({ deferred: 1, applied: 0 });
    expect((await two.lists.lists()).map((l) => l.name)).toEqual(['Watch (two)']);
    // Its push answered duplicate with the other laptop's rev (as a restored laptop's would be): the kept
    // row is the server's state, and is written now.
    const [queued] = await outboxOf(two.lists);
    const oneRev = server.records.get(`list:${list.uid}`)?.rev as string;
    server.seen.add((queued as Change).changeId);
    const ack = await two.lists.departmentAcknowledge([
      { changeId: (queued as Change).changeId, outcome: 'duplicate', rev: oneRev, reason: 'first answered: applied' },
    ]);
    expect(ack).toEqual({ removed: 1, refused: 0, unknown: 0, repull: false });
    expect((await two.lists.lists()).map((l) => l.name)).toEqual(['Watch (one)']);
    await one.lists.close();
    await two.lists.close();
  });
});

describe('conflicts kept for the scout', () => {
  it('are listed, kept (queued on top of what the server shows) or dropped, and marked for the server', async () => {
    const server = new RecordedServer();
    const anna = await fresh();
    await anna.lists.departmentConfigure(setup('anna'));
    const r = await anna.lists.saveReport(reportSave({ status: 'final', notes: 'mine' }), SRC);
    await pushAll(anna, 'anna', server);
    const first = server.records.get(`report:${r.uid}`) as FeedRecord<'report'>;
    // The other laptop's state won on the server; this laptop's was kept as a conflict for its author.
    const other = randomUUID();
    const winner: FeedRecord<'report'> = {
      ...first,
      rev: other,
      xid: '9000',
      state: { ...first.state, body: { ...first.state.body, notes: 'from the other laptop' } } as ReportState,
    };
    const conflict = (state: ReportState, id = randomUUID()): ConflictRow => ({
      id,
      kind: 'report',
      recordId: r.uid,
      author: 'anna',
      changeId: first.rev,
      state,
      winner: other,
      resolved: false,
      xid: '9000',
      committedAt: '2026-11-02T10:00:00.000Z',
    });
    const kept = conflict(first.state);
    const dropped = conflict({ ...first.state, body: { ...first.state.body, notes: 'older' } });
    await anna.lists.departmentApply(
      [
        { table: 'reports', rows: [winner] },
        { table: 'conflicts', rows: [kept, dropped] },
      ],
      '9001',
    );
    expect((await anna.lists.reports({}, SRC)).map((x) => x.notes)).toEqual(['from the other laptop']);
    const open = await anna.lists.departmentConflicts();
    expect(open.map((c) => [c.id, c.title, c.resolution])).toEqual(
      expect.arrayContaining([
        [kept.id, 'Connor Bedard, 2026-11-20 Regina Pats–Moose Jaw Warriors', null],
        [dropped.id, 'Connor Bedard, 2026-11-20 Regina Pats–Moose Jaw Warriors', null],
      ]),
    );
    expect(await anna.lists.departmentResolveConflict(kept.id, 'keep')).toMatchObject({ resolution: 'keep' });
    expect(await anna.lists.departmentResolveConflict(dropped.id, 'drop')).toMatchObject({ resolution: 'drop' });
    expect(await anna.lists.departmentConflicts()).toEqual([]);
    expect((await anna.lists.reports({}, SRC)).map((x) => x.notes)).toEqual(['mine']);
    const [change] = await outboxOf(anna.lists);
    expect(change).toMatchObject({ kind: 'report', recordId: r.uid, base: other, state: first.state });
    expect((await anna.lists.departmentResolutions()).sort()).toEqual([kept.id, dropped.id].sort());
    await anna.lists.departmentResolutionsSent([kept.id, dropped.id]);
    expect(await anna.lists.departmentResolutions()).toEqual([]);
    expect(await anna.lists.departmentStatus()).toMatchObject({ conflicts: 0, resolutionsToSend: 0, waiting: 1 });
    await anna.lists.close();
  });
});
