import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { StoreError } from '../../../../store/index.ts';
import { migration as V1 } from '../../../../store/lists/schema/migrations/01-lists.ts';
import { migration as V2 } from '../../../../store/lists/schema/migrations/02-league-factors.ts';
import { migration as V3 } from '../../../../store/lists/schema/migrations/03-reports-boards.ts';
import { reportSave } from '../fixtures.ts';
import { laptop, laptopsFolder, outboxOf, rowsOf, SRC, setup } from './laptop.ts';

/**
 * The model sync needs, in the lists file and in `rinkside-lists` files: a file of version 3 (as the
 * earlier version wrote it) opens upgraded in place, every list, entry and board given a UUID of its own
 * and everything else kept; a file exported by a scout in a department carries the ids (version 4) and
 * keeps them when he imports it back, while anyone else's import gives the records ids of their own.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const folder = laptopsFolder('rinkside-model-');
const fresh = folder.fresh;

describe('a lists file of version 3', () => {
  it('opens upgraded in place: a UUID for every list, entry and board, everything else as it was', async () => {
    const dir = join(folder.dir(), 'upgraded');
    await mkdir(dir, { recursive: true });
    const file = join(dir, 'lists.sqlite');
    const db = new DatabaseSync(file);
    for (const m of [V1, V2, V3]) db.exec(m.sql);
    db.exec(`PRAGMA user_version = 3;
      INSERT INTO lists_meta (key, value) VALUES ('schemaVersion', '3');
      INSERT INTO scouting_lists (id, name, createdAt, updatedAt) VALUES
        (1, 'Goalies', '2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'),
        (2, 'Forwards', '2026-01-01T00:00:00Z', '2026-01-03T00:00:00Z');
      INSERT INTO scouting_list_entries (listId, source, playerId, playerName, rating, note, addedAt, updatedAt) VALUES
        (1, '${SRC}', 30, 'Ken Dryden', 5, 'calm', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
        (2, '${SRC}', 8, 'Teemu Selänne', 4, 'release', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
        (2, '${SRC}', 9, 'Mike Bossy', NULL, '', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
      INSERT INTO scouting_reports (uid, source, playerId, playerName, gameDate, kind, grades, status, createdAt, updatedAt)
        VALUES ('5b0c7f5e-4d0a-4a6e-8f4c-0f7e2d1f6a11', '${SRC}', 8, 'Teemu Selänne', '2026-01-05', 'skater',
          '{"skating":9}', 'final', '2026-01-05T00:00:00Z', '2026-01-05T00:00:00Z');
      INSERT INTO draft_boards (id, name, scout, tiers, createdAt, updatedAt) VALUES
        (1, 'Main', '', '["A","B"]', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z'),
        (2, 'Main', 'Dirk', '["A"]', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
      INSERT INTO draft_board_entries (boardId, source, playerId, playerName, rank, tier, noInterest) VALUES
        (1, '${SRC}', 8, 'Teemu Selänne', 1, 0, 0), (1, '${SRC}', 9, 'Mike Bossy', 2, 1, 0);
      INSERT INTO draft_board_versions (boardId, label, savedAt, entries) VALUES (1, 'v1', '2026-01-02T00:00:00Z', '[]');`);
    db.close();

    const l = await laptop(dir);
    expect((await l.lists.safety()).notice).toBeNull();
    const lists = await l.lists.lists();
    expect(lists.map((x) => [x.name, x.entryCount, x.owner, x.shared])).toEqual([
      ['Forwards', 2, '', false],
      ['Goalies', 1, '', false],
    ]);
    const boards = await l.lists.boards();
    expect(boards.map((b) => [b.name, b.scout, b.players, b.kind])).toEqual([
      ['Main', '', 2, 'scout'],
      ['Main', 'Dirk', 0, 'scout'],
    ]);
    const main = await l.lists.board(boards[0]?.id as number);
    expect(main.entries.map((e) => [e.name, e.tier])).toEqual([
      ['Teemu Selänne', 0],
      ['Mike Bossy', 1],
    ]);
    expect(main.versions.map((v) => v.label)).toEqual(['v1']);
    expect((await l.lists.reports({}, SRC)).map((r) => [r.uid, r.notes, r.grades])).toEqual([
      ['5b0c7f5e-4d0a-4a6e-8f4c-0f7e2d1f6a11', '', { skating: 9 }],
    ]);
    await l.lists.close();

    const uids = [
      ...rowsOf<{ uid: string }>(file, 'SELECT uid FROM scouting_lists'),
      ...rowsOf<{ uid: string }>(file, 'SELECT uid FROM scouting_list_entries'),
      ...rowsOf<{ uid: string }>(file, 'SELECT uid FROM draft_boards'),
    ].map((r) => r.uid);
    expect(uids).toHaveLength(7);
    for (const u of uids) expect(u).toMatch(UUID);
    expect(new Set(uids).size).toBe(7);
    expect(rowsOf(file, "SELECT value FROM lists_meta WHERE key = 'schemaVersion'")).toEqual([{ value: '6' }]);
  });
});

describe('a rinkside-lists file of a scout in a department', () => {
  it('carries the ids (version 4); his own import keeps them, another scout’s makes new ones', async () => {
    const a = await fresh();
    await a.lists.departmentConfigure(setup('anna', 'Anna'));
    await a.lists.setScoutingPrefs({ scoutName: 'Anna L.', minViewings: 3 });
    const list = await a.lists.createList('Watch');
    await a.lists.saveEntry({ listId: list.id, playerId: 3, player: { name: 'Ville Koivu' }, note: 'n' }, SRC);
    const board = await a.lists.createBoard('Main');
    const report = await a.lists.saveReport(reportSave({ status: 'final' }), SRC);
    const text = await a.lists.exportLists(null, 'Rinkside test');
    const doc = JSON.parse(text);
    expect(doc).toMatchObject({ version: 4, owner: 'anna', scout: 'Anna L.' });
    expect(doc.lists[0].uid).toBe(list.uid);
    expect(doc.lists[0].entries[0].uid).toMatch(UUID);
    expect(doc.boards[0].uid).toBe(board.uid);
    expect(doc.reports[0].uid).toBe(report.uid);

    // Anna's new laptop, in the department as anna: the same records, the same ids, queued as they are.
    const again = await fresh();
    await again.lists.departmentConfigure(setup('anna', 'Anna'));
    await again.lists.importLists(text);
    expect((await again.lists.lists()).map((x) => x.uid)).toEqual([list.uid]);
    expect((await again.lists.boards()).map((x) => x.uid)).toEqual([board.uid]);
    expect((await again.lists.reports({}, SRC)).map((x) => x.uid)).toEqual([report.uid]);
    expect((await outboxOf(again.lists)).map((c) => [c.kind, c.recordId])).toEqual([
      ['list', list.uid],
      ['entry', doc.lists[0].entries[0].uid],
      ['report', report.uid],
      ['board', board.uid],
    ]);
    expect(JSON.parse(await again.lists.exportLists(null, 'Rinkside test')).lists).toEqual(doc.lists);

    // Bob imports it into his own lists: new ids, so his records never claim Anna's on the server.
    const bob = await fresh();
    await bob.lists.departmentConfigure(setup('bob'));
    await bob.lists.importLists(text);
    const [bobs] = await bob.lists.lists();
    expect(bobs?.uid).toMatch(UUID);
    expect(bobs?.uid).not.toBe(list.uid);
    expect((await bob.lists.boards()).map((b) => [b.scout, b.uid === board.uid])).toEqual([['Anna L.', false]]);
    // Unnamed, the file is still Anna's: her login names her board and report.
    const unnamed = await fresh();
    await unnamed.lists.departmentConfigure(setup('bob'));
    await unnamed.lists.importLists(JSON.stringify({ ...doc, scout: '' }));
    expect((await unnamed.lists.boards()).map((b) => b.scout)).toEqual(['anna']);
    expect((await unnamed.lists.reports({}, SRC)).map((r) => r.scout)).toEqual(['anna']);
    await unnamed.lists.close();
    for (const l of [a, again, bob]) await l.lists.close();
  });

  it('is refused when a file older than version 4 carries its ids, naming the place', async () => {
    const l = await fresh();
    const doc = {
      format: 'rinkside-lists',
      version: 3,
      exportedAt: '2026-11-25T13:47:00.000Z',
      app: 'x',
      lists: [
        {
          uid: '0f8b2c1e-3a4d-4e5f-8a6b-7c8d9e0f1a2b',
          name: 'L',
          createdAt: '2026-11-25T13:47:00.000Z',
          updatedAt: '2026-11-25T13:47:00.000Z',
          entries: [],
        },
      ],
    };
    const err = await l.lists.importLists(JSON.stringify(doc)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).message).toBe('lists[0].uid: comes with version 4 of the format (list “L”).');
    await l.lists.close();
  });
});
