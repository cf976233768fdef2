import { chromium } from '@playwright/test';

const [, , url, out, click, scrollSel] = process.argv;
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const p = await b.newPage({ viewport: { width: 1280, height: Number(process.env.H ?? 860) } });
p.on('console', (m) => {
  if (m.type() === 'error' || m.type() === 'warning') console.log('console', m.type(), m.text());
});
await p.goto(url);
await p.waitForLoadState('networkidle');
if (click) {
  await p.getByRole('link', { name: click }).first().click();
  await p.waitForLoadState('networkidle');
}
if (scrollSel) await p.locator(scrollSel).first().scrollIntoViewIfNeeded();
await p.waitForTimeout(800);
await p.screenshot({ path: out });
console.log(p.url());
await b.close();
