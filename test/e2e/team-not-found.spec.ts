import { readTestKeys } from './env.ts';
import { env, expect, hashPath, screenshot, test } from './fixtures.ts';

/** A team address whose id the service does not know: one panel, a way back, no goalie table. */

const MISSING = 999_999;

test('#/teams/999999 shows one Not found panel with Browse teams and no goalie table', async ({ page, service }) => {
  // The premise, from the test's own service client: no such team.
  const res = await fetch(`${service.baseUrl}/teams/${MISSING}`, { headers: { 'x-api-key': readTestKeys(env).full } });
  expect(res.status).toBe(404);

  await page.goto(`${env.demo.url}#/teams/${MISSING}`);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText('Not found');
  await expect(alert).toContainText(`Team ${MISSING}`);
  // Every request of the view has answered (the seasons' 404 too) and still: one panel, no table.
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.locator('.skeleton, .skeleton-row')).toHaveCount(0);
  await screenshot(page, 'team-not-found');

  await page.getByRole('link', { name: 'Browse teams' }).click();
  await expect.poll(() => hashPath(page)).toBe('/teams');
  await expect(page.getByRole('table', { name: 'Teams' })).toBeVisible();
});

test('#/teams/999999/goaltending-leaders shows the same one panel, not a leaders table on skeleton rows', async ({
  page,
}) => {
  await page.goto(`${env.demo.url}#/teams/${MISSING}/goaltending-leaders`);
  const alert = page.getByRole('alert');
  await expect(alert).toHaveCount(1);
  await expect(alert).toContainText(`Team ${MISSING}`);
  await page.waitForLoadState('networkidle');
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.locator('.skeleton, .skeleton-row')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Browse teams' })).toBeVisible();
});
