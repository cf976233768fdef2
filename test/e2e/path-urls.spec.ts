import { env, expect, hashParams, hashPath, recordShot, test } from './fixtures.ts';

/**
 * An address typed as a path (`/teams/107`, as a scout writes it from memory or pastes it from a note)
 * lands on its hash route, the one the router reads, with its query; it is never a blank page.
 */

test('a path URL such as /teams/ID opens the team, and a path with a query keeps it', async ({ page, service }) => {
  const season = '2018-2019';
  const team = (
    await service.list<{ team: { id: number; name: string } }>('/leagues/nhl/standings', { season, limit: '1' })
  ).data[0]?.team;
  if (!team) throw new Error(`no NHL standings in ${season}`);

  await page.goto(`${env.demo.url}teams/${team.id}`);
  await expect.soft(page.getByRole('heading', { level: 1 })).toContainText(team.name);
  await recordShot(page, 'path-url-team');
  await expect.poll(() => hashPath(page)).toBe(`/teams/${team.id}`);
  expect(new URL(page.url()).pathname).toBe('/');

  await page.goto(`${env.demo.url}teams/${team.id}/goaltending-leaders?season=${season}&block=postseasonStats`);
  await expect.poll(() => hashPath(page)).toBe(`/teams/${team.id}/goaltending-leaders`);
  expect(hashParams(page).get('season')).toBe(season);
  expect(hashParams(page).get('block')).toBe('postseasonStats');
  await expect(page.getByRole('radio', { name: 'Playoffs' })).toBeChecked();

  // A path that names no view still reaches the app, which says so.
  await page.goto(`${env.demo.url}no/such/view`);
  await expect(page.getByText('There is no such page in Rinkside.')).toBeVisible();
});
