import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Locator, Page } from '@playwright/test';
import { env, expect, recordShot, test } from './fixtures.ts';
import { startOwnApp, stopOwnApp } from './own-app.ts';
import { bridge } from './scouting.ts';

/**
 * Hidden direction controls in a scout's text, in Chromium (shared/domain/text-safety.ts, docs/text-safety.md).
 * An app of the test's own keeps a list; stopped, its lists file gets, as an older Rinkside could have
 * stored them, a note and a list name holding an unpaired RIGHT-TO-LEFT OVERRIDE (U+202E). Started again,
 * the list shows them isolated: the element holding each text computes `unicode-bidi: isolate`, the cell
 * after the note is where it is in a row of a plain note, and the words after the list's name in the
 * delete confirmation stay to its right. Then the forms refuse such text, saying so plainly: a note, a
 * new list's name, and a `rinkside-lists` file.
 */

const RLO = '\u202e';
const LEGACY_NOTE = `Quick feet ${RLO}evil`;
const LEGACY_NAME = `Bidi ${RLO}drill`;
const PLAYERS = [
  { id: 900_101, name: 'Plain Note-Test', position: 'C', note: 'Heavy shot from the left circle' },
  { id: 900_102, name: 'Hidden Control-Test', position: 'D', note: 'replaced below' },
];

let dataDir: string;
let app: Awaited<ReturnType<typeof startOwnApp>> | null = null;

test.beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'rinkside-e2e-bidi-'));
});
test.afterAll(async () => {
  if (app) await stopOwnApp(app);
  await rm(dataDir, { recursive: true, force: true });
});

/** The computed `unicode-bidi` of the element that holds `text` as its own text node, in `scope`. */
async function bidiOfHolder(scope: Locator, text: string): Promise<string | null> {
  return scope.evaluate((root, t) => {
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (n.nodeValue === t && n.parentElement) return getComputedStyle(n.parentElement).unicodeBidi;
    }
    return null;
  }, text);
}

/** The screen rectangles of the text node `text` (exactly) and of the first one starting with `after`. */
async function rectsOf(scope: Locator, text: string, after: string) {
  return scope.evaluate(
    (root, [t, a]) => {
      const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const rects = (n: Node) => {
        const r = document.createRange();
        r.selectNodeContents(n);
        return [...r.getClientRects()].map((x) => ({ left: x.left, right: x.right }));
      };
      let name: { left: number; right: number }[] = [];
      let rest: { left: number; right: number }[] = [];
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (n.nodeValue === t) name = rects(n);
        else if (rest.length === 0 && n.nodeValue?.startsWith(a as string)) rest = rects(n);
      }
      return { name, rest };
    },
    [text, after],
  );
}

/** The left edge of a row's position cell's text, from the cell's own left edge. */
async function positionOffset(page: Page, player: string): Promise<{ text: string; offset: number }> {
  const row = page.getByRole('row').filter({ hasText: player });
  const cell = row.getByRole('cell').nth(3);
  return cell.evaluate((td) => {
    const r = document.createRange();
    r.selectNodeContents(td);
    return {
      text: (td.textContent ?? '').trim(),
      offset: r.getBoundingClientRect().left - td.getBoundingClientRect().left,
    };
  });
}

test('a stored note and list name with an unpaired U+202E show isolated; the forms refuse such text', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const db = join(env.demo.dataDir, 'demo.sqlite');
  if (!existsSync(db)) throw new Error('the demo instance has not seeded its database');
  app = await startOwnApp(dataDir, db);
  await page.goto(`${app.url}#/lists`);
  const list = await bridge<{ id: number }>(page, 'scoutingListCreate', { name: 'Bidi drill' });
  for (const p of PLAYERS) {
    await bridge(page, 'scoutingListEntrySave', {
      listId: list.id,
      playerId: p.id,
      player: { name: p.name, position: p.position },
      rating: 4,
      note: p.note,
    });
  }
  await stopOwnApp(app);
  app = null;

  // As an older Rinkside stored them, before the rule: straight into the lists file.
  const file = new DatabaseSync(join(dataDir, 'scouting-lists.sqlite'));
  file.prepare('UPDATE scouting_list_entries SET note = ? WHERE playerId = ?').run(LEGACY_NOTE, PLAYERS[1]?.id ?? 0);
  file.prepare('UPDATE scouting_lists SET name = ? WHERE id = ?').run(LEGACY_NAME, list.id);
  file.close();

  app = await startOwnApp(dataDir, db);
  await page.goto(`${app.url}#/lists/${list.id}`);
  const table = page.getByRole('table');
  await expect(page.getByRole('button', { name: `Note on ${PLAYERS[1]?.name}: ${LEGACY_NOTE}. Edit` })).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Note on ${PLAYERS[0]?.name}: ${PLAYERS[0]?.note}. Edit` }),
  ).toBeVisible();
  await recordShot(page, 'bidi');
  await page.getByRole('button', { name: 'Delete list' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this list?' });
  await expect(confirm).toContainText('and its 2 players? Ratings and notes go with it.');
  await recordShot(page, 'bidi-confirm');

  // The text as stored, in elements that isolate it.
  expect(await bidiOfHolder(table, LEGACY_NOTE)).toBe('isolate');
  expect(await bidiOfHolder(page.locator('.list-head'), LEGACY_NAME)).toBe('isolate');
  expect(await bidiOfHolder(page.locator('.lists-tabs'), LEGACY_NAME)).toBe('isolate');
  // The cell after the note is as in the row of a plain note: the same text at the same place.
  const plain = await positionOffset(page, PLAYERS[0]?.name as string);
  const hidden = await positionOffset(page, PLAYERS[1]?.name as string);
  expect(plain.text).toBe('C');
  expect(hidden.text).toBe('D');
  expect(Math.abs(hidden.offset - plain.offset)).toBeLessThan(1);

  // Inline, the words after the list's name stay after it, to its right.
  expect(await bidiOfHolder(confirm, LEGACY_NAME)).toBe('isolate');
  const { name, rest } = await rectsOf(confirm, LEGACY_NAME, '” and its');
  expect(name.length).toBeGreaterThan(0);
  expect(rest.length).toBeGreaterThan(0);
  const nameRight = Math.max(...name.map((r) => r.right));
  expect(Math.min(...rest.map((r) => r.left))).toBeGreaterThanOrEqual(nameRight - 1);
  await confirm.getByRole('button', { name: 'Cancel' }).click();

  // A note typed with the control is refused, and the cell says why in words.
  await page.getByRole('button', { name: `Note on ${PLAYERS[0]?.name}: ${PLAYERS[0]?.note}. Edit` }).click();
  const box = page.getByRole('textbox', { name: `Note on ${PLAYERS[0]?.name}` });
  await box.fill(`Sees the ice ${RLO}well`);
  await box.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Not saved' })).toHaveText(
    'Not saved: Invalid note: a hidden right-to-left override (U+202E) at character 14 is not closed by U+202C on its line: it could show the text after it in another order; remove it',
  );
  // What was typed stays on screen, marked unsaved, isolated as the stored text is.
  const unsaved = page.getByRole('button', { name: `Note on ${PLAYERS[0]?.name}: Sees the ice ${RLO}well. Edit` });
  await expect(unsaved).toHaveClass(/unsaved/);
  expect(await bidiOfHolder(table, `Sees the ice ${RLO}well`)).toBe('isolate');
  await recordShot(page, 'bidi-refused');

  // A new list's name with the control: refused, said beside the form.
  await page.getByPlaceholder('e.g. Top prospects').fill(`Top ${RLO}prospects`);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.locator('.new-list-error')).toHaveText(
    /^Invalid name: a hidden right-to-left override \(U\+202E\) at character 5 is not closed by U\+202C/,
  );

  // A lists file with the control in a note: nothing imported, the place named.
  await page.goto(`${app.url}#/settings`);
  const section = page.locator('.lists-safety');
  const doc = {
    format: 'rinkside-lists',
    version: 1,
    exportedAt: '2026-11-25T13:47:00.000Z',
    app: 'Rinkside (a colleague)',
    lists: [
      {
        name: 'From a colleague',
        createdAt: '2026-11-25T13:47:00.000Z',
        updatedAt: '2026-11-25T13:47:00.000Z',
        entries: [
          {
            player: { source: 'embedded:colleague', id: 7, name: 'Ken Dryden', dateOfBirth: null, position: 'G' },
            rating: 5,
            note: `Calm ${RLO}evil`,
            previousNote: null,
            addedAt: '2026-11-25T13:47:00.000Z',
            updatedAt: '2026-11-25T13:47:00.000Z',
          },
        ],
      },
    ],
  };
  await section.getByLabel('Lists file to import').setInputFiles({
    name: 'colleague.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(doc)),
  });
  await expect(section.getByRole('alert')).toHaveText(
    'Nothing was imported. lists[0].entries[0].note: a hidden right-to-left override (U+202E) at character 6 is not closed by U+202C on its line: it could show the text after it in another order; remove it (list “From a colleague”, player Ken Dryden).',
  );
  const lists = await bridge<{ name: string }[]>(page, 'scoutingLists', {});
  expect(lists.map((l) => l.name)).toEqual([LEGACY_NAME]);
});
