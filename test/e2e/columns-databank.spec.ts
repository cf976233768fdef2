import { readFile } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import Papa from 'papaparse';
import { expect, notedLabels, readTable, recordShot, test } from './fixtures.ts';

/**
 * Columns that say nothing, on real Databank rows in real Chromium: the import gives every team Views 0
 * and one Updated date, so the Teams table leaves both out by default and says so under the table, with
 * their values; the scout can still show them; an export has them as well as the columns the table shows,
 * since a file has no line under it to name their values. The test runs on its worker's app of four
 * early NHL team-seasons (databank-app.ts, EARLY_SAMPLE, shared with databank-numbers) and reads the
 * expected values from the imported database itself.
 */

test.describe.configure({ mode: 'serial' });

/** The teams' Views and Updated as the database holds them, each reduced to its distinct values. */
function teamFacts(db: string): { views: number[]; updated: string[]; count: number } {
  const d = new DatabaseSync(db, { readOnly: true });
  try {
    const rows = d.prepare('SELECT views, updatedAt FROM teams').all() as { views: number; updatedAt: string }[];
    return {
      views: [...new Set(rows.map((r) => r.views))],
      updated: [...new Set(rows.map((r) => r.updatedAt.slice(0, 10)))],
      count: rows.length,
    };
  } finally {
    d.close();
  }
}

test('Databank Teams: Views 0 and one Updated date are left out and said under the table; the scout can show them', async ({
  page,
  earlyDatabank: app,
}) => {
  const facts = teamFacts(app.db);
  // The premise: one value each, on at least three teams.
  expect(facts.count).toBeGreaterThanOrEqual(3);
  expect(facts.views).toEqual([0]);
  expect(facts.updated).toHaveLength(1);

  await page.goto(`${app.url}#/teams`);
  const table = page.getByRole('table', { name: 'Teams' });
  await expect(page.locator('.data-table[data-state="ready"]')).toBeVisible();
  await expect(table.locator('tbody tr[data-row-id]')).toHaveCount(facts.count);
  await recordShot(page, 'columns-databank-teams');
  const titles = async () => (await readTable(table)).titles;
  expect(await titles()).not.toContain('Profile views');
  expect(await titles()).not.toContain('Last updated');
  const note = page.locator('.same-value-note');
  await expect(note).toContainText('Same on every row, not shown:');
  await expect(note).toContainText('Views: 0');
  await expect(note).toContainText(`Updated: ${facts.updated[0]}`);

  // The export has the columns the table shows and the two it names under it, with their one value: a
  // file has no line under it to say them.
  await page.getByRole('button', { name: /^Export/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSV', exact: true }).click();
  const text = (await readFile(await (await download).path(), 'utf8')).replace(/^\uFEFF/, '');
  const [header = [], ...fileRows] = Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
  const shownHeaders = await table
    .locator('thead th')
    .evaluateAll((ths) => ths.map((th) => (th.textContent ?? '').replace(/[\u2190-\u21ff\u25a0-\u25ff]/g, '').trim()));
  // The shown columns in their order, and besides them only the columns the note names (Views and Updated
  // among them).
  expect(header.filter((h) => shownHeaders.includes(h))).toEqual(shownHeaders);
  const extra = header.filter((h) => !shownHeaders.includes(h));
  expect(extra).toEqual(expect.arrayContaining(['Views', 'Updated']));
  expect(await notedLabels(page)).toEqual(expect.arrayContaining(extra));
  expect(fileRows).toHaveLength(facts.count);
  for (const h of extra) expect(new Set(fileRows.map((r) => r[header.indexOf(h)]))).toHaveProperty('size', 1);
  expect(new Set(fileRows.map((r) => r[header.indexOf('Views')]))).toEqual(new Set(facts.views.map(String)));
  expect(new Set(fileRows.map((r) => r[header.indexOf('Updated')]?.slice(0, 10)))).toEqual(new Set(facts.updated));

  // Shown on request, they come back with their one value; and can be left out again.
  await note.getByRole('button', { name: /^Show (it|them)$/ }).click();
  await expect.poll(titles).toContain('Profile views');
  await expect(note).toContainText('Same on every row: ');
  const views = await table.locator('tbody tr[data-row-id]').evaluateAll(
    (rows, i) => {
      return rows.map((r) => (r as HTMLTableRowElement).cells[i]?.textContent?.trim());
    },
    (await titles()).indexOf('Profile views'),
  );
  expect(new Set(views)).toEqual(new Set(['0']));
  await recordShot(page, 'columns-databank-teams-shown');
  await note.getByRole('button', { name: /^Leave (it|them) out$/ }).click();
  await expect.poll(titles).not.toContain('Profile views');
});
