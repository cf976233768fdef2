import { type DirectService, env, expect, hashParams, hashPath, readTable, screenshot, test } from './fixtures.ts';

/**
 * A team's organisation page on the demo data, reached in one click from the team page: affiliates,
 * players in the system by league, transfer years, the arena's teams and the team's stars, each equal to
 * the test's own reading of the service; the in-the-system table sorts on the service.
 */

interface Team {
  id: number;
  name: string;
  league: { name: string } | null;
  arena: { id: number; name: string } | null;
}
interface Count {
  league: { slug: string; name: string };
  count: number;
}

/** The first team with affiliates, players in its system, transfer years and stars. */
async function fullTeam(service: DirectService): Promise<Team> {
  const teams = (await service.list<Team>('/teams', { sort: 'id', limit: '60', fields: 'id,name,league,arena' })).data;
  const stars = new Set(
    (await service.list<{ team: { id: number } }>('/stars-and-cult-players', { limit: '1000' })).data.map(
      (s) => s.team.id,
    ),
  );
  for (const t of teams) {
    if (!stars.has(t.id) || !t.arena) continue;
    const [aff, sys] = await Promise.all([
      service.list(`/teams/${t.id}/affiliates`, { limit: '0' }),
      service.list(`/teams/${t.id}/in-the-system/leagues`, { limit: '0' }),
    ]);
    if (aff._meta.totalRecords > 0 && sys._meta.totalRecords > 1) return t;
  }
  throw new Error('no team with affiliates, two in-the-system leagues and stars among the first 60');
}

test('the organisation page lists affiliates, the system by league, transfer years, the arena’s teams and stars', async ({
  page,
  service,
}) => {
  const team = await fullTeam(service);
  await page.goto(`${env.demo.url}#/teams/${team.id}`);
  // One click from the team page.
  await page.getByRole('navigation', { name: 'Team pages' }).getByRole('link', { name: 'Organisation' }).click();
  await expect.poll(() => hashPath(page)).toBe(`/teams/${team.id}/organisation`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(team.name);

  const affiliates = (
    await service.list<Team>(`/teams/${team.id}/affiliates`, { limit: '25', fields: 'id,name,league' })
  ).data;
  const affTable = page.getByRole('table', { name: `Affiliates of ${team.name}` });
  await expect
    .poll(async () => (await readTable(affTable)).rows.map((r) => [r[0], r[1]]))
    .toEqual(affiliates.map((a) => [a.name, a.league?.name ?? '—']));

  const system = (await service.list<Count>(`/teams/${team.id}/in-the-system/leagues`, { limit: '25' })).data;
  const sysTable = page.getByRole('table', { name: `Players in the system of ${team.name}, by league` });
  const rowsOf = async () => (await readTable(sysTable)).rows.map((r) => [r[0], r[1]]);
  // Default -count (the service's), ties by league slug.
  await expect.poll(rowsOf).toEqual(system.map((c) => [c.league.name, String(c.count)]));
  // Players header: first click sorts most first (already), second fewest first, on the service.
  await sysTable.getByRole('button', { name: /^Players in the team’s system.*: sort$/ }).click();
  await expect.poll(() => hashParams(page).get('system.sort')).toBe('count');
  const ascending = [...system].sort((a, b) => a.count - b.count || a.league.slug.localeCompare(b.league.slug));
  await expect.poll(rowsOf).toEqual(ascending.map((c) => [c.league.name, String(c.count)]));

  const years = (await service.list<number>(`/teams/${team.id}/transfers/years`, { limit: '1000' })).data;
  await expect(page.getByRole('list', { name: `Years with transfers, ${team.name}` }).getByRole('listitem')).toHaveText(
    years.map(String),
  );

  const arenaTeams = (
    await service.list<Team>(`/arenas/${team.arena?.id}/teams`, { sort: 'name', limit: '25', fields: 'id,name' })
  ).data;
  const arenaTable = page.getByRole('table', { name: `Teams playing in ${team.arena?.name}` });
  await expect
    .poll(async () => (await readTable(arenaTable)).rows.map((r) => r[0]?.replace(/this team$/, '').trim()))
    .toEqual(arenaTeams.map((t) => t.name));

  const stars = (
    await service.list<{ player: { name: string } }>('/stars-and-cult-players', {
      team: String(team.id),
      sort: 'team',
      limit: '25',
    })
  ).data;
  const starTable = page.getByRole('table', { name: `Stars and cult favourites of ${team.name}` });
  await expect
    .poll(async () => (await readTable(starTable)).rows.map((r) => r[0]))
    .toEqual(stars.map((s) => s.player.name));
  await screenshot(page, 'org-organisation-demo');

  // A star's row opens his page (Enter on the focused row).
  await starTable.locator('tbody tr[data-row-id]').first().focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => hashPath(page)).toMatch(/^\/players\/\d+$/);
});
