import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListsClient, openListsClient, StoreError } from '../../../store/index.ts';

/**
 * The `rinkside-lists` file (store/lists/FORMAT.md) through the real lists worker: a document of exactly
 * 1,000 entries, written by the test itself, comes back out of an import and an export equal field for
 * field, and again through a second store; a bad file is refused with the place named (a JSON path) and
 * nothing of it written; an import merges by list name and player, the newer note winning and the older
 * kept as the previous note.
 */

let root: string;
let n = 0;

async function fresh(): Promise<ListsClient> {
  const dir = join(root, `store-${++n}`);
  await mkdir(dir, { recursive: true });
  return openListsClient({
    file: join(dir, 'lists.sqlite'),
    backupsDir: join(dir, 'backups'),
    cacheFile: join(dir, 'cache.sqlite'),
    record: null,
  });
}

const iso = (ms: number) => new Date(ms).toISOString();
const T0 = Date.parse('2025-09-01T08:00:00.000Z');

/** Notes a scout writes, with what files break on: quotes, formulas, new lines, accents, emoji, empty. */
const NOTES = [
  'Quick release; weak on the backcheck',
  '=HYPERLINK("http://x")',
  'Line one\nLine two\twith a tab',
  'Skates like Selänne, shoots like Bossy — “elite”',
  '🏒 two-way 🥅',
  '',
  'x'.repeat(4000),
];

/** A document of 1,000 entries in three lists from two sources, every field varied. */
function thousandEntries() {
  const sizes = [600, 399, 1];
  let k = 0;
  const lists = sizes.map((size, li) => ({
    name: ['Draft 2027 — forwards', 'Goalies', 'Ünusual ñame'][li] as string,
    createdAt: iso(T0 + li * 1000),
    updatedAt: iso(T0 + 86_400_000 + li),
    entries: Array.from({ length: size }, () => {
      k++;
      return {
        player: {
          source: k % 3 === 0 ? 'https://api.example.org/v1' : 'embedded:0b5e4d1c-2f7a-4a8e-9a57-2d3c4b5a6f70',
          id: 10_000 + k,
          name: `Prospect ${k} Ñåmé`,
          dateOfBirth: k % 4 === 0 ? null : `${1990 + (k % 20)}-0${1 + (k % 9)}-1${k % 10}`,
          position: [null, 'C', 'LW', 'RW', 'D', 'G'][k % 6] as string | null,
        },
        rating: k % 6 === 0 ? null : (k % 5) + 1,
        note: NOTES[k % NOTES.length] as string,
        previousNote: k % 7 === 0 ? { text: `Earlier: ${NOTES[(k + 1) % NOTES.length]}`, at: iso(T0 + k) } : null,
        addedAt: iso(T0 + 1000 * k),
        updatedAt: iso(T0 + 1000 * k + 500),
      };
    }),
  }));
  return { format: 'rinkside-lists', version: 1, exportedAt: iso(T0), app: 'Rinkside test', lists };
}

/** A document without its export time and app (which differ between exports). */
const body = (text: string) => {
  const { exportedAt: _t, app: _a, ...rest } = JSON.parse(text) as Record<string, unknown>;
  return rest;
};

/** The error an import of `doc` rejects with. */
async function refused(lists: ListsClient, doc: unknown): Promise<StoreError> {
  try {
    await lists.importLists(typeof doc === 'string' ? doc : JSON.stringify(doc));
  } catch (err) {
    if (err instanceof StoreError) return err;
    throw err;
  }
  throw new Error('the import was accepted');
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'rinkside-lists-transfer-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('a rinkside-lists file of 1,000 entries', () => {
  it('round-trips exactly: import then export gives the file back, and so does a second store', async () => {
    const doc = thousandEntries();
    expect(doc.lists.reduce((s, l) => s + l.entries.length, 0)).toBe(1000);
    const a = await fresh();
    const report = await a.importLists(JSON.stringify(doc));
    expect(report).toEqual({
      listsCreated: 3,
      listsMerged: 0,
      entriesAdded: 1000,
      entriesUpdated: 0,
      entriesKept: 0,
      previousNotesKept: 0,
      reportsAdded: 0,
      reportsUpdated: 0,
      reportsKept: 0,
      boardsAdded: 0,
      boardsUpdated: 0,
      boardsKept: 0,
    });
    const out = await a.exportLists(null, 'Rinkside 0.1.0');
    // Lists come out by name; the test's names are in that order already. Without pins, reports, boards or
    // a scout's name the file stays version 1.
    expect(body(out)).toEqual(body(JSON.stringify(doc)));
    expect(JSON.parse(out)).toMatchObject({ format: 'rinkside-lists', version: 1, app: 'Rinkside 0.1.0' });

    const b = await fresh();
    await b.importLists(out);
    expect(body(await b.exportLists(null, 'Rinkside 0.1.0'))).toEqual(body(out));
    // Importing the same file again changes nothing: every entry is as new already.
    const again = await b.importLists(out);
    expect(again).toMatchObject({ listsMerged: 3, entriesAdded: 0, entriesUpdated: 0, entriesKept: 1000 });
    expect(body(await b.exportLists(null, 'x'))).toEqual(body(out));
    await a.close();
    await b.close();
  }, 60_000);

  it('exports the chosen lists only, and refuses an id of no list naming listIds', async () => {
    const a = await fresh();
    await a.importLists(JSON.stringify(thousandEntries()));
    const goalies = (await a.lists()).find((l) => l.name === 'Goalies');
    if (!goalies) throw new Error('no list');
    const one = JSON.parse(await a.exportLists([goalies.id], 'x')) as { lists: { name: string; entries: unknown[] }[] };
    expect(one.lists.map((l) => [l.name, l.entries.length])).toEqual([['Goalies', 399]]);
    await expect(a.exportLists([9999], 'x')).rejects.toMatchObject({ code: 'ListNotFoundError', key: 'listIds' });
    await a.close();
  });
});

describe('a bad file', () => {
  let lists: ListsClient;
  beforeAll(async () => {
    lists = await fresh();
  });
  afterAll(async () => {
    await lists.close();
  });

  it('is refused naming the place in it, with the list and player, and nothing of it is written', async () => {
    const doc = thousandEntries();
    // The first list is good; the second has a rating of 6 at its fourth entry.
    (doc.lists[1]?.entries[3] as { rating: number | null }).rating = 6;
    const e = await refused(lists, doc);
    expect(e.code).toBe('ListsFileError');
    expect(e.key).toBe('lists[1].entries[3].rating');
    expect(e.message).toBe(
      'lists[1].entries[3].rating: a whole number from 1 to 5 (list “Goalies”, player Prospect 604 Ñåmé).',
    );
    expect(await lists.lists()).toEqual([]);
  });

  it('names each kind of problem: not JSON, another format, a newer version, an unknown key, a duplicate', async () => {
    const cases: [unknown, string, RegExp][] = [
      [
        '{"format": "rinkside-lists", "version": 1, ',
        '(the file)',
        /^This is not a Rinkside lists file: it is not JSON/,
      ],
      [{ format: 'csv', version: 1 }, 'format', /^This is not a Rinkside lists file: format: not "rinkside-lists"/],
      [{ ...thousandEntries(), version: 5 }, 'version', /newer Rinkside \(format version 5; this one reads up to 4\)/],
      [{ ...thousandEntries(), reports: [] }, 'reports', /^reports: comes with version 3 of the format/],
      [{ ...thousandEntries(), secret: 1 }, '(the file)', /Unrecognized key: "secret"/],
    ];
    const dupList = thousandEntries();
    (dupList.lists[2] as { name: string }).name = 'GOALIES';
    cases.push([dupList, 'lists[2].name', /the same name as lists\[1\]/]);
    const dupEntry = thousandEntries();
    const g = dupEntry.lists[1]?.entries as { player: unknown }[];
    (g[5] as { player: unknown }).player = (g[2] as { player: unknown }).player;
    cases.push([dupEntry, 'lists[1].entries[5].player', /the same player as entries\[2\]/]);
    const badDate = thousandEntries();
    (badDate.lists[0]?.entries[0] as { addedAt: string }).addedAt = 'yesterday';
    cases.push([badDate, 'lists[0].entries[0].addedAt', /a date-time such as/]);
    for (const [doc, key, message] of cases) {
      const e = await refused(lists, doc);
      expect(e.key, key).toBe(key);
      expect(e.message, key).toMatch(message);
    }
    expect(await lists.lists()).toEqual([]);
  });
});

describe('merging an import', () => {
  it('merges by list name and player; the newer note wins and the older is kept as the previous note', async () => {
    const lists = await fresh();
    const src = 'embedded:merge-test';
    const list = await lists.createList('goalies');
    const mine = await lists.saveEntry(
      { listId: list.id, playerId: 1, player: { name: 'Ken Dryden' }, rating: 3, note: 'Mine, written first' },
      src,
    );
    await lists.saveEntry(
      { listId: list.id, playerId: 2, player: { name: 'Tony Esposito' }, note: 'Mine, newest' },
      src,
    );
    const entry = (player: { id: number; name: string }, note: string, rating: number, at: string) => ({
      player: { source: src, ...player, dateOfBirth: null, position: 'G' },
      rating,
      note,
      previousNote: null,
      addedAt: '2020-01-01T00:00:00.000Z',
      updatedAt: at,
    });
    const later = iso(Date.parse(mine.updatedAt) + 60_000);
    const doc = {
      format: 'rinkside-lists',
      version: 1,
      exportedAt: later,
      app: 'Rinkside (a colleague)',
      lists: [
        {
          name: 'Goalies',
          createdAt: '2020-01-01T00:00:00.000Z',
          updatedAt: later,
          entries: [
            entry({ id: 1, name: 'Ken Dryden' }, 'Theirs, newer', 5, later),
            entry({ id: 2, name: 'Tony Esposito' }, 'Theirs, older', 2, '2021-06-01T00:00:00.000Z'),
            entry({ id: 3, name: 'Gerry Cheevers' }, 'Only theirs', 4, later),
          ],
        },
      ],
    };
    const report = await lists.importLists(JSON.stringify(doc));
    expect(report).toEqual({
      listsCreated: 0,
      listsMerged: 1,
      entriesAdded: 1,
      entriesUpdated: 1,
      entriesKept: 1,
      previousNotesKept: 2,
      reportsAdded: 0,
      reportsUpdated: 0,
      reportsKept: 0,
      boardsAdded: 0,
      boardsUpdated: 0,
      boardsKept: 0,
    });
    const page = await lists.listEntries(list.id, { sort: 'name' }, src);
    expect(page.data.map((r) => [r.name, r.rating, r.note, r.previousNote, r.addedAt])).toEqual([
      ['Gerry Cheevers', 4, 'Only theirs', null, '2020-01-01T00:00:00.000Z'],
      // Theirs is newer: it wins, mine is kept as the previous note; the earlier time it was added stays.
      ['Ken Dryden', 5, 'Theirs, newer', 'Mine, written first', '2020-01-01T00:00:00.000Z'],
      // Mine is newer: it stays; theirs is kept as the previous note.
      ['Tony Esposito', null, 'Mine, newest', 'Theirs, older', page.data[2]?.addedAt],
    ]);
    expect(page.data[1]?.previousNoteAt).toBe(mine.updatedAt);
    expect(page.data[2]?.previousNoteAt).toBe('2021-06-01T00:00:00.000Z');
    // The list keeps its own name (and gains the earlier creation time).
    expect((await lists.lists()).map((l) => [l.name, l.createdAt])).toEqual([['goalies', '2020-01-01T00:00:00.000Z']]);
    await lists.close();
  });
});
