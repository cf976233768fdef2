import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BoardEntry } from '../../../shared/domain/boards.ts';
import { compareVersions } from '../../../shared/domain/boards.ts';
import { type ListsClient, openListsClient, StoreError } from '../../../store/index.ts';
import { migration as LISTS_V1 } from '../../../store/lists/schema/migrations/01-lists.ts';
import { reportSave as report } from './fixtures.ts';

/**
 * Scouting reports and draft boards in the lists' file, through the real lists worker: a draft saved and
 * finished, reports found by search and sorted, a board reordered whole and its dated versions compared,
 * everything still there after the file is closed and opened again, and the `rinkside-lists` version 2
 * file carrying them to another store and back.
 */

let root: string;
let n = 0;
const SRC = 'embedded:reports-test';

async function open(dir: string): Promise<ListsClient> {
  return openListsClient({
    file: join(dir, 'lists.sqlite'),
    backupsDir: join(dir, 'backups'),
    cacheFile: join(dir, 'cache.sqlite'),
    record: null,
  });
}
async function fresh(): Promise<{ dir: string; lists: ListsClient }> {
  const dir = join(root, `store-${++n}`);
  await mkdir(dir, { recursive: true });
  return { dir, lists: await open(dir) };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rinkside-reports-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function refusal(p: Promise<unknown>): Promise<StoreError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StoreError);
  return err as StoreError;
}

describe('a lists file of the version before reports', () => {
  it('opens upgraded: its lists and notes kept, reports and boards added beside them', async () => {
    const dir = join(root, `store-${++n}`);
    await mkdir(dir, { recursive: true });
    const file = join(dir, 'lists.sqlite');
    // The file as the earlier version wrote it: schema 1 only (its migration's SQL, run here by the test).
    const db = new DatabaseSync(file);
    db.exec(LISTS_V1.sql);
    db.exec('PRAGMA user_version = 1');
    db.exec(
      "INSERT INTO scouting_lists (id, name, createdAt, updatedAt) VALUES (1, 'Top prospects', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')",
    );
    db.exec(
      `INSERT INTO scouting_list_entries (listId, source, playerId, playerName, rating, note, addedAt, updatedAt)
       VALUES (1, '${SRC}', 7, 'Connor Bedard', 5, 'Generational release', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
    );
    db.close();
    const lists = await open(dir);
    expect((await lists.lists()).map((l) => [l.name, l.entryCount])).toEqual([['Top prospects', 1]]);
    const page = await lists.listEntries(1, {}, SRC);
    expect(page.data.map((e) => [e.name, e.rating, e.note])).toEqual([['Connor Bedard', 5, 'Generational release']]);
    expect((await lists.saveReport(report(), SRC)).status).toBe('draft');
    expect((await lists.createBoard('2027 draft')).tiers).toEqual(['A', 'B', 'C']);
    await lists.close();
    const check = new DatabaseSync(file);
    expect(check.prepare('PRAGMA user_version').get()).toEqual({ user_version: 6 });
    check.close();
  });
});

describe('scouting reports', () => {
  it('keeps a draft, finishes it later, and finds it after the file is opened again', async () => {
    const { dir, lists } = await fresh();
    const draft = await lists.saveReport(report(), SRC);
    expect(draft).toMatchObject({ status: 'draft', playerName: 'Connor Bedard', source: SRC, scout: '' });
    expect(draft.uid).toMatch(/^[0-9a-f-]{36}$/);
    await lists.close();

    const again = await open(dir);
    const [kept] = await again.reports({ playerId: 7 }, SRC);
    expect(kept).toEqual(draft);
    // A final report must name the game and grade an area: the refusal names the field.
    const noGame = await refusal(
      again.saveReport(report({ id: draft.id, homeTeam: '', awayTeam: '', status: 'final' }), SRC),
    );
    expect([noGame.code, noGame.key]).toEqual(['ListInputError', 'homeTeam']);
    const noGrade = await refusal(
      again.saveReport(report({ id: draft.id, grades: { skating: null }, status: 'final' }), SRC),
    );
    expect(noGrade.key).toBe('grades');
    const half = await refusal(again.saveReport(report({ grades: { skating: 7.25 } }), SRC));
    expect(half.key).toBe('grades.skating');
    expect(half.message).toContain('half points');

    const done = await again.saveReport(
      report({ id: draft.id, score: '4-2', notes: 'Half a game seen; took over the third.', status: 'final' }),
      SRC,
    );
    expect(done).toMatchObject({
      id: draft.id,
      uid: draft.uid,
      status: 'final',
      score: '4-2',
      createdAt: draft.createdAt,
    });
    expect(await again.reports({}, SRC)).toHaveLength(1);
    await again.close();
  });

  it('searches every word across player, game and texts, sorts, and filters by player of the source in use', async () => {
    const { lists } = await fresh();
    await lists.saveReport(report({ gameDate: '2026-10-01', strengths: 'Élite release' }), SRC);
    await lists.saveReport(report({ gameDate: '2026-11-01', homeTeam: 'Brandon Wheat Kings' }), SRC);
    await lists.saveReport(
      report({ playerId: 9, player: { name: 'Ivan Demidov' }, gameDate: '2026-09-01', league: 'KHL', homeTeam: 'SKA' }),
      SRC,
    );
    await lists.saveReport(report({ gameDate: '2026-12-01' }), 'https://other.example/v1');
    const dates = (rs: { gameDate: string }[]) => rs.map((r) => r.gameDate);
    const all = await lists.reports({}, SRC);
    expect(dates(all)).toEqual([...dates(all)].sort().reverse());
    expect(dates(await lists.reports({ sort: 'gameDate', descending: false }, SRC))).toEqual([...dates(all)].sort());
    expect(dates(await lists.reports({ playerId: 7 }, SRC))).toEqual(['2026-11-01', '2026-10-01']);
    expect(dates(await lists.reports({ search: 'elite bedard' }, SRC))).toEqual(['2026-10-01']);
    expect(dates(await lists.reports({ search: 'ska khl' }, SRC))).toEqual(['2026-09-01']);
    const names = (await lists.reports({ sort: 'playerName', descending: false }, SRC)).map((r) => r.playerName);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const bad = await refusal(lists.reports({ sort: 'password' as 'gameDate' }, SRC));
    expect(bad.key).toBe('query.sort');
    await lists.close();
  });
});

const player = (id: number, name: string) => ({ playerId: id, player: { name, position: 'F', dateOfBirth: null } });

describe('draft boards', () => {
  it('adds players by tier, saves a new order whole, keeps dated versions and compares them', async () => {
    const { dir, lists } = await fresh();
    const board = await lists.createBoard('2027 draft');
    expect(board.tiers).toEqual(['A', 'B', 'C']);
    const dup = await refusal(lists.createBoard('2027 DRAFT'));
    expect(dup.key).toBe('name');
    await lists.addToBoard({ boardId: board.id, ...player(1, 'One'), tier: 1 }, SRC);
    await lists.addToBoard({ boardId: board.id, ...player(2, 'Two'), tier: 0 }, SRC);
    await lists.addToBoard({ boardId: board.id, ...player(3, 'Three') }, SRC);
    let d = await lists.addToBoard({ boardId: board.id, ...player(4, 'Four'), tier: 0 }, SRC);
    expect(d.entries.map((e) => [e.name, e.tier])).toEqual([
      ['Two', 0],
      ['Four', 0],
      ['One', 1],
      ['Three', 2],
    ]);
    d = await lists.saveBoardVersion(board.id, 'Before the combine');
    const key = (e: BoardEntry) => ({ source: e.source, playerId: e.playerId });
    const [two, four, one, three] = d.entries as [BoardEntry, BoardEntry, BoardEntry, BoardEntry];
    // Three to the top of A, Four to no interest, a tier renamed.
    d = await lists.saveBoard({
      id: board.id,
      tiers: ['Elite', 'B', 'C'],
      entries: [
        { ...key(three), tier: 0, noInterest: false },
        { ...key(two), tier: 0, noInterest: false },
        { ...key(one), tier: 1, noInterest: false },
        { ...key(four), tier: 0, noInterest: true },
      ],
    });
    expect(d.entries.map((e) => [e.name, d.board.tiers[e.tier], e.noInterest])).toEqual([
      ['Three', 'Elite', false],
      ['Two', 'Elite', false],
      ['One', 'B', false],
      ['Four', 'Elite', true],
    ]);
    const stranger = await refusal(
      lists.saveBoard({
        id: board.id,
        tiers: ['A'],
        entries: [{ source: SRC, playerId: 99, tier: 0, noInterest: false }],
      }),
    );
    expect(stranger.key).toBe('entries.0');
    d = await lists.saveBoardVersion(board.id, '');
    await lists.close();

    const again = await open(dir);
    const kept = await again.board(board.id);
    expect(kept).toEqual(d);
    expect(kept.versions.map((v) => v.label)).toEqual(['Saved', 'Before the combine']);
    const [now, before] = kept.versions as [(typeof kept.versions)[0], (typeof kept.versions)[0]];
    expect(compareVersions(before.entries, now.entries)).toEqual([
      { name: 'Three', before: { rank: 4, tier: 'C' }, after: { rank: 1, tier: 'Elite' }, moved: 3 },
      { name: 'Two', before: { rank: 1, tier: 'A' }, after: { rank: 2, tier: 'Elite' }, moved: -1 },
      { name: 'One', before: { rank: 3, tier: 'B' }, after: { rank: 3, tier: 'B' }, moved: 0 },
      { name: 'Four', before: { rank: 2, tier: 'A' }, after: null, moved: null },
    ]);
    await again.close();
  });
});

describe('reports and boards in a rinkside-lists file (version 2)', () => {
  it('travel to another store and back unchanged; an older board imported becomes a version, never the order', async () => {
    const a = await fresh();
    await a.lists.setScoutingPrefs({ scoutName: 'Ann Scout', minViewings: 2 });
    const r = await a.lists.saveReport(report({ status: 'final', projection: 'top-six-f' }), SRC);
    const board = await a.lists.createBoard('Main');
    await a.lists.addToBoard({ boardId: board.id, ...player(1, 'One') }, SRC);
    await a.lists.addToBoard({ boardId: board.id, ...player(2, 'Two'), tier: 0 }, SRC);
    await a.lists.saveBoardVersion(board.id, 'v1');
    const out = await a.lists.exportLists(null, 'Rinkside test');
    const doc = JSON.parse(out);
    expect(doc).toMatchObject({ version: 3, scout: 'Ann Scout' });
    expect(doc.reports[0]).toMatchObject({ uid: r.uid, scout: '', grades: r.grades, player: { id: 7, source: SRC } });
    expect(
      doc.boards[0].players.map((p: { player: { name: string }; tier: string }) => [p.player.name, p.tier]),
    ).toEqual([
      ['Two', 'A'],
      ['One', 'C'],
    ]);

    const b = await fresh();
    const first = await b.lists.importLists(out);
    expect(first).toMatchObject({ reportsAdded: 1, boardsAdded: 1 });
    // In B's store they are Ann's: her name on the report and the board.
    expect((await b.lists.reports({}, SRC))[0]).toMatchObject({ uid: r.uid, scout: 'Ann Scout', status: 'final' });
    expect((await b.lists.boards()).map((x) => [x.name, x.scout])).toEqual([['Main', 'Ann Scout']]);
    expect(await b.lists.importLists(out)).toMatchObject({
      reportsAdded: 0,
      reportsKept: 1,
      boardsAdded: 0,
      boardsKept: 1,
    });

    // Ann reorders after she exported; her older file imported back keeps her newer order, the file's as a version.
    const [two, one] = (await a.lists.board(board.id)).entries as [BoardEntry, BoardEntry];
    await a.lists.saveBoard({
      id: board.id,
      tiers: ['A', 'B', 'C'],
      entries: [one, two].map((e) => ({ source: e.source, playerId: e.playerId, tier: 0, noInterest: false })),
    });
    const back = await a.lists.importLists(out);
    expect(back).toMatchObject({ reportsKept: 1, boardsKept: 1, boardsAdded: 0 });
    const mine = await a.lists.board(board.id);
    expect(mine.entries.map((e) => e.name)).toEqual(['One', 'Two']);
    // Versions newest first by the time of their order: the file's order dates from before v1 was saved.
    expect(mine.versions.map((v) => v.label)).toEqual(['v1', expect.stringMatching(/^Imported, older \(/)]);
    expect(mine.versions[1]?.entries.map((e) => e.name)).toEqual(['Two', 'One']);

    // Her newer file replaces the order in B's store, B's older order kept as a dated version.
    const newer = await b.lists.importLists(await a.lists.exportLists(null, 'Rinkside test'));
    expect(newer).toMatchObject({ boardsUpdated: 1 });
    const hers = await b.lists.board((await b.lists.boards())[0]?.id as number);
    expect(hers.entries.map((e) => e.name)).toEqual(['One', 'Two']);
    expect(hers.versions.map((v) => v.label)).toContain(
      `Before the import of ${new Date().toISOString().slice(0, 10)}`,
    );
    await a.lists.close();
    await b.lists.close();
  });

  it('refuses a bad report or board naming its place, and imports nothing of the file', async () => {
    const { lists } = await fresh();
    const base = {
      format: 'rinkside-lists',
      version: 3,
      exportedAt: '2026-11-25T10:00:00.000Z',
      app: 'x',
      scout: 'Bo',
      lists: [],
    };
    const good = JSON.parse(
      JSON.stringify({
        ...report({ status: 'final' }),
        uid: 'abcdefgh-1',
        player: { source: SRC, id: 3, name: 'Ka', dateOfBirth: null, position: 'D' },
        scout: '',
        playerId: undefined,
        createdAt: '2026-11-25T10:00:00.000Z',
        updatedAt: '2026-11-25T10:00:00.000Z',
      }),
    );
    const bad = { ...good, uid: 'abcdefgh-2', grades: { skating: 11 } };
    const e1 = await refusal(lists.importLists(JSON.stringify({ ...base, reports: [good, bad] })));
    expect([e1.code, e1.key]).toEqual(['ListsFileError', 'reports[1].grades.skating']);
    const board = {
      name: 'B',
      scout: '',
      tiers: ['A'],
      createdAt: base.exportedAt,
      updatedAt: base.exportedAt,
      versions: [],
    };
    const e2 = await refusal(
      lists.importLists(
        JSON.stringify({
          ...base,
          reports: [good],
          boards: [{ ...board, players: [{ player: good.player, tier: 'Z', noInterest: false }] }],
        }),
      ),
    );
    expect(e2.key).toBe('boards[0].players[0].tier');
    expect(await lists.reports({}, SRC)).toEqual([]);
    expect(await lists.boards()).toEqual([]);
    await lists.close();
  });
});
