import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettings } from '../../../../electron/host/common/settings.ts';
import { createExports, type Exports } from '../../../../electron/host/export/export-handlers.ts';
import { createListHandlers, scoutingListPage } from '../../../../electron/host/lists/handlers.ts';
import { createListsHost, type ListsHost } from '../../../../electron/host/lists/lists-host.ts';
import { createOfflineHost, type OfflineHost } from '../../../../electron/host/offline/offline-host.ts';
import { createServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { storePlayer } from '../../store/fixtures.ts';
import { settleExport } from '../export-settle.ts';

/**
 * A scouting list exported through the export operation from the real store: the file holds the
 * list's rows in the order asked, numbers as numbers, notes that start like formulas escaped in the CSV,
 * and it is written atomically (no temp file left). Expected rows are the test's own literals.
 */

let dir: string;
let offline: OfflineHost;
let lists: ListsHost;
let exports: Exports;

/** Where the test's players are from. */
const SOURCE = 'http://127.0.0.1:9/v1';
let listId: number;

const player = storePlayer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-lists-export-'));
  // Nothing answers here: the export of a list asks the service for nothing it needs.
  const client = createServiceClient({ timeoutMs: 300, maxAttempts: 1 });
  offline = createOfflineHost({ dataDir: join(dir, 'data'), client });
  const store = await offline.store();
  await store.adoptSource(SOURCE);
  await store.commitUnit({
    leagueSlug: 'tst',
    league: { slug: 'tst', name: 'Test', fullName: null },
    season: { slug: '2023-2024', startYear: 2023, endYear: 2024 },
    team: { id: 1, name: 'Rinkside Owls' },
    players: [player(1, 'Alpha Skater', 'F'), player(2, 'Beta Goalie', 'G')],
    rows: [
      {
        id: 10,
        playerId: 1,
        team: { id: 1, name: 'Rinkside Owls' },
        leagueSlug: 'tst',
        season: '2023-2024',
        playerAge: null,
        regularStats: { GP: 70, G: 25, A: 35, PTS: 60 },
        postseasonStats: {},
        totalStats: {},
      },
      {
        id: 11,
        playerId: 2,
        team: { id: 1, name: 'Rinkside Owls' },
        leagueSlug: 'tst',
        season: '2023-2024',
        playerAge: null,
        regularStats: { GP: 40, GAA: 2.35, SVP: 0.917 },
        postseasonStats: {},
        totalStats: {},
      },
    ],
  });
  const settings = await openSettings(join(dir, 'settings'));
  lists = createListsHost({ dataDir: join(dir, 'data'), settings, source: () => SOURCE });
  const l = await lists.client();
  listId = (await l.createList('Owls to watch')).id;
  await l.saveEntry({ listId, playerId: 1, rating: 4, note: '=HYPERLINK("http://x")' }, SOURCE);
  await l.saveEntry({ listId, playerId: 2, rating: 5, note: 'Calm, tracks well' }, SOURCE);
  exports = createExports({
    client,
    settings,
    baseUrl: () => 'http://127.0.0.1:9/v1',
    keyFor: () => null,
    chooseFile: async (suggested) => join(dir, 'out', suggested.split('/').at(-1) as string),
    downloadDir: join(dir, 'downloads'),
    scoutingListPage: scoutingListPage(lists),
  });
  await mkdir(join(dir, 'out'));
});
afterAll(async () => {
  await exports.close();
  await lists.close();
  await offline.close();
  await rm(dir, { recursive: true, force: true });
});

const settle = (id: string) => settleExport(exports, id);

const columns = [
  { id: 'name', header: 'Player' },
  { id: 'GP', header: 'GP' },
  { id: 'PTS', header: 'PTS' },
  { id: 'SVP', header: 'SV%' },
  { id: 'rating', header: 'Rating' },
  { id: 'note', header: 'Note' },
];

describe('exporting a scouting list', () => {
  it('writes the list to CSV in the order asked, escaping a note that starts like a formula', async () => {
    const started = await exports.handlers.exportTable({
      spec: {
        source: 'scoutingList',
        listId,
        query: { sort: '-rating', offset: '0', limit: '100' },
        columns,
        context: { view: 'Scouting list', list: 'Owls to watch' },
      },
      format: 'csv',
      scope: 'all',
    });
    if (!started.ok) throw new Error(started.error.message);
    const end = await settle(started.value.id);
    expect(end).toMatchObject({ state: 'done', rowsWritten: 2, fileName: 'rinkside-list-Owls-to-watch.csv' });
    const text = await readFile(join(dir, 'out', 'rinkside-list-Owls-to-watch.csv'), 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = Papa.parse<string[]>(text.slice(1).trim(), { newline: '\r\n' }).data;
    expect(rows).toEqual([
      ['Player', 'GP', 'PTS', 'SV%', 'Rating', 'Note'],
      ['Beta Goalie', '40', '', '0.917', '5', 'Calm, tracks well'],
      ['Alpha Skater', '70', '60', '', '4', `'=HYPERLINK("http://x")`],
    ]);
    // Atomic: only the finished file is in the folder.
    expect(await readdir(join(dir, 'out'))).toEqual(['rinkside-list-Owls-to-watch.csv']);
  });

  it('writes XLSX with typed numbers', async () => {
    const started = await exports.handlers.exportTable({
      spec: {
        source: 'scoutingList',
        listId,
        query: { sort: 'name' },
        columns,
        context: { view: 'Scouting list', list: 'Owls to watch' },
      },
      format: 'xlsx',
      scope: 'all',
    });
    if (!started.ok) throw new Error(started.error.message);
    const end = await settle(started.value.id);
    expect(end.state).toBe('done');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(join(dir, 'out', 'rinkside-list-Owls-to-watch.xlsx'));
    const sheet = book.worksheets[0];
    if (sheet === undefined) throw new Error('no sheet');
    const values = [2, 3].map((r) => (sheet.getRow(r).values as unknown[]).slice(1));
    expect(values[0]?.slice(0, 3)).toEqual(['Alpha Skater', 70, 60]);
    expect(values[1]?.[0]).toBe('Beta Goalie');
    expect(values[1]?.[3]).toBe(0.917);
    expect(sheet.getRow(3).getCell(4).numFmt).toBe('.000');
    const about = book.getWorksheet('About');
    const words = new Map<string, unknown>();
    about?.eachRow((r) => words.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(String(words.get('Source'))).toContain('Scouting list on this computer');
    expect(words.get('Records')).toBe(2);
  });

  it('refuses a column the list has not, a bad sort, and a list that does not exist leaves no file', async () => {
    const spec = {
      source: 'scoutingList' as const,
      listId,
      query: {},
      columns: [{ id: 'regularStats.GP', header: 'GP' }],
      context: { view: 'Scouting list', list: 'Gone' },
    };
    expect(await exports.handlers.exportTable({ spec, format: 'csv', scope: 'all' })).toMatchObject({
      ok: false,
      error: { kind: 'bad-request', parameter: 'spec.columns.0.id' },
    });
    expect(
      await exports.handlers.exportTable({
        spec: { ...spec, columns, query: { sort: 'apiKey' } },
        format: 'csv',
        scope: 'all',
      }),
    ).toMatchObject({ ok: false, error: { kind: 'bad-request', parameter: 'spec.query.sort' } });
    const started = await exports.handlers.exportTable({
      spec: { ...spec, columns, listId: 999_999 },
      format: 'csv',
      scope: 'all',
    });
    if (!started.ok) throw new Error(started.error.message);
    const end = await settle(started.value.id);
    expect(end).toMatchObject({ state: 'failed', error: { kind: 'not-found' } });
    expect(await readdir(join(dir, 'out'))).not.toContain('rinkside-list-Gone.csv');
  });
});

describe('the lists as a rinkside-lists file, through the bridge operations', () => {
  const handlers = () => createListHandlers({ lists, saveText: exports.saveText, app: 'Rinkside 0.1.0' });

  it('exports every list to a JSON file saved where the scout chose, and imports it into another computer’s lists', async () => {
    const saved = await handlers().scoutingListsExport({});
    if (!saved.ok) throw new Error(saved.error.message);
    expect(saved.value).toMatchObject({ state: 'done', format: 'json' });
    const file = saved.value.savedTo as string;
    expect(file).toMatch(/rinkside-lists-all-\d{4}-\d\d-\d\d\.json$/);
    expect((await readdir(join(dir, 'out'))).filter((f) => f.endsWith('.tmp') || f.startsWith('.'))).toEqual([]);
    const text = await readFile(file, 'utf8');
    const doc = JSON.parse(text) as { format: string; version: number; lists: { name: string; entries: unknown[] }[] };
    expect(doc).toMatchObject({ format: 'rinkside-lists', version: 1, app: 'Rinkside 0.1.0' });
    expect(doc.lists.map((l) => [l.name, l.entries.length])).toEqual([['Owls to watch', 2]]);

    const other = createListsHost({
      dataDir: join(dir, 'other'),
      settings: await openSettings(join(dir, 'other')),
      source: () => SOURCE,
    });
    try {
      const h = createListHandlers({ lists: other, app: 'x' });
      expect(await h.scoutingListsImport({ text })).toMatchObject({
        ok: true,
        value: { listsCreated: 1, entriesAdded: 2 },
      });
      const bad = await h.scoutingListsImport({ text: text.replace('"rating": 4', '"rating": "four"') });
      expect(bad).toMatchObject({
        ok: false,
        error: {
          kind: 'bad-request',
          parameter: 'text',
          message:
            'lists[0].entries[0].rating: a whole number from 1 to 5, or null (list “Owls to watch”, player Alpha Skater).',
        },
      });
      const l = await other.client();
      expect((await l.lists()).map((x) => [x.name, x.entryCount])).toEqual([['Owls to watch', 2]]);
    } finally {
      await other.close();
    }
  });
});
