import type { Locator, Page } from '@playwright/test';
import { type DirectService, env, expect, recordShot, test } from './fixtures.ts';

/**
 * What Compare's charts say about themselves: the profile says per metric what up means (better; better
 * with lower-is-better metrics turned; older, taller, heavier for the metrics that have no better
 * direction), and the goalie chart names each chosen team's busiest goalie with his team beside his dot,
 * and names any goalie with his team on hover. Teams and goalies come from the test's own service client.
 */

const LEAGUE = 'nhl';
const SEASON = '2018-2019';
/** The goalie chart's default qualifier (games played). */
const MIN_GP = 10;

interface Goalie {
  id: number;
  player: { name?: string; firstName?: string; lastName?: string } | null;
  regularStats: Record<string, number | null> | null;
}
const goalieName = (g: Goalie) => g.player?.name ?? [g.player?.firstName, g.player?.lastName].filter(Boolean).join(' ');

/** Three teams of the season and each one's goalies with at least {@link MIN_GP} games, busiest first. */
async function chosenTeams(service: DirectService) {
  const standings = await service.list<{ team: { id: number; name: string }; teamName?: string }>(
    `/leagues/${LEAGUE}/standings`,
    { season: SEASON, limit: '3', sort: 'position' },
  );
  return Promise.all(
    standings.data.map(async (s) => {
      const goalies = (
        await service.list<Goalie>(`/teams/${s.team.id}/goaltending-leaders`, {
          season: SEASON,
          limit: '100',
          fields: 'id,player,regularStats',
        })
      ).data
        .filter((g) => (g.regularStats?.GP ?? 0) >= MIN_GP)
        .sort((a, b) => (b.regularStats?.GP ?? 0) - (a.regularStats?.GP ?? 0));
      return { id: s.team.id, name: s.teamName ?? s.team.name, goalies };
    }),
  );
}

/** Each x-axis tick of a chart as its lines (one `<tspan>` a line). */
async function ticks(chart: Locator): Promise<string[][]> {
  return chart
    .locator('text.recharts-xAxis.recharts-cartesian-axis-tick-value')
    .evaluateAll((texts) =>
      texts.map((t) =>
        t.querySelectorAll('tspan').length > 0
          ? [...t.querySelectorAll('tspan')].map((s) => s.textContent ?? '')
          : [t.textContent ?? ''],
      ),
    );
}

/** The labels drawn beside points: each `<text>` of the plot that is no axis tick, as its lines. */
async function pointLabels(chart: Locator): Promise<string[][]> {
  return chart
    .locator('.recharts-scatter text')
    .evaluateAll((texts) => texts.map((t) => [...t.querySelectorAll('tspan')].map((s) => s.textContent ?? '')));
}

/** A picture of one chart card, for the record. */
async function shootChart(page: Page, chart: Locator, name: string): Promise<void> {
  await chart.scrollIntoViewIfNeeded();
  const b = await chart.boundingBox();
  if (b) await recordShot(page, name, { x: b.x, y: Math.max(0, b.y), width: b.width, height: b.height });
}

test('Compare: the profile says per metric what up means, and the goalie chart names goalies with their teams', async ({
  page,
  service,
}) => {
  const teams = await chosenTeams(service);
  await page.goto(
    `${env.demo.url}#/compare?league=${LEAGUE}&season=${SEASON}&teams=${teams.map((t) => t.id).join(',')}`,
  );
  const profile = page.locator('[data-chart="profile"]');
  const goalies = page.locator('[data-chart="goalies"]');
  await expect(profile.locator('svg [role="img"]').first()).toBeVisible();
  await expect(goalies.locator('svg [role="img"]').first()).toBeVisible();
  await shootChart(page, profile, 'compare-profile');
  await shootChart(page, goalies, 'compare-goalies');

  // The profile: one direction per metric, said under its name; the axis itself claims none.
  expect(await ticks(profile)).toEqual([
    ['PTS%', '↑ better'],
    ['GF/GP', '↑ better'],
    ['GA/GP', '↑ better (lower)'],
    ['GD', '↑ better'],
    ['SV%', '↑ better'],
    ['GAA', '↑ better (lower)'],
    ['Age', '↑ older'],
    ['Height', '↑ taller'],
    ['Weight', '↑ heavier'],
  ]);
  await expect(profile.locator('svg text', { hasText: 'SDs from the league average' })).toHaveCount(1);
  await expect(profile.locator('svg.recharts-surface')).not.toContainText('up = better');
  await expect(profile.locator('.chart-note')).toContainText('no better direction');

  // The goalie chart: each team's busiest goalie named beside his dot, with his team.
  const busiest = teams.flatMap((t) => (t.goalies[0] ? [[goalieName(t.goalies[0]), t.name]] : []));
  expect(busiest.length).toBe(teams.length);
  expect((await pointLabels(goalies)).sort()).toEqual(busiest.sort());

  // Any goalie, on hover: his name and team in the tooltip.
  const backup = teams.flatMap((t) => t.goalies.slice(1).map((g) => ({ g, team: t.name })))[0];
  if (!backup) throw new Error('no chosen team has a second goalie with enough games');
  const mark = goalies.locator(`svg [role="img"][aria-label^="${goalieName(backup.g)} (${backup.team}):"]`);
  await mark.locator('circle').hover();
  await expect(goalies.locator('.recharts-tooltip-wrapper')).toContainText(`${goalieName(backup.g)} (${backup.team})`);
});
