import { expect, hashParams, hashPath, readTable, screenshot, test } from './fixtures.ts';

/**
 * An agency's clients among the players on this computer, and a league's scoring leaders once the store
 * holds the league: its worker's own app (fixtures.ts, `workerApp`: the run's demo database and a data
 * folder of its own, so the run's demo instance keeps its empty store) downloads one league-season through
 * the Players panel; the agency page then lists exactly the players of that league-season whose Player
 * record names the agency, as the test reads them from its own service on the same file.
 */

test.describe.configure({ mode: 'serial' });

test('after a download, an agency’s page lists its clients on this computer; the league’s leaders point at them', async ({
  page,
  service,
  workerApp: app,
}) => {
  test.setTimeout(120_000);
  /** GET from the test's own service on the app's file (full-access key); `data` of a 200. */
  const get = <T>(path: string, query: Record<string, string> = {}) => service.get<{ data: T }>(path, query);
  const league = 'pwhl';
  const season = (await get<{ slug: string }[]>(`/leagues/${league}/seasons`, { limit: '1000' })).data
    .map((s) => s.slug)
    .sort()
    .at(-1) as string;
  // The league-season's players and, from each one's record, his agency.
  const teams = (await get<{ id: number }[]>('/teams', { league, limit: '1000', fields: 'id' })).data;
  const ids = new Set<number>();
  for (const t of teams) {
    for (const r of (
      await get<{ player: { id: number } }[]>(`/teams/${t.id}/player-stats`, {
        season,
        limit: '1000',
        fields: 'id,player',
      })
    ).data)
      ids.add(r.player.id);
  }
  const clients = new Map<number, { id: number; name: string }[]>();
  const names = new Map<number, string>();
  for (const id of ids) {
    const p = (
      await get<{ name: string; agencies: { id: number }[] }>(`/players/${id}`, { fields: 'id,name,agencies' })
    ).data;
    const a = p.agencies[0];
    if (a) clients.set(a.id, [...(clients.get(a.id) ?? []), { id, name: p.name }]);
    names.set(id, p.name);
  }
  const [agencyId, agencyClients] = [...clients].sort((x, y) => y[1].length - x[1].length)[0] as [
    number,
    { id: number; name: string }[],
  ];
  expect(agencyClients.length).toBeGreaterThan(1);

  // Download the league-season for offline, as a scout does.
  await page.goto(`${app.url}#/players`);
  await page.getByRole('button', { name: 'Download for offline' }).first().click();
  const panel = page.locator('.download-panel');
  const leagueName = (await get<{ name: string }[]>('/leagues', { slug: league, limit: '1' })).data[0]?.name as string;
  await panel.getByRole('checkbox', { name: leagueName, exact: true }).check();
  await panel.getByLabel('From season').selectOption(season);
  await panel.getByLabel('To season').selectOption(season);
  await panel.getByRole('button', { name: 'Start download' }).click();
  await expect(panel.getByRole('status')).toContainText('Done:', { timeout: 60_000 });

  await page.goto(`${app.url}#/agencies/${agencyId}`);
  const table = page.getByRole('table', { name: /^Clients of .* on this computer$/ });
  await expect
    .poll(async () => (await readTable(table)).rows.map((r) => r[0]))
    .toEqual(agencyClients.map((c) => c.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  await screenshot(page, 'org-agency-clients-demo');
  // A client's row opens his page.
  await table.locator('tbody tr[data-row-id]').first().focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => hashPath(page)).toMatch(/^\/players\/\d+$/);

  // The league's scoring leaders: the store holds it now, so the tab lists its skaters, and leads to the
  // same rows in the stats browser.
  await page.goto(`${app.url}#/leagues/${league}/leaders?season=${season}`);
  await expect(page.getByRole('table', { name: `Scoring leaders, ${leagueName}, ${season}` })).toBeVisible();
  await screenshot(page, 'org-league-leaders-held-tab-demo');
  await page.getByRole('link', { name: 'Open in the stats browser ›' }).click();
  await expect.poll(() => hashPath(page)).toBe('/players/stats');
  expect(hashParams(page).get('league')).toBe(league);
  expect(hashParams(page).get('season')).toBe(season);
  await expect(page.getByRole('table', { name: 'Leaders' })).toBeVisible();
  await screenshot(page, 'org-league-leaders-held-demo');
});
