import { type DirectService, env, expect, recordShot, screenshot, sortButton, test } from './fixtures.ts';

/**
 * Players on the demo data: download one small league-season for offline through the panel, then search a
 * player the test read itself from the service's player-stats rows, and sort by name against the test's own
 * ordering of those players (binary order of names, ties by id, as the spec's stable paging asks).
 */

interface League {
  slug: string;
  name?: string | null;
}
interface Season {
  slug: string;
}
interface StatsRow {
  player: {
    id: number;
    name?: string | null;
    nationality?: { slug?: string | null; name?: string | null } | null;
    dateOfBirth?: string | null;
  } | null;
}

/** The league with the fewest teams, and its newest season whose teams have player-stats rows. */
async function smallLeagueSeason(service: DirectService) {
  const leagues = (await service.list<League>('/leagues', { limit: '1000' })).data;
  const sized = await Promise.all(
    leagues.map(async (l) => ({
      league: l,
      teams: (await service.list<{ id: number }>('/teams', { league: l.slug, limit: '1000', fields: 'id' })).data,
    })),
  );
  sized.sort((a, b) => a.teams.length - b.teams.length);
  for (const { league, teams } of sized) {
    if (teams.length === 0) continue;
    const seasons = (await service.list<Season>(`/leagues/${league.slug}/seasons`, { limit: '1000' })).data
      .map((s) => s.slug)
      .sort()
      .reverse();
    for (const season of seasons.slice(0, 3)) {
      const players = new Map<number, string>();
      const nations = new Map<number, string>();
      const nationNames = new Map<string, string>();
      const births = new Map<number, string>();
      for (const t of teams) {
        const rows = (
          await service.list<StatsRow>(`/teams/${t.id}/player-stats`, { season, limit: '1000', fields: 'id,player' })
        ).data;
        for (const r of rows) {
          if (r.player?.name) players.set(r.player.id, r.player.name);
          if (r.player?.nationality?.slug) {
            nations.set(r.player.id, r.player.nationality.slug);
            nationNames.set(r.player.nationality.slug, r.player.nationality.name ?? '');
          }
          if (r.player?.dateOfBirth) births.set(r.player.id, r.player.dateOfBirth.slice(0, 10));
        }
      }
      if (players.size >= 3) return { league, season, players, nations, nationNames, births };
    }
  }
  throw new Error('no league-season of the demo data has player-stats rows');
}

test('Players: download one league-season, search a player, sort by name, filter by nationality and age', async ({
  page,
  service,
}) => {
  test.setTimeout(90_000);
  const { league, season, players, nations, nationNames, births } = await smallLeagueSeason(service);
  const label = league.name ?? league.slug;

  await page.goto(`${env.demo.url}#/players`);
  await expect(page.getByRole('heading', { name: 'Players', level: 1 })).toBeVisible();
  // Each run starts from a fresh data folder: nothing downloaded yet.
  await expect(page.getByText('No players downloaded yet')).toBeVisible();
  await screenshot(page, 'players-before');

  await page.getByRole('button', { name: 'Download for offline' }).first().click();
  const panel = page.locator('.download-panel');
  await panel.getByRole('checkbox', { name: label, exact: true }).check();
  await panel.getByLabel('From season').selectOption(season);
  await panel.getByLabel('To season').selectOption(season);
  await panel.getByRole('button', { name: 'Start download' }).click();
  // The panel closes; the download goes on in one line above the table, counting team-seasons.
  const progress = page.getByRole('region', { name: 'Download for offline' }).getByRole('status');
  await expect(progress).toContainText(/\d+ of [1-9][\d,]* team-seasons? · /);
  await screenshot(page, 'players-downloading');
  await expect(progress).toContainText('Done:', { timeout: 60_000 });
  await expect(page.locator('.synced-line')).toContainText('On this computer: players synced');
  // The list refetched by itself when the download ended: every player of the league-season.
  await expect(page.locator('.view-head .muted')).toHaveText(
    `${players.size.toLocaleString('en-US')} players on this computer`,
  );

  // Only this league-season's players: the set the test read from the service.
  await page.goto(`${env.demo.url}#/players?league=${league.slug}&season=${season}`);
  const table = page.getByRole('table', { name: 'Players' });
  await expect(page.locator('.view-head .muted')).toHaveText(
    `${players.size.toLocaleString('en-US')} of ${players.size.toLocaleString('en-US')} players on this computer`,
  );

  // Search: a name the test took from the service's rows.
  const [targetId, targetName] = [...players.entries()][Math.floor(players.size / 2)] as [number, string];
  const word =
    targetName
      .split(/\s+/)
      .filter((w) => /\p{L}/u.test(w))
      .at(-1) ?? targetName;
  await page.getByRole('searchbox').fill(word);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word).replace(/%20/g, '\\+')}`));
  await expect(table.locator('tbody tr').filter({ hasText: targetName }).first()).toBeVisible();
  await screenshot(page, 'players-search');
  expect(targetId).toBeGreaterThan(0);
  await page.getByRole('searchbox').fill('');
  await expect(page).not.toHaveURL(/[?&]q=/);

  // Sort by name, descending: the test's own order of the players it read.
  await sortButton(table, 'Player name').click();
  await expect(table.locator('th[title="Player name"]')).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/[?&]sort=-name/);
  const expected = [...players.entries()]
    .sort((a, b) => (a[1] < b[1] ? 1 : a[1] > b[1] ? -1 : a[0] - b[0]))
    .slice(0, 10)
    .map(([, name]) => name);
  const names = table.locator('tbody tr:not(.spacer):not(.skeleton-row) td:first-child .strong');
  await expect(names.first()).toHaveText(expected[0] as string);
  expect((await names.allTextContents()).slice(0, expected.length)).toEqual(expected);
  await screenshot(page, 'players-results');

  // Nationality: the most common one among the players read, counted by the test.
  const perNation = new Map<string, number>();
  for (const slug of nations.values()) perNation.set(slug, (perNation.get(slug) ?? 0) + 1);
  const select = page.getByRole('combobox', { name: 'Nationality' });
  const choosable = await select.locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  const [nation, count] = [...perNation.entries()]
    .filter(([slug]) => choosable.includes(slug))
    .sort((a, b) => b[1] - a[1])[0] as [string, number];
  await select.selectOption(nation);
  await expect(page).toHaveURL(new RegExp(`[?&]nationality=${nation}`));
  // A filtered count says of how many: the store holds the league-season's players alone.
  await expect(page.locator('.view-head .muted')).toHaveText(
    `${count.toLocaleString('en-US')} of ${players.size.toLocaleString('en-US')} players on this computer`,
  );
  await recordShot(page, 'players-nationality');
  // The nationality reads the same in the filter, the list and the player page: its name with its code.
  const nationText = `${nationNames.get(nation)} (${nation.toUpperCase()})`;
  await expect(select.locator('option:checked')).toHaveText(nationText);
  if (count >= 3) {
    // One nationality on every row: the column is left out, its value said under the table.
    await expect(page.locator('.same-value-note')).toContainText(`Nationality: ${nationText}`);
  } else {
    await expect(table.locator('tbody tr[data-row-id] td').filter({ hasText: nationText }).first()).toBeVisible();
  }
  // The row opens the player page (a click beside the name link).
  await table.locator('tbody tr[data-row-id]').first().locator('td').nth(1).click();
  await expect(page.locator('.player-head .facts')).toContainText(nationText);
  await page.goBack();
  await expect(select).toHaveValue(nation);

  // Age range, on top of the nationality: the test's own ages from the dates of birth it read.
  const ages = [...nations.entries()].filter(([, slug]) => slug === nation).map(([id]) => births.get(id));
  const known = ages
    .filter((d): d is string => d !== undefined)
    .map(ageToday)
    .sort((a, b) => a - b);
  expect(known.length, 'dates of birth read from the service').toBeGreaterThan(0);
  const lo = known[Math.floor(known.length / 4)] as number;
  const hi = known[Math.floor((known.length * 3) / 4)] as number;
  const inRange = known.filter((a) => a >= lo && a <= hi).length;
  await page.getByRole('spinbutton', { name: 'Age today min' }).fill(String(lo));
  await page.getByRole('spinbutton', { name: 'Age today max' }).fill(String(hi));
  await expect(page).toHaveURL(new RegExp(`age%3Amax=${hi}|age:max=${hi}`));
  await expect(page.locator('.view-head .muted')).toHaveText(
    `${inRange.toLocaleString('en-US')} of ${players.size.toLocaleString('en-US')} players on this computer`,
  );
});

/** Whole years from a YYYY-MM-DD date of birth to today (UTC). */
function ageToday(dob: string): number {
  const now = new Date();
  const [y, m, d] = dob.split('-').map(Number) as [number, number, number];
  const before = now.getUTCMonth() + 1 < m || (now.getUTCMonth() + 1 === m && now.getUTCDate() < d);
  return now.getUTCFullYear() - y - (before ? 1 : 0);
}
