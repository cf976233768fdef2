import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Page } from '@playwright/test';
import Papa from 'papaparse';
import { fieldsOf, readLines } from '../unit/service-data/databank-sample.ts';
import type { DatabankApp } from './databank-app.ts';
import { expect, readTable, shownFacts, test } from './fixtures.ts';

/**
 * Numbers as the Databank has them, on real rows in real Chromium: King Clancy's page (he died in 1986, and
 * in Toronto's 1931-32 he skated 48 games and played 1 in goal), players without a date of death born more
 * than 100 years ago, and the playoff tables of Toronto 1931-32, where three skaters and a goalie of the
 * team's regular season have no playoff game in goal. The test runs on its worker's app of Toronto 1931-32,
 * Toronto Blueshirts 1912-13, NY Rangers 1932-33 and Boston 1943-44 (databank-app.ts, EARLY_SAMPLE, shared
 * with columns-databank); every expected value is read here from the sample's CSV rows.
 */

test.describe.configure({ mode: 'serial' });

const SEASON = '1931-1932';

/** The worker's app of the sample, set by the hook below before each test. */
let app: DatabankApp;
test.beforeEach(({ earlyDatabank }) => {
  app = earlyDatabank;
});

/** The sample's rows of a CSV file, as column → value records. */
async function rowsOf(file: string): Promise<Record<string, string>[]> {
  const { header } = readLines(file);
  const text = await readFile(join(app.csvDir, file), 'utf8');
  return text
    .split('\n')
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => fieldsOf(header, l));
}

/** The Master.csv row of a playerID. */
async function person(playerID: string): Promise<Record<string, string>> {
  const row = (await rowsOf('Master.csv')).find((r) => r.playerID === playerID);
  if (!row) throw new Error(`no Master.csv row for ${playerID} in the sample`);
  return row;
}

/** Ids the app routes by, read from the imported database (navigation only; no expected value comes from it). */
function idOf(sql: string, ...params: string[]): number {
  const db = new DatabaseSync(app.db, { readOnly: true });
  try {
    const row = db.prepare(sql).get(...params) as { id: number } | undefined;
    if (!row) throw new Error(`no id for ${params.join(' ')}`);
    return row.id;
  } finally {
    db.close();
  }
}
const playerId = (m: Record<string, string>) =>
  idOf('SELECT id FROM players WHERE firstName = ? AND lastName = ?', m.firstName ?? '', m.lastName ?? '');
const torontoId = () =>
  idOf("SELECT teamId AS id FROM team_seasons WHERE seasonSlug = ? AND teamName = 'Toronto Maple Leafs'", SEASON);

/** Whole years from a `Y-M-D` birth to a `Y-M-D` death, the test's own arithmetic. */
function yearsLived(b: [number, number, number], d: [number, number, number]): number {
  return d[0] - b[0] - (d[1] < b[1] || (d[1] === b[1] && d[2] < b[2]) ? 1 : 0);
}

async function openPlayer(page: Page, id: number, from = ''): Promise<void> {
  await page.goto(`${app.url}#/players/${id}${from}`);
  await expect(page.locator('.player-head .facts')).toBeVisible();
}

test('King Clancy: "died 1986 (aged 83)"; Toronto 1931-32 skating as Scoring.csv has it, his game in goal apart', async ({
  page,
}) => {
  const m = await person('clancki01');
  const died = Number(m.deathYear);
  const aged = yearsLived(
    [Number(m.birthYear), Number(m.birthMon), Number(m.birthDay)],
    [died, Number(m.deathMon), Number(m.deathDay)],
  );
  const skating = (await rowsOf('Scoring.csv')).find((r) => r.playerID === 'clancki01' && r.year === '1931');
  const inGoal = (await rowsOf('Goalies.csv')).find((r) => r.playerID === 'clancki01' && r.year === '1931');
  if (!skating || !inGoal) throw new Error('the sample lacks Clancy 1931-32');
  const name = `${m.firstName} ${m.lastName}`;

  await openPlayer(page, playerId(m), `?team=${torontoId()}&season=${SEASON}`);
  const facts = await shownFacts(page);
  expect(facts.Age).toBe(`died ${died} (aged ${aged})`);
  expect(facts.Age).toBe('died 1986 (aged 83)');

  // His skating line: GP, G, A and PTS of Scoring.csv; his 7 playoff games.
  const regular = page.getByRole('table', { name: `Regular season career of ${name}`, exact: true });
  await expect(regular).toBeVisible();
  expect((await readTable(regular)).rows).toEqual([
    [SEASON, 'Toronto Maple Leafs', 'NHL', skating.GP, skating.G, skating.A, skating.Pts, skating.PIM, '—'],
  ]);
  const playoffs = page.getByRole('table', { name: `Playoffs career of ${name}`, exact: true });
  expect((await readTable(playoffs)).rows.map((r) => r.slice(0, 7))).toEqual([
    [SEASON, 'Toronto Maple Leafs', 'NHL', skating.PostGP, skating.PostG, skating.PostA, skating.PostPts],
  ]);
  // His game in goal: its own table, GP and GA of Goalies.csv, not added to his skating.
  const goal = page.getByRole('table', { name: `In goal, regular season career of ${name}`, exact: true });
  const goalRows = (await readTable(goal)).rows;
  expect(goalRows).toHaveLength(1);
  const goalHead = (await goal.locator('thead th').allTextContents()).map((h) => h.trim());
  const cell = (abbr: string) => goalRows[0]?.[goalHead.indexOf(abbr)];
  expect([cell('GP'), cell('GA')]).toEqual([inGoal.GP, inGoal.GA]);
  await expect(page.getByRole('table', { name: `In goal, playoffs career of ${name}`, exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screens/databank-clancy.png', fullPage: true });
});

test('no age above 100 without a date of death (his birth year instead); a death year alone gives both ages', async ({
  page,
}) => {
  const today = new Date();
  const master = await rowsOf('Master.csv');
  /** Players of the sample Master.csv gives a full birth date and no death year, with their age today. */
  const undated = master
    .filter((r) => r.playerID && r.deathYear === '' && r.birthMon !== '' && r.birthDay !== '')
    .map((r) => ({
      r,
      age: yearsLived(
        [Number(r.birthYear), Number(r.birthMon), Number(r.birthDay)],
        [today.getUTCFullYear(), today.getUTCMonth() + 1, today.getUTCDate()],
      ),
    }));
  // One who would be 101 to 129 (George Abbott, born 1911), and one past 129 (Con Corbeau, born 1885).
  const olds = [undated.find((p) => p.age > 100 && p.age < 130), undated.find((p) => p.age >= 130)];
  for (const old of olds) {
    if (!old) throw new Error('the sample lacks a player born over 100 years ago without a death year');
    await openPlayer(page, playerId(old.r));
    expect((await shownFacts(page)).Age, `${old.r.firstName} ${old.r.lastName}`).toBe(`born ${old.r.birthYear}`);
  }

  // Andy Aitkenhead: Master.csv gives his death year only, so the age he reached is one of two.
  const andy = await person('aitkean01');
  expect([andy.deathYear !== '', andy.deathMon, andy.deathDay]).toEqual([true, '', '']);
  const lived = Number(andy.deathYear) - Number(andy.birthYear);
  await openPlayer(page, playerId(andy));
  expect((await shownFacts(page)).Age).toBe(`died ${andy.deathYear} (aged ${lived - 1} or ${lived})`);
});

test('Toronto 1931-32 playoffs: only the goalies and players with a playoff game, on screen and in the export', async ({
  page,
}) => {
  const goalies = (await rowsOf('Goalies.csv')).filter((r) => r.year === '1931' && r.tmID === 'TOR');
  const scoring = (await rowsOf('Scoring.csv')).filter((r) => r.year === '1931' && r.tmID === 'TOR');
  const master = await rowsOf('Master.csv');
  const nameOf = (id: string | undefined) => {
    const m = master.find((r) => r.playerID === id);
    return `${m?.firstName} ${m?.lastName}`;
  };
  const inPlayoffs = (r: Record<string, string>) => Number(r.PostGP || 0) > 0;
  // The premise: goalies of the regular season without a playoff game.
  expect(goalies.filter((g) => !inPlayoffs(g)).length).toBeGreaterThan(0);
  const wantGoalies = goalies.filter(inPlayoffs).map((g) => nameOf(g.playerID));
  const wantPlayers = [...new Set([...scoring, ...goalies].filter(inPlayoffs).map((r) => nameOf(r.playerID)))].sort();

  await page.goto(
    `${app.url}#/teams/${torontoId()}?season=${SEASON}&block=postseasonStats&minGP=0&scoringBlock=postseasonStats`,
  );
  const leaders = page.getByRole('table', { name: /^Goaltending leaders, .*, playoffs$/ });
  await expect(leaders.locator('tbody tr[aria-rowindex]').first()).toBeVisible();
  const shownGoalies = (await readTable(leaders)).rows.map((r) => r[0]?.replace(/^#\d+\s*/, ''));
  expect(shownGoalies).toEqual(wantGoalies);
  // Min GP "Any" (every goalie) leaves them out too.
  await expect(page.getByLabel('Min GP')).toHaveValue('0');

  const scoringTable = page.getByRole('table', { name: /^Scoring, .*, playoffs$/ });
  await expect(scoringTable.locator('tbody tr[aria-rowindex]').first()).toBeVisible();
  const shownPlayers = (await readTable(scoringTable)).rows.map((r) => (r[0] ?? '').replace(/^#\d+\s*|\s*G$/g, ''));
  expect([...shownPlayers].sort()).toEqual(wantPlayers);
  await page.screenshot({ path: 'test-results/screens/databank-playoffs-goalies.png', fullPage: true });

  // The export of the Playoffs part: the same goalies, every page.
  const section = page.locator('section.leaders').first();
  await section.getByRole('button', { name: /^Export/ }).click();
  await page.getByRole('radio', { name: /^All / }).check();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV', exact: true }).click();
  const file = await download;
  const text = (await readFile(await file.path(), 'utf8')).replace(/^\uFEFF/, '');
  const rows = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  const playerCol = rows[0]?.indexOf('Player') ?? -1;
  expect(playerCol).toBeGreaterThanOrEqual(0);
  expect(rows.slice(1).map((r) => r[playerCol])).toEqual(wantGoalies);
});
