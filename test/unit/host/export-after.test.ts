import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRIDGE_ARGS } from '../../../shared/bridge/bridge.ts';
import type { GoalieStatsRecord } from '../../../shared/contract/records/index.ts';
import { type Fixture, startFixture } from '../../contract/service-fixture.ts';
import { fixtureExports, settleExport } from './export-settle.ts';

// A team's goaltending export lists what its page lists: the goalies Min GP ranks, then those under it,
// most games first, each row marked. Against the real local service on a seeded SQLite file; the
// expected rows come from the test's own GETs of the service.

let fx: Fixture;
let dir: string;

beforeAll(async () => {
  fx = await startFixture();
  dir = await mkdtemp(join(tmpdir(), 'rinkside-export-after-'));
}, 60_000);
afterAll(async () => {
  await fx?.close();
  await rm(dir, { recursive: true, force: true });
});

const exportsFor = (outDir: string) => fixtureExports(fx, outDir);

/** Every record of a list, fetched by the test, 100 at a time. */
async function fetchAll(path: string, query: Record<string, string>): Promise<GoalieStatsRecord[]> {
  const out: GoalieStatsRecord[] = [];
  for (let offset = 0; ; offset += 100) {
    const r = await fx.get(`${path}?${new URLSearchParams({ ...query, offset: String(offset), limit: '100' })}`);
    expect(r.status).toBe(200);
    out.push(...r.body.data);
    if (offset + 100 >= r.body._meta.totalRecords) return out;
  }
}

const FIELDS = 'id,player,season,regularStats';
const gp = (g: GoalieStatsRecord) => g.regularStats?.GP ?? null;

/** The team with the most goalie rows, a Min GP that ranks some and not others, and the expected list. */
async function goalieWorld() {
  const [team] = fx.sql<{ teamId: number }>(
    'SELECT teamId, COUNT(*) AS n FROM player_stats WHERE isGoalie = 1 GROUP BY teamId ORDER BY n DESC LIMIT 1',
  );
  if (!team) throw new Error('no goalie rows');
  const path = `/teams/${team.teamId}/goaltending-leaders`;
  // Every season of the team, as the page's "All seasons" asks.
  const seasons = await fx.get(`/teams/${team.teamId}/seasons?limit=1000`);
  expect(seasons.status).toBe(200);
  const season = [...new Set(seasons.body.data.map((s: { slug: string }) => s.slug))].join(',');
  const byGames = await fetchAll(path, { sort: '-regularStats.GP', fields: FIELDS, season });
  const games = byGames.map(gp).filter((n): n is number => n !== null);
  // A qualifier that leaves at least three goalies on each side.
  const min = [...new Set(games)].find(
    (n) => games.filter((x) => x >= n).length > 2 && byGames.filter((g) => (gp(g) ?? -1) < n).length > 2,
  );
  if (min === undefined) throw new Error(`no Min GP splits ${games.join(',')}`);
  const ranked = await fetchAll(path, {
    sort: '-regularStats.SVP',
    fields: FIELDS,
    season,
    'regularStats.GP:min': String(min),
  });
  for (const g of ranked) expect(gp(g)).toBeGreaterThanOrEqual(min);
  const under = byGames.filter((g) => (gp(g) ?? -1) < min);
  for (let i = 1; i < under.length; i++)
    expect(gp(under[i - 1] as GoalieStatsRecord) ?? -1).toBeGreaterThanOrEqual(gp(under[i] as GoalieStatsRecord) ?? -1);
  expect(ranked.length).toBeGreaterThan(2);
  expect(under.length).toBeGreaterThan(2);
  expect(ranked.length + under.length).toBe(byGames.length);
  const marker = {
    header: `Ranked (Min GP ${min})`,
    first: `${min} or more games: ranked`,
    after: `Under ${min} games: not ranked`,
  };
  const spec = (page: { offset: number; limit: number }) => ({
    endpoint: 'teamGoaltendingLeaders' as const,
    path: { id: team.teamId },
    query: {
      sort: '-regularStats.SVP',
      fields: FIELDS,
      season,
      'regularStats.GP:min': String(min),
      offset: String(page.offset),
      limit: String(page.limit),
    },
    columns: [
      { id: 'player', header: 'Goaltender' },
      { id: 'regularStats.GP', header: 'GP' },
      { id: 'regularStats.SVP', header: 'SV%' },
    ],
    context: { view: 'Goaltending leaders', teamCode: 'TST', season: 'All seasons' },
    after: { query: { sort: '-regularStats.GP', fields: FIELDS, season }, marker },
  });
  const listed = [...ranked.map((g) => ({ g, mark: marker.first })), ...under.map((g) => ({ g, mark: marker.after }))];
  return { min, marker, spec, listed };
}

describe('a goaltending export under Min GP', () => {
  it('CSV of all rows: the ranked goalies, then those under Min GP by games, each marked in a last column', async () => {
    const { marker, spec, listed } = await goalieWorld();
    const out = await mkdtemp(join(dir, 'csv-'));
    const ex = await exportsFor(out);
    // Pages of 25 rows in the table: the file holds every row whatever page is shown.
    const started = await ex.handlers.exportTable({
      spec: spec({ offset: 25, limit: 25 }),
      format: 'csv',
      scope: 'all',
    });
    if (!started.ok) throw new Error(started.error.message);
    const done = await settleExport(ex, started.value.id);
    expect(done.state).toBe('done');
    expect(done.rowsWritten).toBe(listed.length);
    expect(done.totalRecords).toBe(listed.length);
    const text = (await readFile(done.savedTo as string, 'utf8')).replace(/^\uFEFF/, '');
    const [header, ...rows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
    expect(header).toEqual(['Goaltender', 'GP', 'SV%', marker.header]);
    expect(rows.map((r) => [r[0], r[1], r[3]])).toEqual(
      listed.map(({ g, mark }) => [g.player?.name ?? '', String(gp(g) ?? ''), mark]),
    );
  });

  it('XLSX of the page that straddles the two groups: its rows of each, numbers typed and formatted, the About sheet says both', async () => {
    const { marker, spec, listed } = await goalieWorld();
    const ranked = listed.filter((x) => x.mark === marker.first).length;
    const page = { offset: ranked - 2, limit: 5 };
    const out = await mkdtemp(join(dir, 'xlsx-'));
    const ex = await exportsFor(out);
    const started = await ex.handlers.exportTable({ spec: spec(page), format: 'xlsx', scope: 'page' });
    if (!started.ok) throw new Error(started.error.message);
    const done = await settleExport(ex, started.value.id);
    expect(done.state).toBe('done');
    const want = listed.slice(page.offset, page.offset + page.limit);
    expect(want.map((x) => x.mark)).toEqual([marker.first, marker.first, marker.after, marker.after, marker.after]);
    expect(done.rowsWritten).toBe(want.length);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(done.savedTo as string);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['Goaltender', 'GP', 'SV%', marker.header]);
    expect(sheet.rowCount - 1).toBe(want.length);
    want.forEach(({ g, mark }, i) => {
      const row = sheet.getRow(i + 2);
      expect([row.getCell(1).value, row.getCell(2).value, row.getCell(3).value ?? null, row.getCell(4).value]).toEqual([
        g.player?.name,
        gp(g),
        g.regularStats?.SVP ?? null,
        mark,
      ]);
      expect(row.getCell(2).numFmt).toBe('#,##0');
      expect(row.getCell(3).numFmt).toBe('.000');
    });
    const about = book.getWorksheet('About');
    const words = new Map<string, unknown>();
    about?.eachRow((r) => words.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(String(words.get('Query'))).toContain(`then ${marker.after}: sorted by GP descending`);
  });

  it('the second part is checked as the first: a key in its query or an unknown field is refused', () => {
    const args = (after: unknown) => ({
      spec: {
        endpoint: 'teamGoaltendingLeaders',
        path: { id: 1 },
        query: { sort: '-regularStats.SVP' },
        columns: [{ id: 'player', header: 'Goaltender' }],
        after,
      },
      format: 'csv',
      scope: 'all',
    });
    const marker = { header: 'Ranked', first: 'yes', after: 'no' };
    expect(BRIDGE_ARGS.exportTable.safeParse(args({ query: { sort: '-regularStats.GP' }, marker })).success).toBe(true);
    expect(BRIDGE_ARGS.exportTable.safeParse(args({ query: { apiKey: 'x' }, marker })).success).toBe(false);
    expect(BRIDGE_ARGS.exportTable.safeParse(args({ query: {}, marker, endpoint: 'teams' })).success).toBe(false);
  });
});
