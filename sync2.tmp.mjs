import { chromium } from '@playwright/test';

const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 1280, height: 860 } });
await p.goto('http://127.0.0.1:47411/#/players');
await p.getByRole('button', { name: 'Download for offline' }).first().click();
const panel = p.locator('.download-panel');
console.log(
  (await panel.getByRole('checkbox').allInnerTexts()).slice(0, 5),
  await panel.locator('label').allTextContents(),
);
await panel
  .getByRole('checkbox', { name: /^NHL$|National Hockey League/ })
  .first()
  .check();
await panel.getByLabel('From season').selectOption('1976-1977');
await panel.getByLabel('To season').selectOption('1988-1989');
await panel.getByRole('button', { name: 'Start download' }).click();
const t0 = Date.now();
await panel
  .getByRole('status')
  .filter({ hasText: /Done:|Failed/ })
  .waitFor({ timeout: 300000 });
console.log('synced in', Date.now() - t0, 'ms', await panel.getByRole('status').textContent());
await b.close();
