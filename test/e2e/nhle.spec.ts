import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fieldsOf, readLines } from '../unit/service-data/databank-sample.ts';
import { type DatabankApp, startDatabankApp } from './databank-app.ts';
import { expect, hashParams, recordShot, test } from './fixtures.ts';

/**
 * NHLe in real Chromium on real rows: every WHA team of 1978-79 and every NHL team of 1978-79 and 1979-80
 * from the Hockey Databank, downloaded for offline through the Players view's panel. The league factors
 * table shows the WHA → NHL factor and sample the test recomputes from the sample's Scoring.csv (skaters,
 * regular season, stints of a league-season summed, 20+ GP in both, a ratio of sums); a pin of the scout
 * changes NHLe and is marked; the stats browser sorts by NHLe; Wayne Gretzky's page shows his NHLe and his
 * comparables; the chart of him and his comparables draws their arcs and saves as SVG.
 */

test.describe.configure({ mode: 'serial' });

let app: DatabankApp | undefined;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const teams = readLines('Teams.csv');
  const picks = teams.lines
    .map((l) => fieldsOf(teams.header, l))
    .filter(
      (t) => (t.lgID === 'WHA' && t.year === '1978') || (t.lgID === 'NHL' && ['1978', '1979'].includes(t.year ?? '')),
    )
    .map((t) => [Number(t.year), t.tmID as string] as const);
  app = await startDatabankApp({ name: 'wha-1978-nhl-1978-1979', picks });
});
test.afterAll(async () => {
  await app?.close();
});

type Row = Record<string, string>;
async function rows(file: string): Promise<Row[]> {
  const { header } = readLines(file);
  const text = await readFile(join(app?.csvDir ?? '', file), 'utf8');
  return text
    .split('\n')
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => fieldsOf(header, l));
}

/** Skating lines of a league-season of the sample, stints summed, by player. */
async function lines(lgID: string, year: string): Promise<Map<string, { name: string; gp: number; pts: number }>> {
  const master = new Map((await rows('Master.csv')).map((m) => [m.playerID, m]));
  const goalies = new Set((await rows('Goalies.csv')).map((g) => `${g.playerID}|${g.year}|${g.stint}|${g.tmID}`));
  const by = new Map<string, { name: string; gp: number; pts: number }>();
  for (const r of await rows('Scoring.csv')) {
    if (r.lgID !== lgID || r.year !== year || r.GP === '') continue;
    const m = master.get(r.playerID);
    const own = r.pos === 'G' || (r.pos === '' && m?.pos === 'G');
    if (own && goalies.has(`${r.playerID}|${r.year}|${r.stint}|${r.tmID}`)) continue;
    const l = by.get(r.playerID as string) ?? { name: `${m?.firstName} ${m?.lastName}`, gp: 0, pts: 0 };
    l.gp += Number(r.GP);
    l.pts += Number(r.Pts || 0);
    by.set(r.playerID as string, l);
  }
  return by;
}

test('league factors, NHLe in the stats browser and on the player page, comparables and a players chart', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const base = app?.url ?? '';
  await page.goto(`${base}#/players`);
  await page.getByRole('button', { name: 'Download for offline' }).first().click();
  const panel = page.locator('.download-panel');
  await panel.getByRole('checkbox', { name: 'NHL', exact: true }).check();
  await panel.getByRole('checkbox', { name: 'WHA', exact: true }).check();
  await panel.getByLabel('From season').selectOption('1978-1979');
  await panel.getByLabel('To season').selectOption('1979-1980');
  await panel.getByRole('button', { name: 'Start download' }).click();
  await expect(panel.getByRole('status')).toContainText('Done:', { timeout: 180_000 });

  // The factor recomputed from the sample's Scoring.csv.
  const wha = await lines('WHA', '1978');
  const nhl = await lines('NHL', '1979');
  const s = { gpA: 0, ptsA: 0, gpB: 0, ptsB: 0, n: 0 };
  for (const [id, a] of wha) {
    const b = nhl.get(id);
    if (!b || a.gp < 20 || b.gp < 20) continue;
    s.n++;
    s.gpA += a.gp;
    s.ptsA += a.pts;
    s.gpB += b.gp;
    s.ptsB += b.pts;
  }
  const factor = s.ptsB / s.gpB / (s.ptsA / s.gpA);

  await page.goto(`${base}#/players/factors`);
  const table = page.getByRole('table', { name: 'League factors into the NHL' });
  const whaRow = table.locator('tr[data-league="wha"]');
  await expect(whaRow).toBeVisible({ timeout: 60_000 });
  const cells = whaRow.locator('td');
  await expect(cells.nth(1)).toHaveText(factor.toFixed(3));
  await expect(cells.nth(3)).toHaveText(String(s.n));
  await expect(cells.nth(4)).toHaveText('WHA → NHL');
  await recordShot(page, 'factors-table');

  // The scout pins his own factor: NHLe uses it, marked as his; unpinned, the computed one is back.
  await whaRow.getByRole('button', { name: 'Pin a factor for WHA' }).click();
  await whaRow.getByRole('spinbutton', { name: 'Your factor for WHA' }).fill('0.5');
  await whaRow.getByRole('textbox', { name: 'Why' }).fill('Older league, thinner rosters');
  await whaRow.getByRole('button', { name: 'Pin', exact: true }).click();
  await expect(cells.nth(5)).toHaveText('0.500*');
  await expect(whaRow).toContainText('Older league, thinner rosters');
  await recordShot(page, 'factors-table-pinned');
  await whaRow.getByRole('button', { name: 'Unpin WHA' }).click();
  await expect(cells.nth(5)).toHaveText(factor.toFixed(3));

  // The stats browser sorted by NHLe: WHA 1978-79, 20+ GP, by PTS/GP × factor (then fewer GP, then name).
  await page.goto(`${base}#/players/stats?league=wha&season=1978-1979&sort=-nhlePTSperGP`);
  const leaders = page.getByRole('table', { name: 'Leaders' });
  await expect(page.locator('.data-table[data-state="ready"]')).toBeVisible();
  const expected = [...wha.values()]
    .filter((l) => l.gp >= 20)
    .sort((a, b) => b.pts / b.gp - a.pts / a.gp || a.gp - b.gp || (a.name < b.name ? -1 : 1));
  const first = leaders.locator('tbody tr').first();
  await expect(first).toContainText(expected[0]?.name ?? '?');
  await expect(first).toContainText((((expected[0]?.pts ?? 0) / (expected[0]?.gp ?? 1)) * factor).toFixed(2));
  expect(hashParams(page).get('sort')).toBe('-nhlePTSperGP');
  // Wide enough for the NHLe columns at the table's right end.
  await page.setViewportSize({ width: 1800, height: 860 });
  await recordShot(page, 'stats-browser-nhle');
  await page.setViewportSize({ width: 1280, height: 860 });

  // Wayne Gretzky's page: his NHLe in 1978-79 (WHA) and his comparables.
  await leaders.getByRole('link', { name: 'Wayne Gretzky' }).first().click();
  const nhleTable = page.getByRole('table', { name: 'NHLe by season of Wayne Gretzky' });
  const whaSeason = nhleTable.locator('tr', { hasText: 'WHA' });
  await expect(whaSeason).toContainText(((110 / 80) * factor).toFixed(2), { timeout: 30_000 });
  const comparables = page.getByTestId('comparables');
  await expect(comparables.getByRole('table', { name: 'Comparables' }).locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('comparables-share')).toContainText('No complete career');
  await page.locator('.player-nhle').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await recordShot(page, 'player-page-nhle');

  // The chart of him with his comparables: one line each, the median dashed, saved as SVG.
  await comparables.getByRole('link', { name: 'Chart him with his comparables' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Players in charts' })).toBeVisible();
  const chart = page.locator('[data-chart="arcs"]');
  await expect(chart.locator('.recharts-line').first()).toBeVisible({ timeout: 30_000 });
  const legend = chart.getByRole('list', { name: 'Legend' });
  await expect(legend).toContainText('Wayne Gretzky');
  await expect(legend).toContainText('Median of');
  await expect(chart.getByRole('img', { name: /Wayne Gretzky, draft age 18: NHLe PTS\/GP/ })).toHaveCount(1);
  await page.mouse.move(0, 0);
  await recordShot(page, 'players-chart');
  const download = page.waitForEvent('download');
  await chart.getByRole('button', { name: 'Save SVG' }).click();
  const svg = await readFile((await (await download).path()) ?? '', 'utf8');
  expect(svg).toContain('<svg');
  expect(svg).toContain('Wayne Gretzky');
});
