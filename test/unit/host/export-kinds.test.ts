import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { standingsExportSpec, standingsTableSpec } from '../../../renderer/entities/league/standings.ts';
import { wireSpec } from '../../../renderer/table/exportActions.ts';
import { TREND_METRICS } from '../../../renderer/views/compare/model.ts';
import { listTableSpec } from '../../../renderer/views/lists/spec.ts';
import { leadersTableSpec } from '../../../renderer/views/team/goaltending-spec.ts';
import { scoringTableSpec } from '../../../renderer/views/team/scoring-spec.ts';
import { teamsTableSpec } from '../../../renderer/views/teams/spec.ts';
import type { BridgeArgs, ExportStatus } from '../../../shared/bridge/bridge.ts';
import type { StandingsRecord } from '../../../shared/contract/records/index.ts';
import type { ListTableSpec, TableSpec } from '../../../shared/query/table-spec.ts';
import { startTestHost, type TestHost } from '../renderer/real-host.ts';

// Every kind of XLSX export the app makes — tables, standings in both layouts, the three goalie and
// scoring parts, a scouting list and every Compare chart's table — from the views' own spec functions,
// through the real host's bridge (the same validation as the page's calls) and the real local service,
// read back with exceljs' reader. The expected sheet names are the test's own: the view's name with the
// characters Excel forbids in a sheet name replaced.

let t: TestHost;
let base: string;
let key: string;

beforeAll(async () => {
  t = await startTestHost();
  const embedded = t.host.embedded;
  if (!embedded) throw new Error('no embedded service');
  base = embedded.baseUrl();
  key = embedded.demoKey() ?? '';
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function get<T>(path: string, query: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${base}${path}?${new URLSearchParams({ ...query, apiKey: key })}`);
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** Polls an export through the bridge until it ends, as the page does. */
async function settle(first: ExportStatus): Promise<ExportStatus> {
  let s = first;
  while (s.state === 'running') {
    await new Promise((r) => setTimeout(r, 20));
    const next = await t.bridge.exportStatus({ id: s.id });
    if (!next.ok) throw new Error(next.error.message);
    s = next.value;
  }
  return s;
}

/** The finished file of an export, read back with exceljs, with its suggested name. */
async function readBack(started: Awaited<ReturnType<typeof t.bridge.exportTable>>) {
  if (!started.ok) throw new Error(started.error.message);
  const done = await settle(started.value);
  expect(done.state, done.error?.message).toBe('done');
  const file = t.host.exports.downloadFile(done.id);
  if (!file) throw new Error('no file');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file.path);
  return { book, name: file.name, rows: done.rowsWritten };
}

const q = (over: Partial<TableSpec['query']> = {}): TableSpec['query'] => ({
  offset: 0,
  limit: 50,
  filters: {},
  ...over,
});
/** The test's own rule for a sheet name: Excel forbids these characters in one. */
const sheetName = (view: string) => view.replace(/[[\]:*?/\\]/g, '-').slice(0, 31);

const names: string[] = [];

async function exportSpec(spec: TableSpec | ListTableSpec) {
  const args: BridgeArgs<'exportTable'> = { spec: wireSpec(spec), format: 'xlsx', scope: 'all' };
  const out = await readBack(await t.bridge.exportTable(args));
  names.push(out.name);
  const view = spec.context.view ?? 'Table';
  expect(out.book.worksheets.map((w) => w.name)).toEqual([sheetName(view), 'About']);
  const sheet = out.book.worksheets[0] as ExcelJS.Worksheet;
  expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(spec.columns.map((c) => c.abbr));
  expect(sheet.rowCount - 1).toBe(out.rows);
  return { ...out, sheet };
}

describe('every export kind is a workbook exceljs reads back', () => {
  it('Teams, and standings in both layouts (the grouped one with its Group column first)', async () => {
    const teams = await exportSpec(teamsTableSpec(q({ sort: ['name'] })));
    expect(teams.rows).toBeGreaterThan(50);
    const standings = await get<{ data: StandingsRecord[] }>('/leagues/nhl/standings', {
      sort: 'group,position',
      limit: '1000',
    });
    const grouped = standingsTableSpec({ league: 'nhl', season: undefined, query: q({ sort: ['group', 'position'] }) });
    const byGroup = await exportSpec(standingsExportSpec(grouped, standings.data));
    expect(byGroup.sheet.getRow(1).getCell(1).value).toBe('Group');
    expect(standings.data.map((_, i) => byGroup.sheet.getRow(i + 2).getCell(1).value)).toEqual(
      standings.data.map((s) => s.group),
    );
    await exportSpec(standingsTableSpec({ league: 'nhl', season: undefined, query: q({ sort: ['-stats.PTS'] }) }));
  });

  it('the goalie and scoring parts: regular season, playoffs and total, each under its own name', async () => {
    const team = (await get<{ data: { id: number; name: string }[] }>('/teams', { league: 'nhl', limit: '1' })).data[0];
    if (!team) throw new Error('no team');
    const seasons = (await get<{ data: { slug: string }[] }>(`/teams/${team.id}/seasons`, { limit: '100' })).data.map(
      (s) => s.slug,
    );
    const season = seasons[0];
    const before = names.length;
    for (const block of ['regularStats', 'postseasonStats', 'totalStats'] as const) {
      await exportSpec(
        leadersTableSpec({ season, block, minGp: 0, query: q() }, { teamId: team.id, teamName: team.name, seasons }),
      );
      await exportSpec(
        scoringTableSpec({ season, block, query: q() }, { teamId: team.id, teamName: team.name, seasons }),
      );
    }
    const parts = names.slice(before);
    expect(new Set(parts).size).toBe(6);
    expect(parts.filter((n) => n.startsWith('rinkside-goaltending-'))).toHaveLength(3);
  });

  it('a scouting list', async () => {
    const list = await t.bridge.scoutingListCreate({ name: 'Sheet: names/with [odd] chars?' });
    if (!list.ok) throw new Error(list.error.message);
    const saved = await t.bridge.scoutingListEntrySave({
      listId: list.value.id,
      playerId: 424242,
      player: { name: 'Sheet Tester', position: 'G' },
      rating: 5,
      note: '=1+1',
    });
    expect(saved.ok).toBe(true);
    const out = await exportSpec(listTableSpec(list.value, q({ sort: ['-rating'] })));
    expect(out.rows).toBe(1);
    // A note is text in XLSX: exceljs writes it as a string, never as a formula.
    expect(out.sheet.getRow(2).getCell(3).value).toBe('=1+1');
  });

  it('every Compare chart’s table, "Compare trend GF/GP" and the other trend metrics included', async () => {
    const views = [
      'Compare profile',
      'Compare scatter',
      'Compare goalies',
      ...TREND_METRICS.map((m) => `Compare trend ${m.label}`),
    ];
    expect(views).toContain('Compare trend GF/GP');
    for (const view of views) {
      const table = {
        columns: ['Season', 'Nashville Predators', 'Winnipeg Jets'],
        rows: [
          ['2016-2017', 3.1, 2.9],
          ['2017-2018', 3.3, null],
        ],
        context: { view, league: 'NHL', season: '2017-2018' },
      };
      const out = await readBack(await t.bridge.exportRows({ table, format: 'xlsx' }));
      expect(out.book.worksheets.map((w) => w.name)).toEqual([sheetName(view), 'About']);
      const sheet = out.book.worksheets[0] as ExcelJS.Worksheet;
      expect(sheet.getRow(2).getCell(2).value).toBe(3.1);
      names.push(out.name);
    }
  });

  it('a view name Excel would refuse or that clashes with the About sheet still makes a readable workbook', async () => {
    const cases: [string, string][] = [
      ['About', 'Table'],
      ['history', 'Table'],
      ["'Quoted view'", 'Quoted view'],
      ['A view name far longer than thirty-one characters', 'A view name far longer than thi'],
      ['Goals [for]: *all*?', 'Goals -for-- -all--'],
    ];
    for (const [view, want] of cases) {
      const table = { columns: ['Team'], rows: [['Winnipeg Jets']], context: { view } };
      const out = await readBack(await t.bridge.exportRows({ table, format: 'xlsx' }));
      expect(out.book.worksheets.map((w) => w.name)).toEqual([want, 'About']);
    }
  });
});
