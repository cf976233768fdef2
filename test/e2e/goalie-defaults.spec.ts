import type { Page } from '@playwright/test';
import {
  column,
  type DirectService,
  env,
  expect,
  hashParams,
  readTable,
  recordShot,
  sortedBy,
  svp,
  test,
} from './fixtures.ts';

/**
 * The goaltending leaders' default qualifier: a minimum a scout would rank by, shown in the Min GP
 * select, so a goalie with a game or two does not top the SV% ranking: a quarter of the games of the
 * busiest goalie listed (the team's games are not in the record). Switching the block resets Min GP to
 * the new block's default instead of carrying it over. The expected rows are the service's, filtered and
 * sorted by the test's own code.
 */

type Block = 'regularStats' | 'postseasonStats';
interface Goalie {
  id: number;
  player: { name?: string; firstName?: string; lastName?: string } | null;
  regularStats: Record<string, number | null> | null;
  postseasonStats: Record<string, number | null> | null;
}

const name = (g: Goalie) => g.player?.name ?? [g.player?.firstName, g.player?.lastName].filter(Boolean).join(' ');
const gp = (g: Goalie, block: Block) => g[block]?.GP ?? 0;
/** The test's own default: a quarter of the most games any goalie of the list played in the block, rounded. */
const quarterOfMost = (goalies: Goalie[], block: Block) =>
  Math.round(Math.max(0, ...goalies.map((g) => gp(g, block))) / 4);

/**
 * A team-season of the NHL where both defaults leave a goalie out: one under the regular-season default,
 * one with a playoff game but under the playoff default; found in the data by the test, newest season first.
 */
async function teamWithBackups(service: DirectService): Promise<{ id: number; season: string; goalies: Goalie[] }> {
  const seasons = (await service.list<{ slug: string }>('/leagues/nhl/seasons', { limit: '1000' })).data
    .map((s) => s.slug)
    .sort()
    .reverse();
  for (const season of seasons) {
    const standings = await service.list<{ team: { id: number } }>('/leagues/nhl/standings', {
      season,
      limit: '100',
    });
    for (const s of standings.data) {
      const goalies = (
        await service.list<Goalie>(`/teams/${s.team.id}/goaltending-leaders`, {
          season,
          limit: '1000',
          fields: 'id,player,regularStats,postseasonStats',
        })
      ).data;
      const regular = quarterOfMost(goalies, 'regularStats');
      const playoffs = quarterOfMost(goalies, 'postseasonStats');
      const fewRegular = goalies.some((g) => gp(g, 'regularStats') < regular);
      const fewPlayoffs = goalies.some((g) => gp(g, 'postseasonStats') > 0 && gp(g, 'postseasonStats') < playoffs);
      if (fewRegular && fewPlayoffs && regular !== 20) return { id: s.team.id, season, goalies };
    }
  }
  throw new Error('no NHL team-season has goalies under both defaults');
}

/** The rows the leaders table shows: goalie names and SV% of the block. */
async function shown(page: Page, block: Block) {
  const t = await readTable(page.getByRole('table', { name: /^Goaltending leaders,/ }));
  const label = block === 'regularStats' ? 'regular season' : 'playoffs';
  return { names: column(t, 'Goaltender'), svp: column(t, `Save percentage, ${label}`) };
}

/**
 * What the test expects: goalies with at least `min` games in the block, best SV% first, then every other
 * goalie with a game in the block (in the playoffs; any in the regular season), most games first: the page
 * hides none.
 */
function expected(goalies: Goalie[], block: Block, min: number) {
  const listed = goalies.filter((g) => block === 'regularStats' || gp(g, block) > 0);
  const rows = [
    ...sortedBy(
      listed.filter((g) => gp(g, block) >= min),
      `${block}.SVP`,
      true,
    ),
    ...sortedBy(
      listed.filter((g) => gp(g, block) < min),
      `${block}.GP`,
      true,
    ),
  ];
  return { names: rows.map(name), svp: rows.map((g) => svp(g[block]?.SVP)) };
}

test('leaders rank qualified goalies by default (a quarter of the busiest one’s GP), shown in Min GP and reset per block', async ({
  page,
  service,
}) => {
  const { id, season, goalies } = await teamWithBackups(service);
  const regular = quarterOfMost(goalies, 'regularStats');
  const playoffs = quarterOfMost(goalies, 'postseasonStats');
  await page.goto(`${env.demo.url}#/teams/${id}/goaltending-leaders?season=${season}`);
  const minGp = page.getByRole('combobox', { name: 'Min GP' });
  await expect(page.locator('.data-table[data-state="ready"]')).toBeVisible();
  // Soft until the playoffs' picture is taken, so a run on the old code shows both pictures.
  const soft = expect.configure({ soft: true, timeout: 5_000 });
  await soft(minGp).toHaveValue(String(regular));
  await recordShot(page, 'goalie-defaults-regular');

  // Regular season: the default qualifies, said in the select; the URL names no minGP.
  await soft(minGp.locator('option:checked')).toHaveText(`${regular} (default)`);
  soft(hashParams(page).get('minGP')).toBeNull();
  await soft.poll(() => shown(page, 'regularStats')).toEqual(expected(goalies, 'regularStats', regular));
  const fewer = goalies.filter((g) => gp(g, 'regularStats') < regular).length;
  const most = Math.max(...goalies.map((g) => gp(g, 'regularStats')));
  await soft(page.locator('.min-gp-note')).toHaveText(
    `Ranked: goalies with ${regular} or more games, a quarter of the most any goalie here played (${most}). ` +
      `${fewer} ${fewer === 1 ? 'goalie' : 'goalies'} with fewer ${fewer === 1 ? 'is' : 'are'} listed after them, not ranked · Rank them all`,
  );

  // A qualifier of the scout's own, then the playoffs: Min GP goes back to the playoffs' default.
  await minGp.selectOption('20');
  await expect.poll(() => hashParams(page).get('minGP')).toBe('20');
  await page.getByText('Playoffs', { exact: true }).click();
  await expect.poll(() => hashParams(page).get('block')).toBe('postseasonStats');
  soft(hashParams(page).get('minGP')).toBeNull();
  await soft(minGp).toHaveValue(String(playoffs));
  await recordShot(page, 'goalie-defaults-playoffs');
  await expect(minGp.locator('option:checked')).toHaveText(`${playoffs} (default)`);
  await expect.poll(() => shown(page, 'postseasonStats')).toEqual(expected(goalies, 'postseasonStats', playoffs));

  // "Rank them all": every goalie with a playoff game, ranked.
  await page.getByRole('button', { name: 'Rank them all' }).click();
  await expect.poll(() => hashParams(page).get('minGP')).toBe('0');
  await expect.poll(() => shown(page, 'postseasonStats')).toEqual(expected(goalies, 'postseasonStats', 1));
});
