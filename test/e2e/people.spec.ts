import { columns, env, expect, hashParams, hashPath, readAllRows, readTable, screenshot, test } from './fixtures.ts';

/**
 * Agencies, stars and cult players, and coaching staff by team on the demo data: each list equal to the
 * test's own reading of the service (search, filters, sort), each reached in one click (the side bar, a
 * player's agency, a team-season's staff link), and each row leading on to its page.
 */

interface Agency {
  id: number;
  name: string;
  location: string;
  numberOfClients: number;
  agents: string[];
}
interface Star {
  player: { id: number; name: string };
  team: { id: number; name: string; league: { name: string } };
}

// Columns read by title: a column with one value on every row of the page is left out.
const STAFF_ENTRIES = 'Staff entries (a coach’s role with the team in a season) matching the filters';

test('Agencies: a search on the service; a row opens the agency; a player page links to his agency', async ({
  page,
  service,
}) => {
  const all = (await service.list<Agency>('/agencies', { sort: 'name', limit: '1000' })).data;
  const word = (all[0]?.name.split(' ')[1] ?? 'Agency').toLowerCase();
  const matches = all.filter((a) => a.name.toLowerCase().includes(word));
  expect(matches.length).toBeGreaterThan(1);
  expect(matches.length).toBeLessThan(all.length);

  await page.goto(`${env.demo.url}#/teams`);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Agencies' }).click();
  const table = page.getByRole('table', { name: 'Agencies' });
  await expect.poll(async () => (await readAllRows(table)).rows.map((r) => r[0])).toEqual(all.map((a) => a.name));
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(word.toUpperCase());
  await expect.poll(() => hashParams(page).get('q')).toBe(word.toUpperCase());
  await expect
    .poll(async () =>
      columns(await readTable(table), ['Agency name', 'Number of clients (players the agency represents)', 'Agents']),
    )
    .toEqual(matches.map((a) => [a.name, String(a.numberOfClients), a.agents.join(', ') || '—']));
  await expect(page.getByText(`${matches.length} agencies`, { exact: true })).toBeVisible();
  await screenshot(page, 'org-agencies-demo');

  // Enter on a row opens its agency.
  const target = matches[1] as Agency;
  await table.locator(`tbody tr[data-row-id="${target.id}"]`).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => hashPath(page)).toBe(`/agencies/${target.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(target.name);
  await expect(page.getByText(target.location, { exact: true })).toBeVisible();

  // A player whose record names an agency links to it: one click from his page.
  const alumni = await service.list<{ player: { id: number; agencies: { id: number; name: string }[] } }>(
    '/leagues/nhl/where-are-they-now',
    { limit: '50', fields: 'id,player' },
  );
  const client = alumni.data.find((a) => a.player.agencies.length > 0)?.player;
  if (!client) throw new Error('no NHL alumnus with an agency');
  const agency = client.agencies[0] as { id: number; name: string };
  await page.goto(`${env.demo.url}#/players/${client.id}`);
  await page.getByRole('link', { name: agency.name }).click();
  await expect.poll(() => hashPath(page)).toBe(`/agencies/${agency.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(agency.name);
});

test('Stars and cult players: by league, as the service sorts them; a name opens the player', async ({
  page,
  service,
}) => {
  const stars = (await service.list<Star>('/stars-and-cult-players', { league: 'shl', sort: 'team', limit: '100' }))
    .data;
  expect(stars.length).toBeGreaterThan(0);
  await page.goto(`${env.demo.url}#/stars`);
  await page.getByRole('combobox', { name: 'League' }).selectOption('shl');
  await expect.poll(() => hashParams(page).get('league')).toBe('shl');
  const table = page.getByRole('table', { name: 'Stars and cult players' });
  await expect
    .poll(async () =>
      columns(await readTable(table), ['Player', 'The team that lists him as a star or cult favourite']),
    )
    .toEqual(stars.map((s) => [s.player.name, s.team.name]));
  await screenshot(page, 'org-stars-demo');
  const first = stars[0] as Star;
  await table.getByRole('link', { name: first.player.name }).first().click();
  await expect.poll(() => hashPath(page)).toBe(`/players/${first.player.id}`);
});

test('Coaching staff of a league-season by team, one click from the team page', async ({ page, service }) => {
  const [team] = (
    await service.list<{ id: number; name: string }>('/teams', {
      league: 'nhl',
      sort: 'name',
      limit: '1',
      fields: 'id,name',
    })
  ).data;
  const seasons = (await service.list<{ slug: string }>(`/teams/${team?.id}/seasons`, { limit: '1000' })).data;
  const season = seasons
    .map((s) => s.slug)
    .sort()
    .at(-2) as string;
  await page.goto(`${env.demo.url}#/teams/${team?.id}?season=${season}`);
  await page.getByRole('link', { name: 'Staff of every NHL team ›' }).click();
  await expect.poll(() => hashPath(page)).toBe('/staff');
  expect(hashParams(page).get('league')).toBe('nhl');
  expect(hashParams(page).get('season')).toBe(season);
  const counts = (
    await service.list<{ team: { id: number; name: string }; count: number }>('/staff-stats/teams', {
      league: 'nhl',
      season,
      sort: '-count',
      limit: '100',
    })
  ).data;
  expect(counts.length).toBeGreaterThan(0);
  const table = page.getByRole('table', { name: 'Staff entries by team' });
  await expect
    .poll(async () => columns(await readTable(table), ['Team', STAFF_ENTRIES]))
    .toEqual(counts.map((c) => [c.team.name, String(c.count)]));
  // One role: the assistants.
  await page.getByRole('combobox', { name: 'Role' }).selectOption('Assistant Coach');
  await expect.poll(() => hashParams(page).get('role')).toBe('Assistant Coach');
  const assistants = (
    await service.list<{ team: { name: string }; count: number }>('/staff-stats/teams', {
      league: 'nhl',
      season,
      role: 'Assistant Coach',
      sort: '-count',
      limit: '100',
    })
  ).data;
  await expect
    .poll(async () => columns(await readTable(table), ['Team', STAFF_ENTRIES]))
    .toEqual(assistants.map((c) => [c.team.name, String(c.count)]));
  await screenshot(page, 'org-staff-demo');
  // A row opens the team in that season.
  await table.locator('tbody tr[data-row-id]').first().click();
  await expect.poll(() => hashParams(page).get('season')).toBe(season);
  expect(hashPath(page)).toMatch(/^\/teams\/\d+$/);
});
