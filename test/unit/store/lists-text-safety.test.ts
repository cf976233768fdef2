import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dispatch } from '../../../electron/host/bridge/handlers.ts';
import type { ListsHost } from '../../../electron/host/lists/lists-host.ts';
import type { ServiceError } from '../../../shared/contract/errors.ts';
import type { BoardDetail } from '../../../shared/domain/boards.ts';
import type { ListEntriesPage, ScoutingList } from '../../../shared/domain/lists.ts';
import { type ListsClient, openListsClient, openStoreClient, StoreError } from '../../../store/index.ts';
import { BIDI } from '../bidi-chars.ts';
import { reportSave as report, storePlayer } from './fixtures.ts';
import { listsDispatcher } from './lists-dispatch.ts';

/**
 * Hidden characters in the scout's text (shared/domain/text-safety.ts, docs/text-safety.md), through the real
 * bridge dispatcher, the real lists worker and real SQLite files: a NUL or an unpaired bidi control in
 * anything the scout writes is a `bad-request` naming the field, and in a `rinkside-lists` file a refusal
 * naming the place (nothing of the file written); paired controls and the marks pass; a player's name from
 * the data in use is kept with its unpaired controls closed; text stored before the rule stays as it is and
 * is written into an export closed, so the file imports.
 */

const { RLO, PDF, RLE, FSI, PDI, RLM } = BIDI;

let root: string;
let n = 0;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rinkside-text-safety-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

/** A store of the test's own: the lists file, its backups and a player cache beside it. */
async function fresh(): Promise<{ dir: string; lists: ListsClient }> {
  const dir = join(root, `store-${++n}`);
  await mkdir(dir, { recursive: true });
  const lists = await openListsClient({
    file: join(dir, 'lists.sqlite'),
    backupsDir: join(dir, 'backups'),
    cacheFile: join(dir, 'cache.sqlite'),
    record: null,
  });
  return { dir, lists };
}

describe('the bridge refuses hidden characters in what the scout writes, naming the field', () => {
  let dispatch: Dispatch;
  let listsHost: ListsHost;
  let listId: number;
  let boardId: number;

  beforeAll(async () => {
    const dir = join(root, 'bridge');
    await mkdir(dir);
    ({ dispatch, listsHost } = await listsDispatcher(dir));
    const list = await dispatch('scoutingListCreate', { name: 'Goalies' });
    const board = await dispatch('draftBoardCreate', { name: '2027 draft' });
    if (!list.ok || !board.ok) throw new Error('setup failed');
    listId = (list.value as { id: number }).id;
    boardId = (board.value as { id: number }).id;
  });
  afterAll(async () => {
    await listsHost.close();
  });

  const bad = async (op: string, args: unknown): Promise<ServiceError> => {
    const r = await dispatch(op, args);
    if (r.ok) throw new Error(`${op} was accepted`);
    return r.error;
  };
  const good = async <T>(op: string, args: unknown): Promise<T> => {
    const r = await dispatch(op, args);
    if (!r.ok) throw new Error(`${op}: ${r.error.message}`);
    return r.value as T;
  };

  it('list names, notes, reports, boards, tiers, labels, the scout’s name and a pin’s note', async () => {
    const player = { name: 'Ken Dryden' };
    const cases: [op: string, args: unknown, parameter: string, message: string][] = [
      [
        'scoutingListCreate',
        { name: `Goalies${RLO}` },
        'name',
        'Invalid name: a hidden right-to-left override (U+202E) at character 8 is not closed by U+202C on its line: it could show the text after it in another order; remove it',
      ],
      ['scoutingListRename', { id: 1, name: `a${PDI}` }, 'name', 'Invalid name: a hidden pop directional isolate'],
      [
        'scoutingListEntrySave',
        { listId: 1, playerId: 5, player, note: `Good\u0000` },
        'note',
        'Invalid note: a NUL character at character 5',
      ],
      ['scoutingListEntryEdit', { entryId: 1, note: `${RLO}evil` }, 'note', 'Invalid note: a hidden right-to-left'],
      ['scoutingReportSave', report({ strengths: `x${RLE}` }), 'strengths', 'Invalid strengths: a hidden'],
      ['scoutingReportSave', report({ homeTeam: `${FSI}Pats` }), 'homeTeam', 'Invalid homeTeam: a hidden'],
      ['draftBoardCreate', { name: `${RLO}2027` }, 'name', 'Invalid name: a hidden'],
      [
        'draftBoardSave',
        { id: 1, tiers: ['A', `B${RLO}`], entries: [] },
        'tiers.1',
        'Invalid tiers.1: a hidden right-to-left override (U+202E) at character 2',
      ],
      ['draftBoardVersionSave', { id: 1, label: `${PDF}x` }, 'label', 'Invalid label: a hidden pop directional'],
      ['scoutingPrefsSave', { scoutName: `Ann${RLO}`, minViewings: 3 }, 'scoutName', 'Invalid scoutName: a hidden'],
      ['leagueFactorPin', { league: 'ohl', factor: 0.3, note: `${RLO}table` }, 'note', 'Invalid note: a hidden'],
    ];
    for (const [op, args, parameter, message] of cases) {
      const e = await bad(op, args);
      expect(e, op).toMatchObject({ kind: 'bad-request', status: 400, parameter });
      expect(e.message.startsWith(message), `${op}: ${e.message}`).toBe(true);
    }
    // Nothing of it was written.
    expect((await good<ScoutingList[]>('scoutingLists', {})).map((l) => l.name)).toEqual(['Goalies']);
    expect((await good<ListEntriesPage>('scoutingListEntries', { id: listId })).data).toEqual([]);
    expect((await good<BoardDetail>('draftBoard', { id: boardId })).board.tiers).toEqual(['A', 'B', 'C']);
  });

  it('lets paired controls and the marks through, as written', async () => {
    const note = `Said ${RLE}שלום${PDF} twice ${FSI}עברית${PDI}${RLM}`;
    const saved = await dispatch('scoutingListEntrySave', {
      listId,
      playerId: 5,
      player: { name: 'Ken Dryden' },
      note,
    });
    expect(saved).toMatchObject({ ok: true, value: { note } });
  });

  it('keeps a player name as the data gives it, its unpaired controls closed and NULs dropped', async () => {
    const saved = await dispatch('scoutingListEntrySave', {
      listId,
      playerId: 6,
      player: { name: `Ivan ${RLO}live\u0000` },
    });
    expect(saved).toMatchObject({ ok: true, value: { name: `Ivan ${RLO}live${PDF}` } });
    const onBoard = await good<BoardDetail>('draftBoardAdd', { boardId, playerId: 6, player: { name: `${PDI}Ivan` } });
    expect(onBoard.entries.map((e) => e.name)).toEqual(['Ivan']);
    const rep = await dispatch('scoutingReportSave', report({ player: { name: `Ivan ${FSI}x` } }));
    expect(rep).toMatchObject({ ok: true, value: { playerName: `Ivan ${FSI}x${PDI}` } });
  });
});

describe('a name from the service', () => {
  it('is downloaded as given, kept into a list with its unpaired controls closed, and the entry stays his', async () => {
    const { dir, lists } = await fresh();
    const store = await openStoreClient({ file: join(dir, 'cache.sqlite') });
    await store.adoptSource('embedded:cache-test');
    await store.commitUnit({
      leagueSlug: 'tst',
      league: { slug: 'tst', name: 'Test League', fullName: null },
      season: { slug: '2022-2023', startYear: 2022, endYear: 2023 },
      team: { id: 1, name: 'Owls' },
      rows: [],
      players: [storePlayer(41, `Ilya ${RLO}live\u0000`, 'C')],
    });
    await store.close();
    const list = await lists.createList('From the cache');
    const e = await lists.saveEntry({ listId: list.id, playerId: 41 }, 'embedded:cache-test');
    // The download kept it as the service gave it; the list shows it so (the page isolates it); his entry.
    expect(e).toMatchObject({ name: `Ilya ${RLO}live\u0000`, linked: true });
    await lists.close();
    // Kept in the lists file closed.
    const db = new DatabaseSync(join(dir, 'lists.sqlite'));
    expect(db.prepare('SELECT playerName FROM scouting_list_entries').all()).toEqual([
      { playerName: `Ilya ${RLO}live${PDF}` },
    ]);
    db.close();
  });
});

/** A version-3 document of one list, one report and one board, each field changeable by the test. */
function document() {
  const at = '2026-11-25T13:47:00.000Z';
  const player = { source: 'embedded:file-test', id: 8, name: 'Teemu Selänne', dateOfBirth: null, position: 'RW' };
  const { playerId: _id, player: _player, ...fields } = report();
  return {
    format: 'rinkside-lists',
    version: 3,
    exportedAt: at,
    app: 'Rinkside test',
    scout: 'Ann',
    lists: [
      { name: 'Forwards', createdAt: at, updatedAt: at, entries: [] as unknown[] },
      {
        name: 'Goalies',
        createdAt: at,
        updatedAt: at,
        entries: [0, 1, 2, 3, 4].map((i) => ({
          player: { ...player, id: 100 + i, name: `Goalie ${i}` },
          rating: null,
          note: `Note ${i}`,
          previousNote: null,
          addedAt: at,
          updatedAt: at,
        })),
      },
    ],
    reports: [
      {
        ...fields,
        uid: '5b0c7f5e-4d0a-4a6e-8f4c-0f7e2d1f6a11',
        player,
        scout: '',
        createdAt: at,
        updatedAt: at,
      },
    ],
    boards: [
      {
        name: '2027 draft',
        scout: '',
        tiers: ['A', 'B'],
        createdAt: at,
        updatedAt: at,
        players: [{ player, tier: 'A', noInterest: false }],
        versions: [
          {
            label: 'Before',
            savedAt: at,
            entries: [{ player: { source: player.source, id: player.id, name: player.name }, tier: 'A', rank: 1 }],
          },
        ],
      },
    ],
  };
}
type Doc = ReturnType<typeof document>;
type Entry = { note: string; player: { name: string } };

async function refusedImport(lists: ListsClient, doc: Doc): Promise<StoreError> {
  const err = await lists.importLists(JSON.stringify(doc)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(StoreError);
  return err as StoreError;
}

describe('a rinkside-lists file with hidden characters', () => {
  it('is refused naming the place, the list and the player, isolated; nothing of it is written', async () => {
    const { lists } = await fresh();
    const doc = document();
    const entry = doc.lists[1]?.entries[4] as Entry;
    entry.note = `fine ${RLO}evil`;
    const e = await refusedImport(lists, doc);
    expect(e.key).toBe('lists[1].entries[4].note');
    expect(e.message).toBe(
      'lists[1].entries[4].note: a hidden right-to-left override (U+202E) at character 6 is not closed by U+202C on its line: it could show the text after it in another order; remove it (list “Goalies”, player Goalie 4).',
    );
    expect(await lists.lists()).toEqual([]);
    expect(await lists.reports({}, 'embedded:file-test')).toEqual([]);

    // A name of the file that is itself the bad text is quoted isolated, its control closed.
    const named = document();
    (named.lists[1] as { name: string }).name = `Goal${RLO}ies`;
    const n2 = await refusedImport(lists, named);
    expect(n2.key).toBe('lists[1].name');
    expect(n2.message).toContain(`(list “${FSI}Goal${RLO}ies${PDF}${PDI}”)`);
    await lists.close();
  });

  it('names every kind of place: NUL in a player name, a report, a board, a tier, a label, the scout, a pin', async () => {
    const { lists } = await fresh();
    const at = document().exportedAt;
    // Where in the file (its JSON path, which the refusal names) and the bad text put there.
    const cases: [path: (string | number)[], value: unknown, key: string][] = [
      [['lists', 1, 'entries', 0, 'player', 'name'], 'Goalie\u00000', 'lists[1].entries[0].player.name'],
      [['lists', 0, 'name'], `${PDI}Forwards`, 'lists[0].name'],
      [['lists', 1, 'entries', 2, 'previousNote'], { text: `${RLE}x`, at }, 'lists[1].entries[2].previousNote.text'],
      [['reports', 0, 'weaknesses'], `Board battles${RLO}`, 'reports[0].weaknesses'],
      [['reports', 0, 'league'], `${FSI}WHL`, 'reports[0].league'],
      [['reports', 0, 'player', 'name'], `${RLO}x`, 'reports[0].player.name'],
      [['boards', 0, 'name'], `2027${RLO}`, 'boards[0].name'],
      [['boards', 0, 'tiers', 1], `B${PDF}`, 'boards[0].tiers[1]'],
      [['boards', 0, 'versions', 0, 'label'], `${RLO}Before`, 'boards[0].versions[0].label'],
      [
        ['boards', 0, 'versions', 0, 'entries', 0, 'player', 'name'],
        `${RLO}x`,
        'boards[0].versions[0].entries[0].player.name',
      ],
      [['scout'], `Ann${RLO}`, 'scout'],
      [['app'], `Rinkside${RLO}`, 'app'],
      [
        ['leagueFactors'],
        [{ league: 'ohl', factor: 0.3, note: `${RLO}Vollman`, pinnedAt: at }],
        'leagueFactors[0].note',
      ],
    ];
    for (const [path, value, key] of cases) {
      const doc = document();
      let at: Record<string | number, unknown> = doc;
      for (const step of path.slice(0, -1)) at = at[step] as Record<string | number, unknown>;
      at[path.at(-1) as string | number] = value;
      const e = await refusedImport(lists, doc);
      expect(e.key, key).toBe(key);
      expect(e.message, key).toMatch(/: a (hidden|NUL)/);
    }
    expect(await lists.lists()).toEqual([]);
    await lists.close();
  });

  it('with paired controls and marks only is imported as it is', async () => {
    const { lists } = await fresh();
    const doc = document();
    const note = `${RLE}שלום${PDF} ${FSI}x${PDI}${RLM}`;
    (doc.lists[1]?.entries[0] as Entry).note = note;
    await lists.importLists(JSON.stringify(doc));
    const goalies = (await lists.lists()).find((l) => l.name === 'Goalies');
    const page = await lists.listEntries(goalies?.id ?? 0, { sort: 'name' }, 'embedded:file-test');
    expect(page.data[0]?.note).toBe(note);
    await lists.close();
  });
});

describe('text stored before the rule', () => {
  it('stays as it is, is read as it is, and is written into an export closed, so the file imports', async () => {
    const { dir, lists } = await fresh();
    const list = await lists.createList('Legacy');
    await lists.saveEntry({ listId: list.id, playerId: 3, player: { name: 'Old Name' }, note: 'x' }, 'embedded:old');
    await lists.saveReport(report(), 'embedded:old');
    await lists.setScoutingPrefs({ scoutName: 'Ann', minViewings: 3 });
    await lists.close();

    // As an older Rinkside (or any writer of the file) left it: no rule then.
    const db = new DatabaseSync(join(dir, 'lists.sqlite'));
    db.prepare('UPDATE scouting_lists SET name = ?').run(`Leg${RLO}acy`);
    db.prepare('UPDATE scouting_list_entries SET note = ?, playerName = ?').run(`${RLO}evil\u0000`, `Old${PDI} Name`);
    db.prepare('UPDATE scouting_reports SET strengths = ?').run(`Quick${RLE}`);
    db.prepare("UPDATE lists_meta SET value = ? WHERE key = 'scoutingPrefs'").run(
      JSON.stringify({ scoutName: `Ann${RLO}`, minViewings: 3 }),
    );
    db.close();

    const again = await openListsClient({
      file: join(dir, 'lists.sqlite'),
      backupsDir: join(dir, 'backups'),
      cacheFile: join(dir, 'cache.sqlite'),
      record: null,
    });
    const page = await again.listEntries(list.id, {}, 'embedded:old');
    expect(page.list.name).toBe(`Leg${RLO}acy`);
    expect(page.data.map((r) => [r.name, r.note])).toEqual([[`Old${PDI} Name`, `${RLO}evil\u0000`]]);
    expect((await again.scoutingPrefs()).scoutName).toBe(`Ann${RLO}`);

    const file = JSON.parse(await again.exportLists(null, 'Rinkside test'));
    expect(file.scout).toBe(`Ann${RLO}${PDF}`);
    expect(file.lists[0].name).toBe(`Leg${RLO}acy${PDF}`);
    expect(file.lists[0].entries[0].note).toBe(`${RLO}evil${PDF}`);
    expect(file.lists[0].entries[0].player.name).toBe('Old Name');
    expect(file.reports[0].strengths).toBe(`Quick${RLE}${PDF}`);
    await again.close();

    const other = await fresh();
    expect(await other.lists.importLists(JSON.stringify(file))).toMatchObject({ listsCreated: 1, entriesAdded: 1 });
    await other.lists.close();
  });
});
