import { chromium } from '@playwright/test';

const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 1280, height: 860 } });
await p.goto('http://127.0.0.1:47411/#/players');
await p.getByRole('button', { name: 'Download for offline' }).first().click();
const panel = p.locator('.download-panel');
await panel.getByRole('checkbox', { name: 'NHL', exact: true }).check();
await panel.getByLabel('From season').selectOption('2015-2016');
await panel.getByRole('button', { name: 'Start download' }).click();
const t0 = Date.now();
await panel.getByRole('status').filter({ hasText: 'Done:' }).waitFor({ timeout: 120000 });
console.log('synced in', Date.now() - t0, 'ms', await panel.getByRole('status').textContent());
await b.close();
