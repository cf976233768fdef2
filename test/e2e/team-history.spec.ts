import {
  columns,
  type DirectService,
  env,
  expect,
  hashParams,
  hashPath,
  readAllRows,
  screenshot,
  test,
} from './fixtures.ts';

/**
 * The team page's top and history on the demo data: the chosen season's record, finish, playoffs and
 * coaches, and the year-by-year table, each equal to what the test reads from the service itself (the
 * team's seasons, each league's standings, the team-season's player-stats `coaches`), formatted by the
 * test's own code; a history row opens its season.
 */

interface Standing {
  id: number;
  season: { slug: string };
  group: string | null;
  position: string;
  postseason: string | null;
  stats: { GP: number; W: number; L: number; T: number | null; OTL: number | null; PTS: number };
}
interface Season {
  slug: string;
  leagueSlug: string;
  leagueName: string;
}
interface Staff {
  name: string;
}

const nth = (n: number) => {
  const t = n % 100;
  if (t >= 11 && t <= 13) return `${n}th`;
  return `${n}${{ 1: 'st', 2: 'nd', 3: 'rd' }[n % 10] ?? 'th'}`;
};

/** The team with the most seasons among the first teams, its seasons and its standings rows. */
async function teamWithHistory(service: DirectService) {
  const teams = (await service.list<{ id: number; name: string }>('/teams', { sort: 'id', limit: '12' })).data;
  let best: { id: number; name: string; seasons: Season[] } | undefined;
  for (const t of teams) {
    const seasons = (await service.list<Season>(`/teams/${t.id}/seasons`, { limit: '1000' })).data;
    if (!best || seasons.length > best.seasons.length) best = { ...t, seasons };
  }
  if (!best) throw new Error('no teams');
  const standings: Standing[] = [];
  for (const league of new Set(best.seasons.map((s) => s.leagueSlug))) {
    const slugs = best.seasons.filter((s) => s.leagueSlug === league).map((s) => s.slug);
    standings.push(
      ...(
        await service.list<Standing>(`/leagues/${league}/standings`, {
          team: String(best.id),
          season: slugs.join(','),
          limit: '1000',
        })
      ).data,
    );
  }
  return { ...best, standings };
}

test('the history lists every season newest first with its record, finish and playoffs; a row opens the season', async ({
  page,
  service,
}) => {
  const team = await teamWithHistory(service);
  expect(team.seasons.length).toBeGreaterThan(3);
  const bySeason = new Map(team.standings.map((s) => [s.season.slug, s]));
  const expected = [...team.seasons]
    .sort((a, b) => b.slug.localeCompare(a.slug))
    .map((s) => {
      const st = bySeason.get(s.slug);
      const finish = st ? `${nth(Number(st.position))}${st.group ? ` in ${st.group}` : ''}` : '—';
      return [
        s.slug,
        s.leagueName,
        String(st?.stats.GP ?? '—'),
        String(st?.stats.W ?? '—'),
        String(st?.stats.PTS ?? '—'),
        finish,
        st?.postseason || '—',
      ];
    });

  await page.goto(`${env.demo.url}#/teams/${team.id}`);
  const table = page.getByRole('table', { name: `History of ${team.name}, season by season` });
  await expect(table.locator('tbody tr[data-row-id]').first()).toBeVisible();
  // A column with one value in every season (one league, 82 games each) is left out and named under the
  // table with that value; shown on request, every column reads as the service's records give it.
  const titles = [
    'Season',
    'League',
    'Games played',
    'Wins',
    'Points',
    'Finish in its division (or conference) in the standings',
    'Playoff result',
  ];
  const alike = (['League', 'GP'] as const).flatMap((label, k) => {
    const values = new Set(expected.map((r) => r[k + 1]));
    return values.size === 1 ? [{ label, title: titles[k + 1] as string, value: [...values][0] as string }] : [];
  });
  const note = page.locator('.data-table').filter({ has: table }).locator('.same-value-note');
  const before = await readAllRows(table);
  for (const a of alike) {
    expect(before.titles).not.toContain(a.title);
    await expect(note).toContainText(`${a.label}: ${a.value}`);
  }
  if (alike.length > 0) await note.getByRole('button', { name: /^Show (it|them)$/ }).click();
  await expect.poll(async () => columns(await readAllRows(table), titles)).toEqual(expected);

  // The summary shows the newest season; a click on an older row shows that one, in the URL too.
  const newest = expected[0]?.[0] as string;
  const summary = page.getByRole('region', { name: `Season ${newest}` });
  await expect(summary).toBeVisible();
  const older = team.seasons
    .map((s) => s.slug)
    .sort()
    .at(-3) as string;
  await table.locator(`tbody tr[data-row-id^="${older}|"]`).click();
  await expect.poll(() => hashParams(page).get('season')).toBe(older);
  const st = bySeason.get(older) as Standing;
  const olderSummary = page.getByRole('region', { name: `Season ${older}` });
  const ties = st.stats.T != null && (st.stats.T > 0 || st.stats.OTL == null);
  const otl = st.stats.OTL != null && (st.stats.OTL > 0 || st.stats.T == null);
  const record = [st.stats.W, st.stats.L, ...(ties ? [st.stats.T] : []), ...(otl ? [st.stats.OTL] : [])].join('–');
  await expect(olderSummary.getByText(record, { exact: true })).toBeVisible();
  await expect(olderSummary.getByText(`${nth(Number(st.position))}${st.group ? ` in ${st.group}` : ''}`)).toBeVisible();

  // The coaches of that team-season, as its player-stats records give them.
  const coaches = (
    await service.list<{ coaches: Record<string, Staff[]> }>(`/teams/${team.id}/player-stats`, {
      season: older,
      fields: 'id,coaches',
      limit: '1',
    })
  ).data[0]?.coaches;
  const head = (coaches?.headCoaches ?? []).map((s) => s.name).join(', ');
  expect(head).not.toBe('');
  await expect(olderSummary.getByText(head, { exact: true })).toBeVisible();
  const assistants = (coaches?.assistantCoaches ?? []).map((s) => s.name).join(', ');
  if (assistants) await expect(olderSummary.getByText(assistants, { exact: true })).toBeVisible();
  await screenshot(page, 'org-team-history-demo');

  // Keyboard: the history is one Tab stop; Enter on a row opens its season.
  const newestRow = table.locator(`tbody tr[data-row-id^="${newest}|"]`);
  await newestRow.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => hashParams(page).get('season')).toBe(newest);
  expect(hashPath(page)).toBe(`/teams/${team.id}`);
});
