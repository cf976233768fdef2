import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSettings } from '../../../electron/host/common/settings.ts';
import { createExports, type Exports } from '../../../electron/host/export/export-handlers.ts';
import { runExport } from '../../../electron/host/export/run-export.ts';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';
import { type RunningService, startService } from '../../../service/server.ts';
import { GOALTENDING_COLUMNS, TEAM_COLUMNS } from '../../../shared/columns/index.ts';
import type { GoalieStatsRecord, Team } from '../../../shared/contract/records/index.ts';
import { type Fixture, startFixture } from '../../contract/service-fixture.ts';
import { settleExport } from './export-settle.ts';

// The export op against the real local service on a seeded SQLite file. Expected rows come from the
// test's own GETs of the service, never from the export code.

/** Keys a file must never hold: formula starts, quotes, separators, markup. */
const HOSTILE_KEYS = ['=HYPERLINK("x")+key-1', '"quoted,key";\t<b>x</b>-2', "@SUM(A1)|key'3"];

let fx: Fixture;
let hostile: RunningService;
let dir: string;

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'rinkside-export-'));
  const keysFile = join(dir, 'hostile-keys.json');
  await writeFile(
    keysFile,
    JSON.stringify({
      keys: HOSTILE_KEYS.map((key) => ({ key, organisation: 'Hostile', leagues: '*', seasons: '*', categories: '*' })),
    }),
  );
  hostile = await startService({ db: fx.dbFile, port: 0, keys: keysFile });
}, 60_000);
afterAll(async () => {
  await hostile?.close();
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

async function exportsFor(base: string, key: string, outDir: string): Promise<Exports> {
  return createExports({
    client: createServiceClient(),
    settings: await openSettings(join(outDir, 'settings')),
    baseUrl: () => base,
    keyFor: () => key,
    chooseFile: async (suggested) => join(outDir, suggested.split('/').at(-1) as string),
    downloadDir: join(outDir, 'downloads'),
  });
}

/** Every record of a list, fetched by the test, 500 at a time. */
async function fetchAll<T>(path: string, query: Record<string, string>): Promise<T[]> {
  const out: T[] = [];
  for (let offset = 0; ; offset += 500) {
    const qs = new URLSearchParams({ ...query, offset: String(offset), limit: '500' });
    const r = await fx.get(`${path}?${qs}`);
    expect(r.status).toBe(200);
    out.push(...r.body.data);
    if (offset + 500 >= r.body._meta.totalRecords) return out;
  }
}

const teamCols = ['name', 'league', 'country', 'founded', 'teamClass'].map((id) => {
  const c = TEAM_COLUMNS.find((x) => x.id === id);
  if (!c) throw new Error(id);
  return c;
});

describe('exportTable', () => {
  it('writes every Teams record to CSV in the service order, headers as shown, numbers as numbers', async () => {
    const out = await mkdtemp(join(dir, 'csv-'));
    const ex = await exportsFor(fx.base, fx.keys.full, out);
    const query = { sort: '-name', fields: 'id,name,league,country,founded,teamClass', limit: '25', offset: '50' };
    const started = await ex.handlers.exportTable({
      spec: {
        endpoint: 'teams',
        path: {},
        query,
        columns: teamCols.map((c) => ({ id: c.id, header: c.id === 'name' ? 'Club' : c.abbr })),
        context: { view: 'Teams' },
      },
      format: 'csv',
      scope: 'all',
    });
    expect(started.ok).toBe(true);
    if (!started.ok) return;
    const done = await settleExport(ex, started.value.id);
    expect(done.state).toBe('done');
    expect(done.savedTo).toBe(join(out, 'rinkside-teams.csv'));

    const bytes = await readFile(join(out, 'rinkside-teams.csv'));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = Papa.parse<string[]>(bytes.toString('utf8').slice(1), { skipEmptyLines: true });
    const [header, ...rows] = parsed.data;
    expect(header).toEqual(['Club', 'League', 'Country', 'Founded', 'Class']);

    const expected = await fetchAll<Team>('/teams', { sort: '-name', fields: query.fields });
    expect(done.rowsWritten).toBe(expected.length);
    expect(rows).toEqual(
      expected.map((t) => [
        t.name ?? '',
        t.league?.name ?? '',
        t.country?.name ?? '',
        t.founded === null || t.founded === undefined ? '' : String(t.founded),
        t.teamClass ?? '',
      ]),
    );
  });

  it('writes a team’s goalies to XLSX with typed numbers, formats, a frozen bold header and an About sheet', async () => {
    const [team] = fx.sql<{ teamId: number; n: number }>(
      'SELECT teamId, COUNT(*) AS n FROM player_stats WHERE isGoalie = 1 GROUP BY teamId ORDER BY n DESC LIMIT 1',
    );
    if (!team) throw new Error('no goalie rows');
    const out = await mkdtemp(join(dir, 'xlsx-'));
    const ex = await exportsFor(fx.base, fx.keys.full, out);
    const cols = GOALTENDING_COLUMNS.regularStats.filter((c) =>
      [
        'player',
        'regularStats.GP',
        'regularStats.GA',
        'regularStats.SVP',
        'regularStats.GAA',
        'regularStats.TOI',
      ].includes(c.id),
    );
    const started = await ex.handlers.exportTable({
      spec: {
        endpoint: 'teamGoaltendingLeaders',
        path: { id: team.teamId },
        query: { sort: '-regularStats.GP', fields: 'id,player,season,regularStats', limit: '10', offset: '0' },
        columns: cols.map((c) => ({ id: c.id, header: c.abbr })),
        context: { view: 'Goaltending leaders', teamCode: 'TST', season: 'All seasons' },
      },
      format: 'xlsx',
      scope: 'all',
    });
    if (!started.ok) throw new Error(started.error.message);
    const done = await settleExport(ex, started.value.id);
    expect(done.state).toBe('done');
    const file = join(out, 'rinkside-goaltending-TST-All-seasons.xlsx');
    expect(done.savedTo).toBe(file);

    const expected = await fetchAll<GoalieStatsRecord>(`/teams/${team.teamId}/goaltending-leaders`, {
      sort: '-regularStats.GP',
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.autoFilter).toBeTruthy();
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Player', 'GP', 'GA', 'SV%', 'GAA', 'TOI']);
    expect(sheet.rowCount - 1).toBe(expected.length);
    expected.forEach((g, i) => {
      const row = sheet.getRow(i + 2);
      const s = g.regularStats ?? {};
      const want = [g.player?.name, s.GP, s.GA, s.SVP, s.GAA, s.TOI];
      want.forEach((v, j) => {
        const cell = row.getCell(j + 1);
        expect(cell.value ?? null).toEqual(v ?? null);
      });
    });
    expect(sheet.getRow(2).getCell(4).numFmt).toBe('.000');
    expect(sheet.getRow(2).getCell(5).numFmt).toBe('0.00');
    expect(sheet.getRow(2).getCell(6).numFmt).toBe('#,##0');

    const about = book.getWorksheet('About');
    const words = new Map<string, unknown>();
    about?.eachRow((r) => words.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(words.get('Source')).toBe(fx.base);
    expect(String(words.get('Query'))).toContain('sorted by GP descending');
    expect(words.get('Records')).toBe(expected.length);
    // The synthetic world is not the Databank: no attribution line.
    expect(words.has('Attribution')).toBe(false);
  });

  it('refuses a column that is not in the catalog of the endpoint, naming it', async () => {
    const ex = await exportsFor(fx.base, fx.keys.full, dir);
    const r = await ex.handlers.exportTable({
      spec: { endpoint: 'teams', path: {}, query: {}, columns: [{ id: 'regularStats.GP', header: 'GP' }], context: {} },
      format: 'csv',
      scope: 'page',
    });
    expect(r).toMatchObject({ ok: false, error: { kind: 'bad-request', parameter: 'spec.columns.0.id' } });
  });

  it('a cancelled export leaves no file and no temp file', async () => {
    const out = await mkdtemp(join(dir, 'cancel-'));
    const ex = await exportsFor(fx.base, fx.keys.full, out);
    const started = await ex.handlers.exportTable({
      spec: {
        endpoint: 'teams',
        path: {},
        query: { sort: 'name' },
        columns: [{ id: 'name', header: 'Team' }],
        context: { view: 'Teams' },
      },
      format: 'xlsx',
      scope: 'all',
    });
    if (!started.ok) throw new Error(started.error.message);
    await ex.handlers.exportCancel({ id: started.value.id });
    const done = await settleExport(ex, started.value.id);
    expect(done.state).toBe('cancelled');
    expect((await readdir(out)).filter((f) => f !== 'settings')).toEqual([]);
  });

  it('writes every row once and in order when later pages answer first or the service sends fewer rows than asked', async () => {
    const client = createServiceClient();
    const query = { sort: 'name', fields: 'id,name' };
    const expected = await fetchAll<Team>('/teams', query);
    expect(expected.length).toBeGreaterThan(20);
    for (const cap of [null, 3]) {
      const out = await mkdtemp(join(dir, 'order-'));
      const asked: number[] = [];
      let open = 0;
      let mostOpen = 0;
      const r = await runExport({
        target: join(out, 'teams.csv'),
        format: 'csv',
        columns: [{ column: teamCols[0] as (typeof teamCols)[0], header: 'Team' }],
        query,
        scope: 'all',
        pageSize: 5,
        // Each answer is held back longer the earlier its page, so pages asked for ahead arrive first;
        // with `cap`, the service is asked for fewer rows than the export wants, as a service with a lower
        // largest `limit` would answer.
        fetchPage: async (q) => {
          asked.push(Number(q.offset));
          mostOpen = Math.max(mostOpen, ++open);
          const page = await client.request(
            fx.base,
            { endpoint: 'teams', path: {}, query: cap === null ? q : { ...q, limit: String(cap) } },
            fx.keys.full,
          );
          await new Promise((done) => setTimeout(done, Math.max(0, 40 - asked.length * 10)));
          open--;
          return page;
        },
        about: async () => ({ source: fx.base, query: '' }),
        signal: new AbortController().signal,
        onProgress: () => {},
      });
      expect(r).toEqual({ ok: true, value: expected.length });
      const text = (await readFile(join(out, 'teams.csv'), 'utf8')).slice(1);
      const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data.slice(1);
      expect(rows).toEqual(expected.map((t) => [t.name ?? '']));
      // Pages were asked for ahead: two were in flight at once.
      expect(mostOpen).toBe(2);
      // Each page was asked for once, at the service's own page size once it showed it: none was wasted.
      const size = cap ?? 5;
      expect(asked).toEqual(Array.from({ length: Math.ceil(expected.length / size) }, (_, i) => i * size));
    }
  });

  it('a page export of a malformed offset or limit is refused naming it, asks for nothing and makes no file', async () => {
    const out = await mkdtemp(join(dir, 'bad-page-'));
    for (const [query, parameter] of [
      [{ offset: '1e2', limit: '25' }, 'offset'],
      [{ offset: ' 5', limit: '25' }, 'offset'],
      [{ offset: '0', limit: '' }, 'limit'],
      [{ offset: '0', limit: 'abc' }, 'limit'],
      [{ offset: '0', limit: '0x10' }, 'limit'],
    ] as const) {
      let asked = 0;
      const r = await runExport({
        target: join(out, 'teams.csv'),
        format: 'csv',
        columns: [{ column: TEAM_COLUMNS[0] as (typeof TEAM_COLUMNS)[0], header: 'Team' }],
        query: { sort: 'name', ...query },
        scope: 'page',
        fetchPage: async () => {
          asked++;
          throw new Error('a malformed page is never asked for');
        },
        about: async () => ({ source: fx.base, query: '' }),
        signal: new AbortController().signal,
        onProgress: () => {},
      });
      expect(r).toMatchObject({ ok: false, error: { kind: 'bad-request', status: 400, parameter } });
      expect(asked).toBe(0);
      expect(await readdir(out)).toEqual([]);
    }
  });

  it('a 401 on a later page leaves no file, and the error says unauthorized', async () => {
    const out = await mkdtemp(join(dir, 'unauth-'));
    const client = createServiceClient();
    const target = join(out, 'goalies.csv');
    let pages = 0;
    const r = await runExport({
      target,
      format: 'csv',
      columns: [{ column: TEAM_COLUMNS[0] as (typeof TEAM_COLUMNS)[0], header: 'Team' }],
      query: { sort: 'name', limit: '5', offset: '0' },
      scope: 'all',
      // The first page with the key, the next with a key the service does not know (revoked mid-export).
      fetchPage: (q) =>
        client.request(
          fx.base,
          { endpoint: 'teams', path: {}, query: { ...q, limit: '3' } },
          pages++ === 0 ? fx.keys.full : 'revoked-key',
        ),
      about: async () => ({ source: fx.base, query: '' }),
      signal: new AbortController().signal,
      onProgress: () => {},
    });
    // The first page and at least one later one were asked for (later pages are asked for ahead).
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(r).toMatchObject({ ok: false, error: { kind: 'unauthorized' } });
    expect(await readdir(out)).toEqual([]);
  });

  it('a 403 on a later page says which rows the key may not read, and leaves no file', async () => {
    const out = await mkdtemp(join(dir, 'forbidden-'));
    const client = createServiceClient();
    const league = fx.limited.otherLeague;
    const total = (await fx.get(`/teams?league=${league}&limit=1`)).body._meta.totalRecords as number;
    expect(total).toBeGreaterThan(3);
    let pages = 0;
    const r = await runExport({
      target: join(out, 'teams.csv'),
      format: 'csv',
      columns: [{ column: TEAM_COLUMNS[0] as (typeof TEAM_COLUMNS)[0], header: 'Team' }],
      query: { league, sort: 'name' },
      scope: 'all',
      // The first page with the full key, the next with a key whose subscription lacks this league
      // (the scout's subscription changed mid-export): the service answers 403 for that page.
      fetchPage: (q) =>
        client.request(
          fx.base,
          { endpoint: 'teams', path: {}, query: { ...q, limit: '3' } },
          pages++ === 0 ? fx.keys.full : fx.keys.limited,
        ),
      about: async () => ({ source: fx.base, query: '' }),
      signal: new AbortController().signal,
      onProgress: () => {},
    });
    // The first page and at least one later one were asked for (later pages are asked for ahead).
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('forbidden');
    // The export asks for the rest of the rows in one page of up to 1000, so the refusal covers them all.
    expect(r.error.message).toContain(`The key may not read rows 4–${total} of ${total}`);
    expect(await readdir(out)).toEqual([]);
  });

  it('a full disk is a plain message and leaves no file (a full tmpfs, where this user may mount one)', async (ctx) => {
    const mnt = await mkdtemp(join(dir, 'full-'));
    try {
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', mnt], { stdio: 'ignore' });
    } catch {
      ctx.skip('mounting a tmpfs needs root (CI runs as root)');
    }
    try {
      // Fill the disk: the filler's write stops with ENOSPC once no block is left.
      await writeFile(join(mnt, 'filler'), Buffer.alloc(1 << 20)).catch((e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOSPC') throw e;
      });
      const ex = createExports({
        client: createServiceClient(),
        settings: await openSettings(await mkdtemp(join(dir, 'full-settings-'))),
        baseUrl: () => fx.base,
        keyFor: () => fx.keys.full,
        chooseFile: async (suggested) => join(mnt, suggested.split('/').at(-1) as string),
        downloadDir: join(mnt, 'downloads'),
      });
      const started = await ex.handlers.exportTable({
        spec: {
          endpoint: 'teams',
          path: {},
          query: { sort: 'name' },
          columns: TEAM_COLUMNS.map((c) => ({ id: c.id, header: c.abbr })),
          context: { view: 'Teams' },
        },
        format: 'csv',
        scope: 'all',
      });
      if (!started.ok) throw new Error(started.error.message);
      const done = await settleExport(ex, started.value.id);
      expect(done.state).toBe('failed');
      expect(done.error?.message).toBe('The disk is full: the export was not saved.');
      expect(await readdir(mnt)).toEqual(['filler']);
    } finally {
      execFileSync('umount', [mnt], { stdio: 'ignore' });
    }
  });

  it('never writes the key into a file, whatever characters it has', async () => {
    for (const [i, key] of HOSTILE_KEYS.entries()) {
      for (const format of ['csv', 'xlsx'] as const) {
        const out = await mkdtemp(join(dir, `hostile-${i}-`));
        const ex = await exportsFor(hostile.baseUrl, key, out);
        const started = await ex.handlers.exportTable({
          spec: {
            endpoint: 'teams',
            path: {},
            query: { sort: 'name', limit: '50', offset: '0' },
            columns: [{ id: 'name', header: 'Team' }],
            context: { view: 'Teams' },
          },
          format,
          scope: 'page',
        });
        if (!started.ok) throw new Error(started.error.message);
        const done = await settleExport(ex, started.value.id);
        expect(done.state).toBe('done');
        const bytes = await readFile(done.savedTo as string);
        expect(bytes.includes(Buffer.from(key))).toBe(false);
        if (format === 'xlsx') {
          // The XLSX is a zip: check every part's text too.
          const book = new ExcelJS.Workbook();
          await book.xlsx.load(bytes as unknown as ArrayBuffer);
          const texts: string[] = [];
          for (const ws of book.worksheets) ws.eachRow((row) => texts.push(JSON.stringify(row.values)));
          expect(texts.join('\n')).not.toContain(key);
          expect(texts.join('\n')).toContain('Team');
        }
      }
    }
  });
});
