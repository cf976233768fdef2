import { readFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { fieldsOf, readLines } from '../unit/service-data/databank-sample.ts';
import { type DatabankApp, startDatabankApp } from './databank-app.ts';
import { byStat, downloadNhl, skaterSeasons } from './databank-seasons.ts';
import { column, expect, hashParams, readAllRows, readTable, recordShot, sortButton, test } from './fixtures.ts';

/**
 * What a scout trips over on the Hockey Databank, in real Chromium at 1400×900: every NHL team of 1980-81 and
 * 1992-93 imported into the app's own local service. A league's Team comparison reads in the order it is
 * sorted by; a team's goaltending page lists every goalie who played for it (those under Min GP after the
 * ranked ones, marked); a misspelt search lists the player meant first; a league's Scoring leaders tab shows
 * the league-season's leaders (and offers to download a season that is not on this computer). Every expected
 * value is read here from the sample's CSV rows.
 */

// Each test downloads what it needs (again, when a test before did: a re-sync of unchanged data is quick):
// after a failure the next test runs on a new app.
test.use({ viewport: { width: 1400, height: 900 } });

const YEARS = [1980, 1992];
let app: DatabankApp | undefined;

const teams = () => {
  const t = readLines('Teams.csv');
  return t.lines.map((l) => fieldsOf(t.header, l)).filter((r) => r.lgID === 'NHL' && YEARS.includes(Number(r.year)));
};

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const picks = teams().map((t) => [Number(t.year), t.tmID as string] as const);
  expect(picks.length).toBe(21 + 24);
  app = await startDatabankApp({ name: 'nhl-1980-1992', picks });
});
test.afterAll(async () => {
  await app?.close();
});

/** A team's id in the imported database (navigation only; no expected value comes from it). */
function teamId(season: string, name: string): number {
  const db = new DatabaseSync(app?.db ?? '', { readOnly: true });
  try {
    const row = db
      .prepare('SELECT teamId AS id FROM team_seasons WHERE seasonSlug = ? AND teamName = ?')
      .get(season, name) as { id: number } | undefined;
    if (!row) throw new Error(`no team ${name} in ${season}`);
    return row.id;
  } finally {
    db.close();
  }
}

const byText = (a: string, b: string) => {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
};

test('Team comparison: "Team ▲" lists the teams A→Z by the name shown, the name of that season, its name now beside a renamed one', async ({
  page,
}) => {
  // Each 1980-81 team, and the name its franchise goes by in the sample's last season (Teams.csv franchID).
  const rows = teams();
  const nowOf = (franchID: string) =>
    rows.filter((t) => t.franchID === franchID).sort((a, b) => Number(b.year) - Number(a.year))[0]?.name as string;
  const season1980 = rows
    .filter((t) => t.year === '1980')
    .map((t) => ({ asThen: t.name as string, now: nowOf(t.franchID as string) }));
  const renamed = season1980.filter((t) => t.asThen !== t.now);
  // Colorado Rockies → New Jersey Devils, Chicago Black Hawks → Chicago Blackhawks.
  expect(renamed.length).toBeGreaterThanOrEqual(2);

  await page.goto(`${app?.url}#/leagues/nhl/teams?season=1980-1981`);
  const table = page.getByRole('table', { name: /^Team comparison, / });
  await expect(table.locator('tbody tr[data-row-id]')).toHaveCount(21);
  await expect(page.locator('.data-table[data-state="ready"]')).toBeVisible();
  await recordShot(page, 'league-comparison-1980-81');
  const shown = column(await readAllRows(table), 'Team');
  // The names shown, in the order the header says: A→Z.
  expect(shown).toEqual([...shown].sort(byText));
  expect(shown).toEqual(season1980.map((t) => t.asThen).sort(byText));
  // A renamed team says what it is called now.
  for (const t of renamed) {
    await expect(table.getByRole('row', { name: new RegExp(`^${t.asThen} `) })).toContainText(`now ${t.now}`);
  }
});

test('a team’s goaltending page lists every goalie who played for it: those under the default Min GP after the ranked ones, marked', async ({
  page,
  context,
}) => {
  // Pittsburgh 1980-81: three goalies, the busiest with 63 games sets the default Min GP at 16.
  const g = readLines('Goalies.csv');
  const master = readLines('Master.csv');
  const names = new Map(
    master.lines.map((l) => fieldsOf(master.header, l)).map((m) => [m.playerID, `${m.firstName} ${m.lastName}`]),
  );
  const goalies = g.lines
    .map((l) => fieldsOf(g.header, l))
    .filter((r) => r.year === '1980' && r.tmID === 'PIT')
    .map((r) => ({ name: names.get(r.playerID) as string, GP: Number(r.GP) }));
  expect(goalies).toHaveLength(3);
  const min = Math.round(Math.max(...goalies.map((x) => x.GP)) / 4);
  const ranked = goalies.filter((x) => x.GP >= min);
  const under = goalies.filter((x) => x.GP < min).sort((a, b) => b.GP - a.GP || byText(a.name, b.name));
  expect(under).toHaveLength(2);

  await page.goto(
    `${app?.url}#/teams/${teamId('1980-1981', 'Pittsburgh Penguins')}/goaltending-leaders?season=1980-1981`,
  );
  const minGp = page.getByRole('combobox', { name: 'Min GP' });
  await expect(minGp).toHaveValue(String(min));
  const table = page.getByRole('table', { name: /^Goaltending leaders,/ });
  await expect(page.locator('.data-table[data-state="ready"]')).toBeVisible();
  await expect(table.locator('tbody tr[data-row-id]').first()).toBeVisible();
  await recordShot(page, 'team-goalies-pit-1980-81');
  // Every goalie: the ranked one, then the two under Min GP by games, each marked.
  await expect
    .poll(async () => column(await readTable(table), 'Goaltender'))
    .toEqual([...ranked, ...under].map((x) => x.name));
  const groups = table.locator('tbody tr.group-row');
  await expect(groups).toHaveText([`${min} or more games: ranked`, `Under ${min} games: not ranked, most games first`]);
  for (const x of under) {
    await expect(table.getByRole('row', { name: new RegExp(x.name) })).toHaveClass(/below-min/);
  }
  await expect(page.locator('.min-gp-note')).toContainText(
    `Ranked: goalies with ${min} or more games, a quarter of the most any goalie here played (${Math.max(...goalies.map((x) => x.GP))}). 2 goalies with fewer are listed after them, not ranked`,
  );
  // The pager counts every goalie listed.
  await expect(page.getByText('1–3 of 3')).toBeVisible();

  // Its export carries what it lists, in both scopes: the ranked goalie, then the two under Min GP by
  // games, each marked in a last column, GP a number with its format in the workbook.
  const markerHeader = `Ranked (Min GP ${min})`;
  const want = [
    ...ranked.map((x) => [x.name, x.GP, `${min} or more games: ranked`]),
    ...under.map((x) => [x.name, x.GP, `Under ${min} games: not ranked`]),
  ];
  const section = page.locator('section.leaders');
  const exportAs = async (scope: RegExp, format: string, shot?: string) => {
    await section.getByRole('button', { name: /^Export/ }).click();
    await page.getByRole('radio', { name: scope }).check();
    if (shot) await recordShot(page, shot);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: format, exact: true }).click();
    return (await download).path();
  };
  const csv = Papa.parse<string[]>(
    (await readFile(await exportAs(/^All 3 rows$/, 'CSV', 'team-goalies-pit-1980-81-export'), 'utf8')).replace(
      /^\uFEFF/,
      '',
    ),
    {
      skipEmptyLines: true,
    },
  ).data;
  const [head = [], ...body] = csv;
  const at = (h: string) => head.indexOf(h);
  expect(head.at(-1)).toBe(markerHeader);
  expect(body.map((r) => [r[at('Player')], Number(r[at('GP')]), r[at(markerHeader)]])).toEqual(want);

  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await exportAs(/^This page \(3 rows\)$/, 'Excel (.xlsx)'));
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const heads = (sheet.getRow(1).values as unknown[]).slice(1);
  expect(heads.at(-1)).toBe(markerHeader);
  const cellsOf = (i: number) => {
    const row = sheet.getRow(i + 2);
    return [heads.indexOf('Player'), heads.indexOf('GP'), heads.indexOf(markerHeader)].map((j) => row.getCell(j + 1));
  };
  expect(want.map((_, i) => cellsOf(i).map((c) => c?.value))).toEqual(want);
  expect(want.map((_, i) => cellsOf(i)[1]?.numFmt)).toEqual(want.map(() => '#,##0'));
  expect(sheet.rowCount).toBe(1 + want.length);

  // "Copy this page" says of each row what the file says, in the same last column (TSV and HTML alike).
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(app?.url ?? '').origin });
  await section.getByRole('button', { name: /^Export/ }).click();
  await page.getByRole('button', { name: 'Copy this page' }).click();
  await expect(page.getByText('Copied 3 rows to the clipboard.')).toBeVisible();
  const copied = await page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    if (!item) return { text: '', html: [] as string[][] };
    const text = await (await item.getType('text/plain')).text();
    const doc = new DOMParser().parseFromString(await (await item.getType('text/html')).text(), 'text/html');
    return { text, html: [...doc.querySelectorAll('tr')].map((tr) => [...tr.cells].map((c) => c.textContent ?? '')) };
  });
  const tsv = copied.text.split('\n').map((l) => l.split('\t'));
  for (const [top = [], ...rest] of [tsv, copied.html]) {
    expect(top.at(-1)).toBe(markerHeader);
    const col = (h: string) => top.indexOf(h);
    expect(rest.map((r) => [r[col('Player')], Number(r[col('GP')]), r[col(markerHeader)]])).toEqual(want);
  }
});

test('a misspelt search lists the player meant first: "Selane" → Teemu Selanne, ranked closest first', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await downloadNhl(page, app?.url ?? '', '1992-1993', '1992-1993');
  await page.getByRole('searchbox').fill('Selane');
  await expect(page.locator('.spelling-forgiven')).toBeVisible();
  const table = page.getByRole('table', { name: 'Players' });
  await expect(page.locator('.data-table[data-state="ready"]')).toBeVisible();
  await recordShot(page, 'players-search-selane');
  await expect(table.locator('tbody tr[data-row-id]').first()).toContainText('Teemu Selanne');
  await expect(page.locator('.spelling-forgiven')).toContainText(
    'No player’s name starts with “Selane”: these are the names spelled like it, closest spelling first, then most games played.',
  );
  // The order is no column's: none is marked as sorted, and a click on Name sorts A→Z.
  await expect(page.locator('.data-table')).toHaveAttribute('data-sort', '');
  await sortButton(table, 'Player name').click();
  await expect.poll(() => hashParams(page).get('sort')).toBe('name');
  await expect(page.locator('.data-table[data-state="ready"][data-sort="name"]')).toBeVisible();
  const names = column(await readAllRows(table), 'Player name');
  expect(names).toEqual([...names].sort(byText));
});

test('a league’s Scoring leaders tab shows the league-season’s leaders, and offers to download a season not on this computer', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const csvDir = app?.csvDir ?? '';
  // NHL 1992-93 on this computer: its leaders by PTS, min 20 GP.
  await downloadNhl(page, app?.url ?? '', '1992-1993', '1992-1993');
  await page.goto(`${app?.url}#/leagues/nhl/leaders?season=1992-1993`);
  const table = page.getByRole('table', { name: /^Scoring leaders, / });
  await expect(page.locator('.league-leaders, .data-table[data-state="ready"]').first()).toBeVisible();
  await recordShot(page, 'league-leaders-1992-93');
  const top1992 = (await skaterSeasons(csvDir, 1992)).filter((s) => s.GP >= 20).sort(byStat((s) => s.PTS));
  await expect(table.locator('tbody tr[data-row-id]').first()).toContainText(top1992[0]?.name ?? '?');
  let shown = await readTable(table);
  expect(column(shown, 'Player').slice(0, 10)).toEqual(top1992.slice(0, 10).map((s) => s.name));
  expect(column(shown, 'Points (goals plus assists)').slice(0, 10)).toEqual(
    top1992.slice(0, 10).map((s) => String(s.PTS)),
  );
  // A header click sorts by goals, kept in the URL under the tab's own prefix.
  await table.getByRole('button', { name: 'G (Goals): sort', exact: true }).click();
  await expect.poll(() => hashParams(page).get('leaders.sort')).toBe('-G');
  await expect(page.locator('.data-table[data-state="ready"][data-sort="-G"]')).toBeVisible();
  const byGoals = (await skaterSeasons(csvDir, 1992)).filter((s) => s.GP >= 20).sort(byStat((s) => s.G));
  shown = await readTable(table);
  expect(column(shown, 'Player').slice(0, 10)).toEqual(byGoals.slice(0, 10).map((s) => s.name));
  // The same rows in the stats browser, one click away.
  await expect(page.getByRole('link', { name: 'Open in the stats browser ›' })).toHaveAttribute(
    'href',
    /#\/players\/stats\?.*league=nhl.*season=1992-1993.*sort=-G/,
  );

  // NHL 1980-81 is not on this computer: the tab offers to download it, then shows its leaders.
  await page.goto(`${app?.url}#/leagues/nhl/leaders?season=1980-1981`);
  const offer = page.getByRole('button', { name: 'Download NHL 1980-1981 for offline' });
  await expect(page.getByText('NHL 1980-1981 is not on this computer.')).toBeVisible();
  await recordShot(page, 'league-leaders-offer-1980-81');
  await page.emulateMedia({ colorScheme: 'dark' });
  await recordShot(page, 'league-leaders-offer-1980-81-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await offer.click();
  const top1980 = (await skaterSeasons(csvDir, 1980)).filter((s) => s.GP >= 20).sort(byStat((s) => s.PTS));
  await expect(table.locator('tbody tr[data-row-id]').first()).toContainText(top1980[0]?.name ?? '?', {
    timeout: 180_000,
  });
  await expect
    .poll(async () => column(await readTable(table), 'Player').slice(0, 10))
    .toEqual(top1980.slice(0, 10).map((s) => s.name));
  await recordShot(page, 'league-leaders-1980-81-downloaded');
});
