import type { Page } from '@playwright/test';
import {
  column,
  type DirectService,
  env,
  expect,
  gaa,
  hashParams,
  hashPath,
  int,
  readAllRows,
  readTable,
  recordShot,
  screenshot,
  sortButton,
  sortedBy,
  svp,
  test,
} from './fixtures.ts';

/**
 * The app as a scout first meets it: `npm start` on the demo data (no key), real host, real local
 * service, real Chromium. Every expected order and value comes from the test's own service client and
 * its own comparator and formatters (fixtures.ts).
 */

interface TeamRow {
  id: number;
  name: string;
}
interface Goalie {
  id: number;
  player: { name?: string; firstName?: string; lastName?: string } | null;
  regularStats: Record<string, number | null> | null;
}
interface Standing {
  id: number;
  teamName: string;
  group: string | null;
  position: string | number | null;
  stats: Record<string, number | null>;
}

const TITLE = {
  player: 'Goaltender',
  gp: 'Games played, regular season',
  svp: 'Save percentage, regular season',
  gaa: 'Goals against average (per 60 minutes), regular season',
  pos: 'Position',
  rank: 'Rank in the order shown',
  teamName: 'Team name',
  team: 'Team',
  pts: 'Points',
} as const;

/** The Teams view's count line as a scout reads it: `1 team`, `1,234 teams`. */
const teamsText = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'team' : 'teams'}`;

const goalieName = (g: Goalie) => g.player?.name ?? [g.player?.firstName, g.player?.lastName].filter(Boolean).join(' ');

/** All goaltending-leader rows of a team-season from the service (raw fields, one page of up to 1000). */
async function goalies(service: DirectService, teamId: number, season: string): Promise<Goalie[]> {
  const page = await service.list<Goalie>(`/teams/${teamId}/goaltending-leaders`, {
    season,
    limit: '1000',
    fields: 'id,player,regularStats',
  });
  expect(page._meta.totalRecords).toBe(page.data.length);
  return page.data;
}

/**
 * The leaders' default Min GP by the test's own arithmetic: a quarter of the most regular-season games any
 * goalie of the list played, rounded.
 */
const defaultMinGp = (rows: Goalie[]) => Math.round(Math.max(0, ...rows.map((r) => r.regularStats?.GP ?? 0)) / 4);
const qualified = <T extends Goalie>(rows: T[], min: number) => rows.filter((r) => (r.regularStats?.GP ?? -1) >= min);

/**
 * The goaltending leaders as the page lists them: the goalies Min GP qualifies in the order asked (`key`,
 * `desc`), then the others, most games first (the page hides no goalie who played for the team).
 */
function listedInOrder<T extends Goalie>(rows: T[], min: number, key: string, desc: boolean): T[] {
  const ranked = qualified(rows, min);
  const under = rows.filter((r) => !ranked.includes(r));
  return [...sortedBy(ranked, key, desc), ...sortedBy(under, 'regularStats.GP', true)];
}

/** The leaders table of the page. */
const leadersTable = (page: Page) => page.getByRole('table', { name: /^Goaltending leaders,/ });

/** What the leaders table must show for rows in this order: names, GP, SV%, GAA. */
function expectedLeaders(rows: Goalie[]) {
  return {
    names: rows.map(goalieName),
    gp: rows.map((r) => int(r.regularStats?.GP)),
    svp: rows.map((r) => svp(r.regularStats?.SVP)),
    gaa: rows.map((r) => gaa(r.regularStats?.GAA)),
  };
}

async function shownLeaders(page: Page) {
  const t = await readTable(leadersTable(page));
  return {
    names: column(t, TITLE.player),
    gp: column(t, TITLE.gp),
    svp: column(t, TITLE.svp),
    gaa: column(t, TITLE.gaa),
  };
}

test('first run shows the demo data: badge, source and a populated Teams table', async ({ page, service }) => {
  const all = await service.list<TeamRow>('/teams', { limit: '100', fields: 'id,name' });
  await page.goto(env.demo.url);
  await expect(page.getByText('Demo data', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Teams' })).toBeVisible();
  expect(hashPath(page)).toBe('/teams');
  const table = page.getByRole('table', { name: 'Teams' });
  // The default view: sort by name, the first 100 teams, as the service pages them (the body is
  // virtualised above 40 rows: the reader scrolls through it).
  await expect
    .poll(async () => column(await readAllRows(table), TITLE.teamName))
    .toEqual(all.data.map((t) => t.name).slice(0, 100));
  await expect(page.getByText(teamsText(all._meta.totalRecords))).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('synthetic demo data');
  await screenshot(page, 'teams');
});

test('Teams search narrows the table, opens a team and its goaltending leaders for a season', async ({
  page,
  service,
}) => {
  // A search word the test picks from the data: the last word of the 10th team's name.
  const all = await service.list<TeamRow>('/teams', { limit: '1000', fields: 'id,name' });
  const target = all.data[9] as TeamRow;
  const word = target.name.split(' ').at(-1) as string;
  const matches = await service.list<TeamRow>('/teams', { q: word, limit: '100', fields: 'id,name' });
  expect(matches._meta.totalRecords).toBeGreaterThan(0);
  expect(matches._meta.totalRecords).toBeLessThan(all._meta.totalRecords);

  await page.goto(env.demo.url);
  const table = page.getByRole('table', { name: 'Teams' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name' }).fill(word);
  await expect.poll(() => hashParams(page).get('q')).toBe(word);
  await expect
    .poll(async () => column(await readAllRows(table), TITLE.teamName))
    .toEqual(matches.data.map((t) => t.name));
  await expect(page.getByText(teamsText(matches._meta.totalRecords), { exact: true })).toBeVisible();

  await table.getByRole('row').filter({ hasText: target.name }).first().click();
  await expect.poll(() => hashPath(page)).toBe(`/teams/${target.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(target.name);

  // The team's seasons from the service; pick the second newest (not the default) in the Season select.
  const seasons = await service.list<{ slug: string }>(`/teams/${target.id}/seasons`, { limit: '1000' });
  const slugs = [...new Set(seasons.data.map((s) => s.slug))].sort().reverse();
  expect(slugs.length).toBeGreaterThan(1);
  const season = slugs[1] as string;
  await page.getByRole('combobox', { name: 'Season' }).selectOption(season);
  await expect.poll(() => hashParams(page).get('season')).toBe(season);
  await expect(leadersTable(page)).toHaveAccessibleName(new RegExp(`${season}, regular season$`));

  // Default order: -regularStats.SVP (spec), recomputed here, of the goalies the default Min GP qualifies;
  // then the others, most games first.
  const rows = await goalies(service, target.id, season);
  expect(rows.length).toBeGreaterThan(0);
  const min = defaultMinGp(rows);
  await expect(page.getByRole('combobox', { name: 'Min GP' })).toHaveValue(String(min));
  await expect
    .poll(() => shownLeaders(page))
    .toEqual(expectedLeaders(listedInOrder(rows, min, 'regularStats.SVP', true)));
  await screenshot(page, 'team-goaltending-leaders');
});

/**
 * A team-season whose goalies come out in a different order by SV% than by GAA and by GP, so a click
 * that did not re-sort could not pass by chance. Searched in the data by the test.
 */
async function interestingTeamSeason(
  service: DirectService,
): Promise<{ team: TeamRow; season: string; rows: Goalie[] }> {
  const teams = await service.list<TeamRow>('/teams', { limit: '40', fields: 'id,name' });
  const order = (rows: Goalie[], key: string, desc: boolean) =>
    sortedBy(rows, key, desc)
      .map((r) => r.id)
      .join();
  for (const team of teams.data) {
    const seasons = await service.list<{ slug: string }>(`/teams/${team.id}/seasons`, { limit: '1000' });
    for (const season of [...new Set(seasons.data.map((s) => s.slug))].slice(0, 4)) {
      const rows = await goalies(service, team.id, season);
      if (rows.length < 3) continue;
      const bySvp = order(rows, 'regularStats.SVP', true);
      const orders = [
        bySvp,
        order(rows, 'regularStats.SVP', false),
        order(rows, 'regularStats.GAA', true),
        order(rows, 'regularStats.GAA', false),
        order(rows, 'regularStats.GP', true),
      ];
      if (new Set(orders).size === orders.length) return { team, season, rows };
    }
  }
  throw new Error('no team-season in the first 40 teams has goalies whose orders all differ');
}

test('header clicks re-sort the goaltending leaders in the order the test computes', async ({ page, service }) => {
  const { team, season, rows } = await interestingTeamSeason(service);
  // Every goalie (Min GP: Any), so the orders differ.
  await page.goto(`${env.demo.url}#/teams/${team.id}?minGP=0&season=${season}`);
  const table = leadersTable(page);
  await expect(table).toHaveAccessibleName(new RegExp(`${season}, regular season$`));
  await expect.poll(() => shownLeaders(page)).toEqual(expectedLeaders(sortedBy(rows, 'regularStats.SVP', true)));

  const steps: { title: string; key: string; desc: boolean }[] = [
    // Stat columns sort best-first on the first click, then flip: GAA (lower is better) ascending,
    // GP and SV% descending.
    { title: TITLE.gaa, key: 'regularStats.GAA', desc: false },
    { title: TITLE.gaa, key: 'regularStats.GAA', desc: true },
    { title: TITLE.gp, key: 'regularStats.GP', desc: true },
    { title: TITLE.svp, key: 'regularStats.SVP', desc: true },
    { title: TITLE.svp, key: 'regularStats.SVP', desc: false },
  ];
  for (const step of steps) {
    // The team page has a scoring table with a GP column too: click the leaders' own header.
    await sortButton(table, step.title).click();
    const token = `${step.desc ? '-' : ''}${step.key}`;
    // The default sort (-regularStats.SVP) is left out of the URL.
    await expect.poll(() => hashParams(page).get('sort') ?? '-regularStats.SVP').toBe(token);
    await expect(table.locator(`th[title="${step.title}"]`)).toHaveAttribute(
      'aria-sort',
      step.desc ? 'descending' : 'ascending',
    );
    await expect
      .poll(() => shownLeaders(page), { message: `order after sorting by ${token}` })
      .toEqual(expectedLeaders(sortedBy(rows, step.key, step.desc)));
  }
});

test('All seasons ranks a team’s goalies across its seasons, re-sorted by GP as the test computes', async ({
  page,
  service,
}) => {
  const team = (await service.list<TeamRow>('/teams', { limit: '1', fields: 'id,name' })).data[0] as TeamRow;
  const seasons = await service.list<{ slug: string }>(`/teams/${team.id}/seasons`, { limit: '1000' });
  const slugs = [...new Set(seasons.data.map((s) => s.slug))];
  expect(slugs.length).toBeGreaterThan(1);
  const all = await service.list<Goalie & { season: { slug: string } }>(`/teams/${team.id}/goaltending-leaders`, {
    season: slugs.join(','),
    limit: '1000',
    fields: 'id,player,season,regularStats',
  });
  expect(all._meta.totalRecords).toBe(all.data.length);
  expect(new Set(all.data.map((r) => r.season.slug)).size).toBeGreaterThan(1);

  await page.goto(`${env.demo.url}#/teams/${team.id}/goaltending-leaders`);
  await page.getByRole('combobox', { name: 'Season' }).selectOption('all');
  await expect.poll(() => hashParams(page).get('season')).toBe('all');
  const table = leadersTable(page);
  await expect(table).toHaveAccessibleName(/, all seasons, regular season$/);
  // Across seasons, a quarter of the busiest goalie-season's games qualify by default: shown in the
  // select, not written to the URL.
  const min = defaultMinGp(all.data);
  await expect(page.getByRole('combobox', { name: 'Min GP' })).toHaveValue(String(min));
  expect(hashParams(page).get('minGP')).toBeNull();
  await sortButton(page, TITLE.gp).click();
  await expect.poll(() => hashParams(page).get('sort')).toBe('-regularStats.GP');
  const byGp = listedInOrder(all.data, min, 'regularStats.GP', true);
  await expect
    .poll(async () => {
      const t = await readAllRows(table);
      return { names: column(t, TITLE.player), seasons: column(t, 'Season'), gp: column(t, TITLE.gp) };
    })
    .toEqual({
      names: byGp.map(goalieName),
      seasons: byGp.map((r) => r.season.slug),
      gp: byGp.map((r) => int(r.regularStats?.GP)),
    });
  await screenshot(page, 'goaltending-leaders-all-seasons');
});

test('Min GP qualifies the ranking: goalies with that many games in SV% order, then the others by games', async ({
  page,
  service,
}) => {
  const team = (await service.list<TeamRow>('/teams', { limit: '1', fields: 'id,name' })).data[0] as TeamRow;
  const seasons = await service.list<{ slug: string }>(`/teams/${team.id}/seasons`, { limit: '1000' });
  const all = await service.list<Goalie>(`/teams/${team.id}/goaltending-leaders`, {
    season: [...new Set(seasons.data.map((s) => s.slug))].join(','),
    limit: '1000',
    fields: 'id,player,regularStats',
  });
  // The first qualifier the app offers that leaves some goalies out and keeps some in, found by the test
  // (not the list's default, which the URL leaves out).
  const gp = (g: Goalie) => g.regularStats?.GP ?? null;
  const min = [5, 10, 20, 30, 40].find((n) => {
    if (n === defaultMinGp(all.data)) return false;
    const kept = all.data.filter((g) => (gp(g) ?? -1) >= n).length;
    return kept > 0 && kept < all.data.length;
  });
  expect(min, 'a qualifier that splits the goalies').toBeDefined();
  const listed = listedInOrder(all.data, min as number, 'regularStats.SVP', true);

  await page.goto(`${env.demo.url}#/teams/${team.id}/goaltending-leaders?season=all`);
  await page.getByRole('combobox', { name: 'Min GP' }).selectOption(String(min));
  await expect.poll(() => hashParams(page).get('minGP')).toBe(String(min));
  const table = leadersTable(page);
  await expect
    .poll(async () => {
      const t = await readAllRows(table);
      return { names: column(t, TITLE.player), gp: column(t, TITLE.gp), svp: column(t, TITLE.svp) };
    })
    .toEqual({
      names: listed.map(goalieName),
      gp: listed.map((r) => int(r.regularStats?.GP)),
      svp: listed.map((r) => svp(r.regularStats?.SVP)),
    });
  await screenshot(page, 'goaltending-leaders-min-gp');
});

test('paging forward and back on Teams at 25 rows per page', async ({ page, service }) => {
  const first = await service.list<TeamRow>('/teams', { limit: '25', offset: '0', fields: 'id,name' });
  const second = await service.list<TeamRow>('/teams', { limit: '25', offset: '25', fields: 'id,name' });
  const total = first._meta.totalRecords;
  expect(total).toBeGreaterThan(50);
  const n = total.toLocaleString('en-US');

  await page.goto(env.demo.url);
  const table = page.getByRole('table', { name: 'Teams' });
  const pager = page.getByRole('navigation', { name: 'Teams pages' });
  await expect(table.locator('tbody tr').first()).toBeVisible();
  await pager.getByRole('combobox').selectOption('25');
  await expect.poll(() => hashParams(page).get('limit')).toBe('25');
  await expect(pager).toContainText(`1–25 of ${n}`);
  await expect.poll(async () => column(await readTable(table), TITLE.teamName)).toEqual(first.data.map((t) => t.name));

  await pager.getByRole('button', { name: 'Next page' }).click();
  await expect(pager).toContainText(`26–50 of ${n}`);
  await expect.poll(() => hashParams(page).get('offset')).toBe('25');
  await expect.poll(async () => column(await readTable(table), TITLE.teamName)).toEqual(second.data.map((t) => t.name));
  expect(second.data[0]?.name).not.toBe(first.data[0]?.name);

  await pager.getByRole('button', { name: 'Previous page' }).click();
  await expect(pager).toContainText(`1–25 of ${n}`);
  await expect.poll(() => hashParams(page).get('offset')).toBeNull();
  await expect.poll(async () => column(await readTable(table), TITLE.teamName)).toEqual(first.data.map((t) => t.name));

  // The page is in the URL: Back returns to the second page.
  await page.goBack();
  await expect(pager).toContainText(`26–50 of ${n}`);
  await expect.poll(async () => column(await readTable(table), TITLE.teamName)).toEqual(second.data.map((t) => t.name));
});

test('standings of a league and season: league-wide by PTS with Rk, by group with Pos, as the test computes', async ({
  page,
  service,
}) => {
  const league = 'nhl';
  const seasons = await service.list<{ slug: string }>(`/leagues/${league}/seasons`, { limit: '1000' });
  const slugs = [...new Set(seasons.data.map((s) => s.slug))].sort().reverse();
  const season = (slugs[2] ?? slugs[0]) as string;
  const all = await service.list<Standing>(`/leagues/${league}/standings`, { season, limit: '1000' });
  expect(all.data.length).toBeGreaterThan(10);
  expect(all._meta.totalRecords).toBe(all.data.length);

  await page.goto(env.demo.url);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Standings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Standings' })).toBeVisible();
  await page.getByRole('combobox', { name: 'League' }).selectOption(league);
  await page.getByRole('combobox', { name: 'Season' }).selectOption(season);
  await expect.poll(() => hashParams(page).get('season')).toBe(season);
  const table = page.getByRole('table', { name: new RegExp(`^the standings of .* in ${season}$`) });

  // League-wide: -stats.PTS.
  // The switch is a named group of radios, not controls inside one <label>.
  const layout = page.getByRole('group', { name: 'Layout' });
  await expect(layout.getByRole('radio')).toHaveCount(2);
  await expect(page.locator('label fieldset')).toHaveCount(0);
  // The switch's radios are covered by their labels: click the label, as a scout does.
  await page.getByText('League-wide', { exact: true }).click();
  await expect.poll(() => hashParams(page).get('sort')).toBe('-stats.PTS');
  // Points ties are broken by wins, then goal difference, then id (service/README, "Standings order").
  const n = (v: number | null | undefined) => v ?? Number.NEGATIVE_INFINITY;
  const tieBreak = (a: Standing, b: Standing) =>
    n(b.stats.W) - n(a.stats.W) || n(b.stats.GD) - n(a.stats.GD) || a.id - b.id;
  const byPts = [...all.data].sort((a, b) => n(b.stats.PTS) - n(a.stats.PTS) || tieBreak(a, b));
  // League-wide, Rk is the place in the order shown (1, 2, 3 …), not the Databank's division rank.
  await expect
    .poll(async () => {
      const t = await readTable(table);
      return { team: column(t, TITLE.team), pts: column(t, TITLE.pts), rank: column(t, TITLE.rank) };
    })
    .toEqual({
      team: byPts.map((r) => r.teamName),
      pts: byPts.map((r) => int(r.stats.PTS)),
      rank: byPts.map((_, i) => String(i + 1)),
    });
  await expect(table.getByRole('columnheader', { name: 'Pos' })).toHaveCount(0);
  await screenshot(page, 'standings');

  // By group (the view's default, `group,position`): groups by name (byte order, as SQLite compares
  // text), within each by position, a header row per group.
  await page.getByText('By group', { exact: true }).click();
  await expect.poll(() => hashParams(page).get('sort')).toBeNull();
  const byGroup = [...all.data].sort((a, b) => {
    const g = (r: Standing) => r.group ?? '\uffff';
    if (g(a) !== g(b)) return g(a) < g(b) ? -1 : 1;
    return Number(a.position) - Number(b.position) || tieBreak(a, b);
  });
  // By group, Pos is the group rank (the record's `position`).
  await expect
    .poll(async () => {
      const t = await readTable(table);
      return {
        team: column(t, TITLE.team),
        pos: column(t, TITLE.pos),
        groups: await table.locator('tbody tr.group-row').allTextContents(),
      };
    })
    .toEqual({
      team: byGroup.map((r) => r.teamName),
      pos: byGroup.map((r) => String(r.position ?? '—')),
      groups: [...new Set(byGroup.map((r) => r.group ?? 'No group'))],
    });
});

test('on the built-in key, "Use my key" is a quiet link in Settings, not a button in the top bar', async ({ page }) => {
  await page.goto(`${env.demo.url}#/settings`);
  await expect(page.getByRole('heading', { level: 2, name: 'Connection' })).toBeVisible();
  await expect(
    page.getByText('Using the built-in key of the local service; no key of your own is needed.').first(),
  ).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByText('Demo data', { exact: true })).toBeVisible();
  await expect.soft(banner.getByRole('button')).toHaveCount(0);
  await recordShot(page, 'settings-demo-key');
  // The form waits behind the link; opened, its key field starts empty (the page never has a stored
  // key) and has the focus; Cancel folds it away and gives the focus back to the link.
  const link = page.getByRole('button', { name: 'Use my key…' });
  await expect(link).toHaveClass(/link-btn/);
  await expect(page.getByRole('textbox', { name: /API key/ })).toHaveCount(0);
  await link.click();
  const field = page.getByRole('textbox', { name: 'API key', exact: true });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
  await screenshot(page, 'settings');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('textbox', { name: /API key/ })).toHaveCount(0);
  await expect(link).toBeFocused();
});
