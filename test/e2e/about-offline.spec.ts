import { renameSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { importDatabank } from '../../service/data/databank/import.ts';
import { startService } from '../../service/server.ts';
import { writeSample } from '../unit/service-data/databank-sample.ts';
import { tempDir } from '../unit/service-data/helpers.ts';
import { expect, screenshot, test } from './fixtures.ts';
import { childrenOf, startOwnApp, stopOwnApp } from './own-app.ts';

/**
 * The Hockey Databank's terms ask for its attribution wherever its data is shown, offline too. An app of
 * the test's own runs on a small Databank import; the footer shows the attribution; then the app's
 * service stops for good (its process killed, its database gone, so it cannot restart) and, after a
 * reload, the footer still shows it, kept with the store. The expected text is the service's own
 * `/about`, read by the test from a service of its own on the same database.
 */

test('the Databank attribution stays in the footer when the service cannot be reached, after a reload', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const t = tempDir('rinkside-e2e-about-offline-');
  const csv = join(t.dir, 'csv');
  writeSample(csv, [[1976, 'MTL']]);
  const db = join(t.dir, 'databank.sqlite');
  await importDatabank(csv, db, { maxSkippedShare: 1 });
  const own = await startService({ db, port: 0 });
  const about = (await fetch(`${own.baseUrl}/about`).then((r) => r.json())) as {
    provenance: { source: string; attribution?: string };
  };
  await own.close();
  expect(about.provenance.source).toBe('hockey-databank');
  const attribution = about.provenance.attribution as string;
  expect(attribution.length).toBeGreaterThan(20);

  const dataDir = join(t.dir, 'data');
  const app = await startOwnApp(dataDir, db);
  try {
    await page.goto(`${app.url}#/teams`);
    const footer = page.getByTestId('attribution');
    await expect(footer).toHaveText(attribution);
    // The host keeps the answer with the store in the background: wait until it is in the file.
    await expect
      .poll(() => {
        // Absent until the store's first open; read-only, beside the app's own connection.
        let file: DatabaseSync | undefined;
        try {
          file = new DatabaseSync(join(dataDir, 'offline-players.sqlite'), { readOnly: true });
          return (file.prepare("SELECT value FROM store_meta WHERE key = 'about'").get() as { value: string })?.value;
        } catch {
          return undefined;
        } finally {
          file?.close();
        }
      })
      .toContain('hockey-databank');

    // Offline: the service stops for good.
    const [servicePid] = childrenOf(app.proc.pid as number, 'out/main/child.js');
    expect(servicePid, 'the app runs its built service as a child process').toBeDefined();
    renameSync(db, `${db}.gone`);
    process.kill(servicePid as number, 'SIGKILL');
    await page.reload();
    // The table cannot load (the service is gone) while the footer keeps the attribution.
    await expect(page.locator('.error-panel, [role="alert"]').first()).toBeVisible({ timeout: 30_000 });
    await expect(footer).toHaveText(attribution);
    await expect(page.locator('.footer')).toContainText('Data: Hockey Databank');
    await expect(page.locator('.footer')).toContainText('as last answered: the service cannot be reached now');
    await screenshot(page, 'about-offline-footer');
  } finally {
    await stopOwnApp(app);
    t.cleanup();
  }
});
