import {
  column,
  columns,
  env,
  expect,
  hashParams,
  hashPath,
  readAllRows,
  readTable,
  screenshot,
  test,
} from './fixtures.ts';

/**
 * The league page on the demo data, one click from a team page: the league record, its standings and team
 * comparison of the active season, where its former players play now (filtered on the service), and the
 * scoring leaders' way to the offline store; every row equal to the test's own reading of the service.
 * The Leagues list leads to it too, and its tabs work from the keyboard.
 */

interface League {
  slug: string;
  name: string;
  fullName: string;
  activeSeason: { slug: string };
  numberOfTeams: number;
}
interface Comparison {
  team: { id: number; name: string };
  players: number;
  averageAge: number;
}
interface Alumnus {
  id: number;
  player: { name: string; team: { name: string } };
  gamesPlayedInLeague: number;
}

const AGE_TITLE = 'Average age of its players that season, in years';

test('a team’s league: standings, team comparison and where are they now, as the service answers', async ({
  page,
  service,
}) => {
  const [team] = (
    await service.list<{ id: number; league: { slug: string } }>('/teams', {
      league: 'nhl',
      sort: 'name',
      limit: '1',
      fields: 'id,league',
    })
  ).data;
  const league = (await service.list<League>('/leagues', { slug: 'nhl', limit: '1' })).data[0] as League;
  const season = league.activeSeason.slug;
  await page.goto(`${env.demo.url}#/teams/${team?.id}`);
  // One click: the league in the team's header.
  await page.locator('.team-head').getByRole('link', { name: league.name }).click();
  await expect.poll(() => hashPath(page)).toBe('/leagues/nhl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(league.name);
  await expect(page.getByText(league.fullName, { exact: true })).toBeVisible();

  // Standings of the active season, by group (the service's group,position order).
  const standings = (
    await service.list<{ teamName: string }>('/leagues/nhl/standings', { season, sort: 'group,position', limit: '100' })
  ).data;
  const table = page.getByRole('table', { name: `the standings of ${league.name} in ${season}` });
  await expect.poll(async () => column(await readTable(table), 'Team')).toEqual(standings.map((s) => s.teamName));
  await screenshot(page, 'org-league-standings-demo');

  // Team comparison, by the keyboard: focus the tab, Enter.
  await page.getByRole('link', { name: 'Team comparison' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => hashPath(page)).toBe('/leagues/nhl/teams');
  const comparison = (
    await service.list<Comparison>(`/leagues/nhl/${season}/team-comparison`, { sort: 'team', limit: '100' })
  ).data;
  const compTable = page.getByRole('table', { name: `Team comparison, ${league.name}, ${season}` });
  await expect
    .poll(async () =>
      columns(await readTable(compTable), ['Team', 'Players who played for the team that season', AGE_TITLE]),
    )
    .toEqual(comparison.map((c) => [c.team.name, String(c.players), c.averageAge.toFixed(1)]));
  await screenshot(page, 'org-league-comparison-demo');

  // Where are they now, goaltenders only, most games in the league first.
  await page.getByRole('link', { name: 'Where are they now' }).click();
  await page.getByRole('combobox', { name: 'Position' }).selectOption('G');
  await expect.poll(() => hashParams(page).get('alumni.position')).toBe('G');
  const alumniTable = page.getByRole('table', { name: `Former players of ${league.name} and where they play now` });
  await alumniTable
    .getByRole('button', { name: 'GP (Regular-season games played in the league): sort', exact: true })
    .click();
  await expect.poll(() => hashParams(page).get('alumni.sort')).toBe('-gamesPlayedInLeague');
  const alumni = await service.list<Alumnus>('/leagues/nhl/where-are-they-now', {
    position: 'G',
    sort: '-gamesPlayedInLeague',
    limit: '100',
  });
  expect(alumni.data.length).toBeGreaterThan(0);
  await expect
    .poll(async () =>
      columns(await readAllRows(alumniTable), ['Player', 'His team now', 'Regular-season games played in the league']),
    )
    .toEqual(alumni.data.map((a) => [a.player.name, a.player.team.name, String(a.gamesPlayedInLeague)]));
  await expect(page.getByText(`${alumni._meta.totalRecords} players`, { exact: true })).toBeVisible();
  await screenshot(page, 'org-league-alumni-demo');

  // Scoring leaders: the demo app's offline store holds no league yet; the tab offers to download the season.
  await page.getByRole('link', { name: 'Scoring leaders' }).click();
  await expect(page.getByText(`${league.name} ${season} is not on this computer.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Download ${league.name} ${season} for offline` })).toBeEnabled();
  await expect(
    page.getByRole('link', { name: 'More leagues and seasons: Players › Download for offline' }),
  ).toHaveAttribute('href', '#/players');
});

test('Leagues: search on the service, and a row opens the league page', async ({ page, service }) => {
  await page.goto(`${env.demo.url}#/leagues`);
  const table = page.getByRole('table', { name: 'Leagues' });
  const all = (await service.list<League>('/leagues', { sort: 'name', limit: '100' })).data;
  await expect.poll(async () => (await readTable(table)).rows.map((r) => r[0])).toEqual(all.map((l) => l.name));
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('women');
  await expect.poll(() => hashParams(page).get('q')).toBe('women');
  const women = (await service.list<League>('/leagues', { q: 'women', sort: 'name', limit: '100' })).data;
  expect(women.length).toBeGreaterThan(0);
  await expect.poll(async () => (await readTable(table)).rows.map((r) => r[0])).toEqual(women.map((l) => l.name));
  await screenshot(page, 'org-leagues-demo');
  await table.locator('tbody tr[data-row-id]').first().focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => hashPath(page)).toBe(`/leagues/${women[0]?.slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(women[0]?.name as string);
});
