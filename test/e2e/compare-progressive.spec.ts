import type { Route } from '@playwright/test';
import { env, expect, recordShot, test } from './fixtures.ts';

/**
 * Compare draws each chart as soon as its own numbers are in: with the trend's earlier seasons held back at
 * the bridge, the season's charts (profile, league scatter, goalies) are drawn and the trend's frame waits,
 * busy, saying so; once they are let through, the trend is drawn too.
 */

const LEAGUE = 'nhl';
const SEASON = '2018-2019';

test('Compare: the season’s charts are drawn while the trend’s seasons still load', async ({ page, service }) => {
  const standings = await service.list<{ team: { id: number } }>(`/leagues/${LEAGUE}/standings`, {
    season: SEASON,
    limit: '1000',
  });
  const teams = standings.data.slice(0, 3).map((s) => s.team.id);
  let release: () => void = () => {};
  const released = new Promise<void>((r) => {
    release = r;
  });
  let held = 0;
  // The trend's seasons before the chosen one: held at the bridge until released.
  await page.route('**/bridge/request', async (route: Route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { endpoint?: string; query?: { season?: string } };
    if (body.endpoint === 'leagueStandings' && body.query?.season !== undefined && body.query.season < SEASON) {
      held++;
      await released;
    }
    await route.fallback();
  });
  await page.goto(`${env.demo.url}#/compare?league=${LEAGUE}&season=${SEASON}&teams=${teams.join(',')}`);
  const chart = (id: string) => page.locator(`[data-chart="${id}"]`);
  for (const id of ['profile', 'scatter', 'goalies']) {
    await expect(chart(id).locator('svg [role="img"]').first()).toBeVisible({ timeout: 30_000 });
  }
  expect(held).toBeGreaterThan(0);
  const waiting = chart('trend').locator('.chart-pending[aria-busy="true"]');
  await expect(waiting).toBeVisible();
  await expect(waiting.getByRole('status')).toHaveText('Loading the numbers…');
  await expect(chart('trend').locator('svg [role="img"]')).toHaveCount(0);
  await chart('trend').scrollIntoViewIfNeeded();
  await recordShot(page, 'compare-trend-loading');

  release();
  await expect(chart('trend').locator('svg [role="img"]').first()).toBeVisible({ timeout: 30_000 });
  await expect(chart('trend').locator('.chart-pending')).toHaveCount(0);
});
