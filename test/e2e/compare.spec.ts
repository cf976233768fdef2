import { readFile, writeFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { type DirectService, env, expect, recordShot, screenshot, test } from './fixtures.ts';

/**
 * Compare on the demo data: the numbers each chart shows (its focusable marks' labels and its "Show as
 * table" view) against the test's own arithmetic on the service's raw records; "Save PNG" writes a PNG
 * of the expected size.
 */

const LEAGUE = 'nhl';
const SEASON = '2018-2019';
/** Chart height in CSS pixels, the title band above it in saved images, and the PNG scale (the view's spec). */
const CHART = { height: 340, header: 48, scale: 2 };
/** Narrowest a chart is drawn (CSS pixels); below it its card scrolls sideways. */
const MIN_CHART_WIDTH = 480;

/**
 * A chart's drawn width and the width of its card's content box, read from the page's layout: the chart
 * takes the card's width (never less than {@link MIN_CHART_WIDTH}).
 */
async function widths(c: Locator): Promise<{ chart: number; card: number }> {
  return c.evaluate((card) => {
    const svg = card.querySelector('.recharts-wrapper > svg.recharts-surface');
    const style = getComputedStyle(card);
    const content = card.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
    return { chart: Number(svg?.getAttribute('width')), card: Math.floor(content) };
  });
}

interface Standing {
  id: number;
  teamName?: string;
  team: { id: number; name: string };
  stats: Record<string, number | null>;
}
interface Comparison {
  team: { id: number };
  averageAge: number | null;
  averageHeight: { metrics: number | null } | null;
  averageWeight: { metrics: number | null } | null;
}
interface Goalie {
  id: number;
  player: { name?: string; firstName?: string; lastName?: string } | null;
  regularStats: Record<string, number | null> | null;
}

/** The one element of a list; a list of another length is a test error. */
function only<T>(list: readonly T[]): T {
  const [x] = list;
  if (list.length !== 1 || x === undefined) throw new Error(`expected one element, got ${list.length}`);
  return x;
}
const three = (v: number | null) => (v === null ? '—' : v.toFixed(3).replace(/^0\./, '.'));
const two = (v: number | null) => (v === null ? '—' : v.toFixed(2));
const one = (v: number | null) => (v === null ? '—' : v.toFixed(1));
const avg = (xs: (number | null)[]) => {
  const v = xs.filter((x): x is number => typeof x === 'number');
  return v.length ? v.reduce((a, b) => a + b, 0) / v.length : null;
};

/** The test's own figures of every team: rates from standings, averages from team comparison, goalies summed. */
async function figures(service: DirectService) {
  const standings = (await service.list<Standing>(`/leagues/${LEAGUE}/standings`, { season: SEASON, limit: '1000' }))
    .data;
  const comparison = (await service.list<Comparison>(`/leagues/${LEAGUE}/${SEASON}/team-comparison`, { limit: '1000' }))
    .data;
  const goalies = new Map<number, Goalie[]>();
  await Promise.all(
    standings.map(async (s) => {
      const page = await service.list<Goalie>(`/teams/${s.team.id}/goaltending-leaders`, {
        season: SEASON,
        limit: '1000',
        fields: 'id,player,regularStats',
      });
      goalies.set(s.team.id, page.data);
    }),
  );
  return standings.map((s) => {
    const st = s.stats;
    const gp = st.GP as number;
    const c = comparison.find((x) => x.team.id === s.team.id);
    const g = goalies.get(s.team.id) ?? [];
    let sa = 0;
    let svs = 0;
    let ga = 0;
    let toi = 0;
    for (const x of g) {
      const r = x.regularStats ?? {};
      sa += r.SA ?? 0;
      svs += r.SVS ?? 0;
      ga += r.GA ?? 0;
      toi += r.TOI ?? 0;
    }
    return {
      id: s.team.id,
      name: s.teamName ?? s.team.name,
      goalies: g,
      GP: gp,
      PTS: st.PTS as number,
      m: {
        'PTS%': (st.PTS as number) / (2 * gp),
        'GF/GP': (st.GF as number) / gp,
        'GA/GP (lower is better)': (st.GA as number) / gp,
        GD: st.GD ?? (st.GF as number) - (st.GA as number),
        'SV%': sa > 0 ? svs / sa : null,
        'GAA (lower is better)': toi > 0 ? (ga * 60) / toi : null,
        // No better direction: an older, taller or heavier team is not a better one.
        'Age (no better direction)': c?.averageAge ?? null,
        'Height (no better direction)': c?.averageHeight?.metrics ?? null,
        'Weight (no better direction)': c?.averageWeight?.metrics ?? null,
      } as Record<string, number | null>,
    };
  });
}

const FORMAT: Record<string, (v: number | null) => string> = {
  'PTS%': three,
  'GF/GP': two,
  'GA/GP (lower is better)': two,
  GD: (v) => (v === null ? '—' : v.toFixed(0)),
  'SV%': three,
  'GAA (lower is better)': two,
  'Age (no better direction)': one,
  'Height (no better direction)': one,
  'Weight (no better direction)': one,
};
/** A metric formatted as the profile shows it; a metric outside FORMAT is a test error. */
const fmt = (k: string, v: number | null): string => {
  const f = FORMAT[k];
  if (!f) throw new Error(`no format for ${k}`);
  return f(v);
};

const chart = (page: Page, id: string) => page.locator(`[data-chart="${id}"]`);
const markLabels = (c: Locator) =>
  c.locator('svg [role="img"][aria-label]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
async function tableOf(c: Locator): Promise<string[][]> {
  await c.getByRole('button', { name: 'Show as table' }).click();
  const rows = await c
    .locator('table tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => (td.textContent ?? '').trim())));
  await c.getByRole('button', { name: 'Show as table' }).click();
  return rows;
}

test('Compare: three teams, every chart’s numbers from the service, and a saved PNG', async ({ page, service }) => {
  const all = await figures(service);
  const chosen = all.slice(0, 3);
  await page.goto(
    `${env.demo.url}#/compare?league=${LEAGUE}&season=${SEASON}&teams=${chosen.map((t) => t.id).join(',')}`,
  );
  const profile = chart(page, 'profile');
  await expect(profile.locator('svg [role="img"]').first()).toBeVisible();

  // (a) Profile: one focusable bar per team and metric, and the table of exact values.
  const metrics = Object.keys(FORMAT);
  const league = Object.fromEntries(metrics.map((k) => [k, avg(all.map((t) => t.m[k] ?? null))]));
  const expectedBars = chosen.flatMap((t) =>
    metrics.map((k) => `${t.name}: ${k} ${fmt(k, t.m[k] ?? null)}; league average ${fmt(k, league[k] ?? null)}`),
  );
  expect((await markLabels(profile)).sort()).toEqual(expectedBars.sort());
  expect(await tableOf(profile)).toEqual([
    ['Metric', 'League average', ...chosen.map((t) => t.name)],
    ...metrics.map((k) => [k, fmt(k, league[k] ?? null), ...chosen.map((t) => fmt(k, t.m[k] ?? null))]),
  ]);

  // (b) League scatter: every team's GF/GP and GA/GP.
  const scatter = chart(page, 'scatter');
  const expectedPoints = all.map(
    (t) => `${t.name}: GF/GP ${two(t.m['GF/GP'] ?? null)}, GA/GP ${two(t.m['GA/GP (lower is better)'] ?? null)}`,
  );
  expect((await markLabels(scatter)).sort()).toEqual(expectedPoints.sort());
  const scatterTable = await tableOf(scatter);
  expect(
    scatterTable
      .slice(1)
      .map((r) => `${r[0]}: GF/GP ${r[5]}, GA/GP ${r[6]}`)
      .sort(),
  ).toEqual(expectedPoints.sort());

  // The scatter's table also lists GP and PTS as the standings give them.
  expect(
    scatterTable
      .slice(1)
      .map((r) => `${r[0]} ${r[1]} ${r[2]}`)
      .sort(),
  ).toEqual(all.map((t) => `${t.name} ${t.GP} ${t.PTS}`).sort());

  // (c) Trend: the chosen season's PTS% of each chosen team is among the line's points.
  const trendLabels = await markLabels(chart(page, 'trend'));
  for (const t of chosen) expect(trendLabels).toContain(`${t.name}, ${SEASON}: PTS% ${three(t.m['PTS%'] ?? null)}`);
  // Its axis names seasons as seasons (`2018-19`), never a year alone that reads as a calendar year.
  await chart(page, 'trend').scrollIntoViewIfNeeded();
  await recordShot(page, 'stumbles-7-compare-trend-axis');
  const ticks = await chart(page, 'trend')
    .locator('.recharts-xAxis-tick-labels .recharts-cartesian-axis-tick-value')
    .allTextContents();
  expect(ticks.length).toBeGreaterThan(1);
  for (const t of ticks) {
    expect(t).toMatch(/^\d{4}-\d{2}$/);
    expect(Number(t.slice(5))).toBe((Number(t.slice(0, 4)) + 1) % 100);
  }

  // (d) Goalies with at least 10 GP, each from its own raw numbers.
  const expectedGoalies = chosen.flatMap((t) =>
    t.goalies
      .filter((g) => (g.regularStats?.GP ?? 0) >= 10)
      .map((g) => {
        const r = g.regularStats ?? {};
        const name = g.player?.name ?? [g.player?.firstName, g.player?.lastName].filter(Boolean).join(' ');
        const sv = (r.SA ?? 0) > 0 ? (r.SVS ?? (r.SA as number) - (r.GA as number)) / (r.SA as number) : null;
        const gaa = (r.TOI ?? 0) > 0 ? ((r.GA ?? 0) * 60) / (r.TOI as number) : null;
        return `${name} (${t.name}): GP ${r.GP}, SV% ${three(sv)}, GAA ${two(gaa)}`;
      }),
  );
  expect(expectedGoalies.length).toBeGreaterThan(0);
  const goaliesChart = chart(page, 'goalies');
  expect((await markLabels(goaliesChart)).sort()).toEqual(expectedGoalies.sort());
  const goalieTable = await tableOf(goaliesChart);
  expect(
    goalieTable
      .slice(1)
      .map((r) => `${r[0]} (${r[1]}): GP ${r[2]}, SV% ${r[3]}, GAA ${r[4]}`)
      .sort(),
  ).toEqual(expectedGoalies.sort());

  await screenshot(page, 'compare-demo');
  for (const id of ['profile', 'scatter', 'trend', 'goalies']) {
    await chart(page, id).screenshot({ path: `test-results/screens/compare-demo-${id}.png` });
  }

  // The chart is as wide as its card.
  const drawn = await widths(scatter);
  expect(drawn.chart).toBe(Math.max(MIN_CHART_WIDTH, drawn.card));

  // Save SVG: a standalone SVG document with the chart's title and its marks' labels.
  const svgDownload = page.waitForEvent('download');
  await scatter.getByRole('button', { name: 'Save SVG' }).click();
  const svg = await readFile(await (await svgDownload).path(), 'utf8');
  await writeFile('test-results/screens/compare-demo-saved-scatter.svg', svg);
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
  expect(svg).toContain(`width="${drawn.chart}" height="${CHART.height + CHART.header}"`);
  expect(svg).toContain(`aria-label="${only(expectedPoints.slice(0, 1)).replace(/&/g, '&amp;')}"`);

  // Save PNG: a download the test opens, of the chart's size (plus the title band) at the PNG scale.
  const download = page.waitForEvent('download');
  await scatter.getByRole('button', { name: 'Save PNG' }).click();
  const file = await (await download).path();
  const png = await readFile(file);
  await writeFile('test-results/screens/compare-demo-saved-scatter.png', png);
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(png.length).toBeGreaterThan(5000);
  expect(png.readUInt32BE(16)).toBe(drawn.chart * CHART.scale);
  expect(png.readUInt32BE(20)).toBe((CHART.height + CHART.header) * CHART.scale);
});

test('Compare: one team asks for a second; an unknown team is said plainly', async ({ page, service }) => {
  const st = only(
    (await service.list<Standing>(`/leagues/${LEAGUE}/standings`, { season: SEASON, limit: '1' })).data.slice(0, 1),
  );
  // A team of another league that season: named, and said to have not played here.
  const elsewhere = only(
    (await service.list<Standing>('/leagues/del/standings', { season: SEASON, limit: '1' })).data.slice(0, 1),
  );
  await page.goto(
    `${env.demo.url}#/compare?league=${LEAGUE}&season=${SEASON}&teams=${st.team.id},999999,${elsewhere.team.id}`,
  );
  await expect(page.getByText('Choose 2 to 8 teams to compare.')).toBeVisible();
  await expect(page.getByText('There is no team 999999: it is left out.')).toBeVisible();
  await expect(page.getByText(`${elsewhere.team.name} did not play in NHL ${SEASON}: it is left out.`)).toBeVisible();
  // Search as you type adds a team to the URL.
  const other = only(
    (await service.list<Standing>(`/leagues/${LEAGUE}/standings`, { season: SEASON, limit: '2' })).data.slice(1, 2),
  );
  const name = other.teamName ?? other.team.name;
  await page.getByRole('combobox', { name: /^Teams/ }).fill(name.slice(0, 6));
  await page.getByRole('option', { name }).click();
  await expect(page).toHaveURL(
    new RegExp(`teams=${st.team.id}(%2C|,)999999(%2C|,)${elsewhere.team.id}(%2C|,)${other.team.id}`),
  );

  // The team page's "Compare with…" opens Compare with that team, in its league-season.
  await page.goto(`${env.demo.url}#/teams/${st.team.id}?season=${SEASON}`);
  await page.getByRole('link', { name: 'Compare with…' }).click();
  await expect(page).toHaveURL(new RegExp(`#/compare\\?league=${LEAGUE}&season=${SEASON}&teams=${st.team.id}$`));
  await expect(page.getByText('Choose 2 to 8 teams to compare.')).toBeVisible();
});

/** A shown cell as the exported file holds it: the dash empty, numbers as numbers (`.713` → 0.713). */
const asFileCell = (text: string): string | number | null =>
  text === '—' ? null : /^-?(\d+(\.\d+)?|\.\d+)$/.test(text) ? Number(text) : text;

test('Compare: a chart’s table exports as shown, to CSV, to XLSX and to the clipboard', async ({
  page,
  context,
  service,
}) => {
  const all = await figures(service);
  const chosen = all.slice(0, 3);
  await page.goto(
    `${env.demo.url}#/compare?league=${LEAGUE}&season=${SEASON}&teams=${chosen.map((t) => t.id).join(',')}`,
  );
  const metrics = Object.keys(FORMAT);
  const league = Object.fromEntries(metrics.map((k) => [k, avg(all.map((t) => t.m[k] ?? null))]));
  const shown = [
    ['Metric', 'League average', ...chosen.map((t) => t.name)],
    ...metrics.map((k) => [k, fmt(k, league[k] ?? null), ...chosen.map((t) => fmt(k, t.m[k] ?? null))]),
  ];
  const profile = chart(page, 'profile');
  await expect(profile.locator('svg [role="img"]').first()).toBeVisible();
  await profile.getByRole('button', { name: 'Show as table' }).click();
  expect(
    await profile
      .locator('table tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => (td.textContent ?? '').trim()))),
  ).toEqual(shown);

  // CSV: the same header and rows; numbers written as numbers, the dash as an empty cell.
  await profile.getByRole('button', { name: /^Export/ }).click();
  const csvDownload = page.waitForEvent('download');
  await profile.getByRole('button', { name: 'CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`rinkside-compare-profile-NHL-${SEASON}.csv`);
  const csvText = (await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(csvText, { skipEmptyLines: true }).data;
  expect(parsed).toEqual(
    shown.map((r, i) =>
      i === 0
        ? r
        : r.map((c) => {
            const v = asFileCell(c);
            return v === null ? '' : String(v);
          }),
    ),
  );

  // XLSX: typed numbers in the first sheet, an About sheet that names the table.
  await profile.getByRole('button', { name: /^Export/ }).click();
  const xlsxDownload = page.waitForEvent('download');
  await profile.getByRole('button', { name: 'Excel (.xlsx)' }).click();
  const xlsx = await xlsxDownload;
  // The outcome clears itself after a few seconds: look for it before the file is read.
  await expect(profile.getByText(/^Exported 9 rows to /)).toBeVisible();
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await xlsx.path());
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet in the XLSX');
  const cells: (string | number | null)[][] = [];
  sheet.eachRow((row) =>
    cells.push(
      Array.from(
        { length: shown[0]?.length ?? 0 },
        (_, j) => (row.getCell(j + 1).value ?? null) as string | number | null,
      ),
    ),
  );
  expect(cells).toEqual(shown.map((r, i) => (i === 0 ? r : r.map(asFileCell))));
  const about = new Map<string, unknown>();
  book.getWorksheet('About')?.eachRow((r) => about.set(String(r.getCell(1).value), r.getCell(2).value));
  expect(String(about.get('Query'))).toContain(`Compare profile · NHL · ${SEASON}`);

  // Copy: TSV of the rows as shown, the dash left empty.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.demo.url });
  await profile.getByRole('button', { name: /^Export/ }).click();
  await profile.getByRole('button', { name: 'Copy table' }).click();
  await expect(profile.getByText(`Copied ${metrics.length} rows to the clipboard.`)).toBeVisible();
  const tsv = await page.evaluate(() => navigator.clipboard.readText());
  expect(tsv).toBe(shown.map((r) => r.map((c) => (c === '—' ? '' : c)).join('\t')).join('\n'));
  await profile.screenshot({ path: 'test-results/screens/compare-demo-profile-table.png' });
});

test('Compare: the goalie chart’s Min GP is in the URL, so a reload or a shared link keeps it', async ({
  page,
  service,
}) => {
  const all = await figures(service);
  const chosen = all.slice(0, 3);
  const games = chosen.flatMap((t) => t.goalies.map((g) => g.regularStats?.GP ?? 0));
  // The most games any of their goalies played: a qualifier only the busiest goalies pass.
  const minGP = Math.max(...games);
  expect(minGP).toBeGreaterThan(10);
  const expected = chosen.flatMap((t) =>
    t.goalies
      .filter((g) => (g.regularStats?.GP ?? 0) >= minGP)
      .map((g) => {
        const name = g.player?.name ?? [g.player?.firstName, g.player?.lastName].filter(Boolean).join(' ');
        return `${name} (${t.name})`;
      }),
  );
  await page.goto(
    `${env.demo.url}#/compare?league=${LEAGUE}&season=${SEASON}&teams=${chosen.map((t) => t.id).join(',')}`,
  );
  const goalies = chart(page, 'goalies');
  const input = goalies.getByLabel('Min GP');
  await expect(input).toHaveValue('10');
  await input.fill(String(minGP));
  await expect(page).toHaveURL(new RegExp(`[?&]minGP=${minGP}(&|$)`));
  const names = async () => (await markLabels(goalies)).map((l) => l.replace(/: GP .*$/, '')).sort();
  await expect.poll(names).toEqual([...expected].sort());

  await page.reload();
  await expect(chart(page, 'goalies').getByLabel('Min GP')).toHaveValue(String(minGP));
  await expect.poll(names).toEqual([...expected].sort());
  await expect(chart(page, 'goalies').getByText(`with at least ${minGP} GP`)).toBeVisible();
  await chart(page, 'goalies').screenshot({ path: 'test-results/screens/compare-demo-goalies-min-gp.png' });

  // Back to the default: the URL no longer names it.
  await chart(page, 'goalies').getByLabel('Min GP').fill('10');
  await expect(page).not.toHaveURL(/minGP=/);
});

test('Compare: the team picker is an ARIA combobox the keyboard drives', async ({ page, service }) => {
  const standings = (await service.list<Standing>(`/leagues/${LEAGUE}/standings`, { season: SEASON, limit: '1000' }))
    .data;
  const teams = standings.map((s) => ({ id: s.team.id, name: s.teamName ?? s.team.name }));
  const [first, ...rest] = teams;
  if (!first || rest.length < 3) throw new Error('the demo season has too few teams');
  // The list the picker should offer: every team not chosen, by name.
  const offered = rest.map((t) => t.name).sort((a, b) => a.localeCompare(b));
  await page.goto(`${env.demo.url}#/compare?league=${LEAGUE}&season=${SEASON}&teams=${first.id}`);

  const combo = page.getByRole('combobox', { name: /^Teams/ });
  await expect(combo).toHaveAttribute('aria-expanded', 'false');
  const listId = await combo.getAttribute('aria-controls');
  expect(listId).toBeTruthy();
  await combo.focus();

  // ArrowDown opens the whole list with the first option active; arrows move the active option.
  await combo.press('ArrowDown');
  await expect(combo).toHaveAttribute('aria-expanded', 'true');
  const list = page.getByRole('listbox', { name: 'Matching teams' });
  await expect(list).toHaveAttribute('id', listId as string);
  await expect(list.getByRole('option')).toHaveText(offered);
  const activeName = async () => {
    const id = await combo.getAttribute('aria-activedescendant');
    return id ? page.locator(`[id="${id}"]`).textContent() : null;
  };
  expect(await activeName()).toBe(offered[0]);
  await expect(list.getByRole('option', { name: offered[0] })).toHaveAttribute('aria-selected', 'true');
  await combo.press('ArrowDown');
  expect(await activeName()).toBe(offered[1]);
  await combo.press('ArrowUp');
  await combo.press('ArrowUp');
  expect(await activeName()).toBe(offered[offered.length - 1]);

  // Escape closes the list; focus stays in the input.
  await combo.press('Escape');
  await expect(combo).toHaveAttribute('aria-expanded', 'false');
  await expect(combo).not.toHaveAttribute('aria-activedescendant');
  await expect(combo).toBeFocused();

  // Typing filters: every option holds the text; Enter adds the active one.
  const target = offered[2] as string;
  const text = target.slice(0, Math.min(5, target.length)).toLowerCase();
  await combo.pressSequentially(text);
  await expect(combo).toHaveAttribute('aria-expanded', 'true');
  await expect(list.getByRole('option')).toHaveText(offered.filter((n) => n.toLowerCase().includes(text)));
  const index = offered.filter((n) => n.toLowerCase().includes(text)).indexOf(target);
  for (let i = 0; i <= index; i++) await combo.press('ArrowDown');
  expect(await activeName()).toBe(target);
  await combo.press('Enter');
  const targetId = teams.find((t) => t.name === target)?.id;
  await expect(page).toHaveURL(new RegExp(`teams=${first.id}(%2C|,)${targetId}(&|$)`));
  await expect(page.getByRole('button', { name: `Remove ${target}` })).toBeVisible();
  await expect(combo).toHaveValue('');
  await expect(combo).toHaveAttribute('aria-expanded', 'false');
  await expect(combo).toBeFocused();

  // Escape with the list closed clears the text.
  await combo.pressSequentially('zzzz');
  await expect(combo).toHaveAttribute('aria-expanded', 'false');
  await combo.press('Escape');
  await expect(combo).toHaveValue('');

  await combo.press('ArrowDown');
  await screenshot(page, 'compare-demo-team-combobox');
});

test('Compare: the charts take their card’s width, at 1280×800 and in a 900 px window', async ({ page, service }) => {
  const all = await figures(service);
  const chosen = all.slice(0, 4);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(
    `${env.demo.url}#/compare?league=${LEAGUE}&season=${SEASON}&teams=${chosen.map((t) => t.id).join(',')}`,
  );
  const ids = ['profile', 'scatter', 'trend', 'goalies'];
  await expect(chart(page, 'goalies').locator('svg [role="img"]').first()).toBeVisible();
  const wide: number[] = [];
  for (const id of ids) {
    const w = await widths(chart(page, id));
    expect(w.chart).toBe(Math.max(MIN_CHART_WIDTH, w.card));
    wide.push(w.chart);
  }
  await screenshot(page, 'compare-demo-1280');
  await chart(page, 'scatter').screenshot({ path: 'test-results/screens/compare-demo-1280-scatter.png' });

  // A narrower window: the same charts follow their cards, narrower, and no card scrolls sideways.
  await page.setViewportSize({ width: 900, height: 800 });
  for (const [i, id] of ids.entries()) {
    const c = chart(page, id);
    await expect.poll(async () => (await widths(c)).chart).toBeLessThan(wide[i] as number);
    const w = await widths(c);
    expect(w.chart).toBe(Math.max(MIN_CHART_WIDTH, w.card));
    expect(await c.evaluate((card) => card.scrollWidth <= card.clientWidth)).toBe(true);
  }
  // Every mark is still drawn inside its chart.
  expect(await markLabels(chart(page, 'scatter'))).toHaveLength(all.length);
  await screenshot(page, 'compare-demo-900');
  for (const id of ids) {
    await chart(page, id).screenshot({ path: `test-results/screens/compare-demo-900-${id}.png` });
  }
});

test('Compare: a chart’s points are reached with Tab and show their numbers when focused', async ({
  page,
  service,
}) => {
  const all = await figures(service);
  const chosen = all.slice(0, 2);
  await page.goto(
    `${env.demo.url}#/compare?league=${LEAGUE}&season=${SEASON}&teams=${chosen.map((t) => t.id).join(',')}`,
  );
  const scatter = chart(page, 'scatter');
  await expect(scatter.locator('svg [role="img"]').first()).toBeVisible();
  // From the chart's last button, Tab reaches the chart surface (Recharts' own keyboard layer: arrows move
  // its tooltip), then each point in turn.
  await scatter.getByRole('button', { name: 'Save SVG' }).focus();
  await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAttribute('role', 'application');
  await page.keyboard.press('Tab');
  await expect(focused).toHaveAttribute('role', 'img');
  const label = (await focused.getAttribute('aria-label')) ?? '';
  const expected = all.map(
    (t) => `${t.name}: GF/GP ${two(t.m['GF/GP'] ?? null)}, GA/GP ${two(t.m['GA/GP (lower is better)'] ?? null)}`,
  );
  expect(expected).toContain(label);
  await expect(scatter.locator('.chart-focus-tip')).toHaveText(label);
  await page.keyboard.press('Tab');
  const next = (await page.locator(':focus').getAttribute('aria-label')) ?? '';
  expect(expected).toContain(next);
  expect(next).not.toBe(label);
  await expect(scatter.locator('.chart-focus-tip')).toHaveText(next);
  await scatter.screenshot({ path: 'test-results/screens/compare-demo-scatter-focus.png' });
});

test('Compare: the trend plots the metric the scout picks, kept in the URL, its table and export following it', async ({
  page,
  service,
}) => {
  const all = await figures(service);
  const chosen = all.slice(0, 3);
  // The seasons the key can see up to the chosen one, each season's standings read by the test itself.
  const seasons = (await service.list<{ slug: string }>(`/leagues/${LEAGUE}/seasons`, { limit: '1000' })).data
    .map((s) => s.slug)
    .filter((s) => s <= SEASON)
    .sort();
  expect(seasons.length).toBeGreaterThan(1);
  const bySeason = new Map<string, Standing[]>();
  for (const s of seasons) {
    bySeason.set(s, (await service.list<Standing>(`/leagues/${LEAGUE}/standings`, { season: s, limit: '1000' })).data);
  }
  /** The test's own trend table: a row per season where a chosen team played, GA per game to 2 decimals. */
  const expectedRows = (value: (st: Record<string, number | null>) => string) =>
    seasons.flatMap((s) => {
      const rows = bySeason.get(s) ?? [];
      const cells = chosen.map((t) => {
        const r = rows.find((x) => x.team.id === t.id);
        return r ? value(r.stats) : '—';
      });
      return cells.every((c) => c === '—') ? [] : [[s, ...cells]];
    });
  const gaPerGame = (st: Record<string, number | null>) => ((st.GA as number) / (st.GP as number)).toFixed(2);
  const goalDiff = (st: Record<string, number | null>) => String(st.GD ?? (st.GF as number) - (st.GA as number));

  await page.goto(
    `${env.demo.url}#/compare?league=${LEAGUE}&season=${SEASON}&teams=${chosen.map((t) => t.id).join(',')}`,
  );
  const trend = chart(page, 'trend');
  await expect(trend.locator('svg [role="img"]').first()).toBeVisible();
  const metric = trend.getByLabel('Metric');
  await expect(metric).toHaveValue('pts-pct');

  // Picked with the keyboard: focus the select and choose GA/GP.
  await metric.focus();
  await metric.selectOption({ label: 'GA/GP (lower is better)' });
  await expect(page).toHaveURL(/[?&]trend=ga-gp(&|$)/);
  await expect(trend.getByRole('heading', { level: 2 })).toHaveText(/^GA\/GP \(lower is better\) by season/);
  const expectedGa = expectedRows(gaPerGame);
  const expectedLabels = expectedGa.flatMap(([s, ...cells]) =>
    chosen.flatMap((t, i) =>
      cells[i] === '—' ? [] : [`${t.name}, ${s}: GA/GP (lower is better) ${cells[i] as string}`],
    ),
  );
  await expect.poll(async () => (await markLabels(trend)).sort()).toEqual(expectedLabels.sort());
  expect(await tableOf(trend)).toEqual([['Season', ...chosen.map((t) => t.name)], ...expectedGa]);
  await trend.screenshot({ path: 'test-results/screens/compare-demo-trend-ga-gp.png' });

  // A reload keeps it; the export is the table shown, named by the metric.
  await page.reload();
  await expect(chart(page, 'trend').getByLabel('Metric')).toHaveValue('ga-gp');
  await trend.getByRole('button', { name: 'Show as table' }).click();
  await trend.getByRole('button', { name: /^Export/ }).click();
  const csvDownload = page.waitForEvent('download');
  await trend.getByRole('button', { name: 'CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe(`rinkside-compare-trend-ga-gp-NHL-${SEASON}.csv`);
  const parsed = Papa.parse<string[]>((await readFile(await csv.path(), 'utf8')).replace(/^\uFEFF/, ''), {
    skipEmptyLines: true,
  }).data;
  expect(parsed).toEqual([
    ['Season', ...chosen.map((t) => t.name)],
    ...expectedGa.map((r) => r.map((c) => (c === '—' ? '' : String(asFileCell(c))))),
  ]);
  await trend.getByRole('button', { name: 'Show as table' }).click();

  // Arrow keys on the focused select move to the next metric (GD), and the chart follows.
  await trend.getByLabel('Metric').focus();
  await page.keyboard.press('ArrowDown');
  await expect(page).toHaveURL(/[?&]trend=gd(&|$)/);
  expect(await tableOf(trend)).toEqual([['Season', ...chosen.map((t) => t.name)], ...expectedRows(goalDiff)]);
  await trend.screenshot({ path: 'test-results/screens/compare-demo-trend-gd.png' });

  // Back to PTS%: the URL no longer names a metric.
  await trend.getByLabel('Metric').selectOption('pts-pct');
  await expect(page).not.toHaveURL(/trend=/);
});
