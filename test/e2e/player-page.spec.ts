import type { Page } from '@playwright/test';
import {
  type DirectService,
  env,
  expect,
  gaa,
  hashPath,
  int,
  readTable,
  screenshot,
  shownFacts,
  sortButton,
  svp,
  test,
} from './fixtures.ts';

/**
 * The player page on the demo data, opened from the team page's tables: a goaltender from the goaltending
 * leaders and a skater from the scoring table. The bio and the career row must equal what the test reads
 * itself from the service (`/players/{id}`, `/teams/{id}/player-stats`), formatted by the test's own code;
 * a career row leads back to its team-season, and the scoring table sorts on the service.
 */

interface Stats {
  GP?: number | null;
  G?: number | null;
  A?: number | null;
  PTS?: number | null;
  PIM?: number | null;
  PM?: number | null;
  W?: number | null;
  L?: number | null;
  T?: number | null;
  SO?: number | null;
  GA?: number | null;
  SA?: number | null;
  SVS?: number | null;
  SVP?: number | null;
  GAA?: number | null;
  TOI?: number | null;
}
interface StatsRow {
  id: number;
  player: { id: number; name: string } | null;
  season: { slug: string } | null;
  teamName: string | null;
  league: { slug: string } | null;
  regularStats: Stats | null;
}
interface Player {
  id: number;
  name: string;
  position: string | null;
  age: number | null;
  dateOfBirth: string | null;
  placeOfBirth: string | null;
  nationality: { slug: string; name: string | null } | null;
  height: { metrics: number; imperial: string } | null;
  weight: { metrics: number; imperial: number } | null;
  shoots: string | null;
  catches: string | null;
  agencies: { id: number; name: string }[];
}

const POSITION_WORDS: Record<string, string> = { G: 'Goaltender', D: 'Defence', F: 'Forward' };
const HAND_WORDS: Record<string, string> = { L: 'Left', R: 'Right' };
/** A signed whole number as +/- columns print it: +3, -2, 0. */
const signed = (v: unknown) => (typeof v === 'number' ? (v > 0 ? `+${v}` : String(v)) : '—');

/** The first team (by id) whose newest season has at least two goaltenders and ten players. */
async function teamSeason(service: DirectService) {
  const teams = (await service.list<{ id: number; name: string }>('/teams', { sort: 'id', limit: '20' })).data;
  for (const team of teams) {
    const seasons = (await service.list<{ slug: string }>(`/teams/${team.id}/seasons`, { limit: '1000' })).data
      .map((s) => s.slug)
      .sort()
      .reverse();
    const season = seasons[0];
    if (!season) continue;
    const goalies = (await service.list<StatsRow>(`/teams/${team.id}/goaltending-leaders`, { season, limit: '100' }))
      .data;
    const players = await service.list<StatsRow>(`/teams/${team.id}/player-stats`, { season, limit: '0' });
    if (goalies.length >= 2 && players._meta.totalRecords >= 10) return { team, season, goalies };
  }
  throw new Error('no team of the demo data has a season with two goalies and ten players');
}

/** The team page's goaltending leaders of a season, every goalie (Min GP: Any) in the service's own order. */
async function openLeaders(page: Page, teamId: number, season: string) {
  await page.goto(`${env.demo.url}#/teams/${teamId}?minGP=0&season=${season}`);
  const leaders = page.getByRole('table', { name: /^Goaltending leaders/ });
  await expect(leaders.locator('tbody tr[data-row-id]').first()).toBeVisible();
  return leaders;
}

/** The bio facts as the test expects them, from the service's Player record. */
function expectedFacts(p: Player): Record<string, string> {
  const goalie = p.position === 'G';
  const hand = goalie ? p.catches : p.shoots;
  const facts: Record<string, string> = {
    // One vocabulary of positions: the word with the letter the tables show, as a nationality with its code.
    Position: p.position ? `${POSITION_WORDS[p.position] ?? p.position} (${p.position})` : '—',
    Age: p.age === null ? '—' : String(p.age),
    Born: [p.dateOfBirth?.slice(0, 10), p.placeOfBirth].filter(Boolean).join(', ') || '—',
    // Every view writes a nationality as its name with its code (the alpha-3 slug): `Canada (CAN)`.
    Nationality: p.nationality ? `${p.nationality.name} (${p.nationality.slug.toUpperCase()})` : '—',
    Height: p.height ? `${p.height.metrics} cm (${p.height.imperial})` : '—',
    Weight: p.weight ? `${p.weight.metrics} kg (${p.weight.imperial} lb)` : '—',
    // His agency: the first his record names (a link to its page).
    Agency: p.agencies[0]?.name ?? '—',
  };
  facts[goalie ? 'Catches' : 'Shoots'] = hand ? (HAND_WORDS[hand] ?? hand) : '—';
  return facts;
}

/** The player's own record from the service (an item: `{_meta, data}`, read with the test's own client). */
async function playerRecord(service: DirectService, id: number): Promise<Player> {
  return ((await service.list(`/players/${id}`)) as unknown as { data: Player }).data;
}

test('a goalie from the goaltending leaders: bio and career row as the service gives them, row → team-season', async ({
  page,
  service,
}) => {
  const { team, season, goalies } = await teamSeason(service);
  const leaders = await openLeaders(page, team.id, season);

  // Keyboard: Enter on the leaders' first row (the service's best SV%) opens that goalie's page; Back returns.
  await leaders.locator('tbody tr[data-row-id]').first().focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => hashPath(page)).toBe(`/players/${goalies[0]?.player?.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(goalies[0]?.player?.name ?? '');
  await page.goBack();
  await expect(leaders.locator('tbody tr[data-row-id]').first()).toBeVisible();

  // The second goalie of the service's own order (default sort: best SV% first), by his name link.
  const goalie = goalies[1] as StatsRow;
  const name = goalie.player?.name as string;
  await leaders.getByRole('link', { name, exact: true }).click();
  await expect.poll(() => hashPath(page)).toBe(`/players/${goalie.player?.id}`);

  const record = await playerRecord(service, goalie.player?.id as number);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(record.name);
  expect(await shownFacts(page)).toEqual(expectedFacts(record));
  // The scouting-list star sits beside his name.
  await expect(page.getByRole('button', { name: `Add ${record.name} to a list` })).toBeVisible();

  // The career: the team-season he came from (no offline store in this instance), as the service has it.
  const all = (
    await service.list<StatsRow>(`/teams/${team.id}/player-stats`, {
      season,
      limit: '1000',
      fields: 'id,player,season,teamName,league,regularStats',
    })
  ).data.filter((r) => r.player?.id === goalie.player?.id);
  expect(all).toHaveLength(1);
  const row = all[0] as StatsRow;
  const s = row.regularStats ?? {};
  const career = page.getByRole('table', { name: `Regular season career of ${record.name}` });
  await expect(career).toBeVisible();
  await expect(page.locator('.career-partial')).toContainText(`Only ${season}`);
  const shown = await readTable(career);
  const header = await career.locator('thead th').allTextContents();
  // Columns as the goalie tables show them; SA and SVS only when recorded, T as OTL from 2005-06.
  const tLabel = Number(season.slice(0, 4)) >= 2005 ? 'OTL' : 'T';
  const statCols: [string, string][] = [
    ['GP', int(s.GP)],
    ['W', int(s.W)],
    ['L', int(s.L)],
    [tLabel, int(s.T)],
    ['SO', int(s.SO)],
    ['GA', int(s.GA)],
    ...(s.SA == null ? [] : ([['SA', int(s.SA)]] as [string, string][])),
    ...(s.SVS == null ? [] : ([['SVS', int(s.SVS)]] as [string, string][])),
    ['SV%', svp(s.SVP)],
    ['GAA', gaa(s.GAA)],
    ['TOI', int(s.TOI)],
  ];
  expect(header).toEqual(['Season', 'Team', 'League', ...statCols.map(([h]) => h)]);
  expect(shown.rows).toEqual([
    [season, row.teamName ?? '', (row.league?.slug ?? '—').toUpperCase(), ...statCols.map(([, v]) => v)],
  ]);
  // One season: the career total is that season.
  const total = await career.locator('tfoot tr td').allTextContents();
  expect(total).toEqual(statCols.map(([, v]) => v));
  await screenshot(page, 'player-goalie');

  // The career row leads to the team-season.
  await career.getByRole('link', { name: row.teamName ?? '' }).click();
  await expect.poll(() => hashPath(page)).toBe(`/teams/${team.id}`);
  expect(new URL(page.url()).hash).toContain(`season=${season}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(team.name);
});

test('a skater from the team page scoring table: service-sorted rows, Enter opens his page with his season', async ({
  page,
  service,
}) => {
  const { team, season } = await teamSeason(service);
  await page.goto(`${env.demo.url}#/teams/${team.id}?season=${season}`);
  const scoring = page.getByRole('table', { name: new RegExp(`^Scoring, ${team.name}, ${season}, regular season`) });
  await expect(scoring.locator('tbody tr[data-row-id]').first()).toBeVisible();
  await screenshot(page, 'team-scoring');

  // The first rows in the service's own order, most points first, then after a click on G, most goals first.
  const skaterCells = (r: StatsRow) => {
    const st = r.regularStats ?? {};
    return [int(st.GP), int(st.G), int(st.A), int(st.PTS), int(st.PIM), signed(st.PM)];
  };
  const firstRows = async (sort: string) =>
    (await service.list<StatsRow>(`/teams/${team.id}/player-stats`, { season, sort, limit: '5' })).data;
  const byPts = await firstRows('-regularStats.PTS');
  let shown = await readTable(scoring);
  expect(shown.rows.slice(0, 5).map((r) => [r[0], ...r.slice(1)])).toEqual(
    byPts.map((r) => [r.player?.name ?? '', ...skaterCells(r)]),
  );
  await sortButton(scoring, 'Goals, regular season').click();
  const byG = await firstRows('-regularStats.G');
  await expect
    .poll(async () => (await readTable(scoring)).rows.slice(0, 5).map((r) => r[0]))
    .toEqual(byG.map((r) => r.player?.name ?? ''));
  shown = await readTable(scoring);
  expect(shown.rows.slice(0, 5).map((r) => r.slice(1))).toEqual(byG.map(skaterCells));
  expect(new URL(page.url()).hash).toContain('scoringSort=-regularStats.G');

  // Keyboard: the first row is the table's Tab stop; Enter opens the player's page.
  const top = byG[0] as StatsRow;
  await scoring.locator('tbody tr[data-row-id]').first().focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => hashPath(page)).toBe(`/players/${top.player?.id}`);
  const record = await playerRecord(service, top.player?.id as number);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(record.name);
  expect(await shownFacts(page)).toEqual(expectedFacts(record));
  const career = page.getByRole('table', { name: `Regular season career of ${record.name}` });
  await expect(career.locator('tbody tr')).toHaveCount(1);
  expect(await career.locator('thead th').allTextContents()).toEqual([
    'Season',
    'Team',
    'League',
    'GP',
    'G',
    'A',
    'PTS',
    'PIM',
    '+/-',
  ]);
  const rows = (await readTable(career)).rows;
  expect(rows).toHaveLength(1);
  expect(rows[0]?.slice(0, 2)).toEqual([season, top.teamName ?? '']);
  expect(rows[0]?.slice(3)).toEqual(skaterCells(top));
  await screenshot(page, 'player-skater');

  // Back: the team page with the scoring table sorted as it was.
  await page.goBack();
  await expect(scoring.locator('tbody tr[data-row-id]').first()).toBeVisible();
  expect(new URL(page.url()).hash).toContain('scoringSort=-regularStats.G');
});

test('a player opened by his name link in a table: one history entry, so Back returns to the table', async ({
  page,
  service,
}) => {
  const { team, season, goalies } = await teamSeason(service);
  const leaders = await openLeaders(page, team.id, season);
  const name = goalies[0]?.player?.name as string;
  await leaders.getByRole('link', { name, exact: true }).click();
  await expect.poll(() => hashPath(page)).toBe(`/players/${goalies[0]?.player?.id}`);
  await page.goBack();
  await expect.poll(() => hashPath(page)).toBe(`/teams/${team.id}`);
  await expect(leaders.locator('tbody tr[data-row-id]').first()).toBeVisible();
});

test('#/players/999999 shows one Not found panel, with the way to the Players view', async ({ page, service }) => {
  // The premise, from the test's own client: the service has no such player.
  await expect(service.list('/players/999999')).rejects.toThrow('answered 404');
  await page.goto(`${env.demo.url}#/players/999999`);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('Not found');
  await expect(alert).toContainText('Player 999999');
  await expect(page.getByRole('table')).toHaveCount(0);
  await page.getByRole('link', { name: 'Find players' }).click();
  await expect.poll(() => hashPath(page)).toBe('/players');
});
