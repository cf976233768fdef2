import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, recordShot } from './fixtures.ts';

/**
 * The accessibility scans' shared parts: a view to scan, waits for "its content is in", and the scan of a
 * table of views with axe-core (through @axe-core/playwright) at WCAG 2.0 and 2.1, levels A and AA. No
 * rule is ever disabled.
 */

export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A view to scan: its address (`W`: the ids it needs), and a wait until its content is in. */
export interface ScannedView<W> {
  name: string;
  path: (w: W) => string;
  ready: (page: Page, w: W) => Promise<void>;
  /** Something to open before the scan (a menu, a dialog), so its own content is scanned too. */
  open?: (page: Page) => Promise<void>;
}

/** Every data table on the page is settled (none loading, none dimmed while the next page loads). */
export async function tablesReady(page: Page, count: number): Promise<void> {
  await expect(page.locator('.data-table')).toHaveCount(count);
  await expect(page.locator('.data-table:not([data-state="ready"])')).toHaveCount(0);
}

/** Nothing in the view is still loading (skeletons, busy regions, tables waiting for rows). */
export async function settled(page: Page): Promise<void> {
  await expect(page.locator('main .skeleton, main .skeleton-row')).toHaveCount(0);
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('main .data-table:not([data-state="ready"])')).toHaveCount(0);
}

/** The view's title is `name` (an exact string or a pattern), and nothing in it is still loading. */
export async function titled(page: Page, name: string | RegExp): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await settled(page);
}

/** Focuses the first row of the first data table, as the keyboard does (its focused-row colours are scanned). */
export async function focusFirstRow(page: Page): Promise<void> {
  const row = page.locator('.data-table tbody tr[data-row-id]').first();
  await row.focus();
  await expect(row).toBeFocused();
}

/** A violation as a line a reader can act on: the rule, its impact, how many nodes and the first few. */
function describeViolation(v: {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}): string {
  const targets = v.nodes.slice(0, 4).map((n) => n.target.join(' '));
  return `${v.id} (${v.impact ?? 'n/a'}): ${v.help}: ${v.nodes.length} node(s), e.g. ${targets.join(' | ')}`;
}

/**
 * Opens each view at `base#path`, waits for it, scans it and returns one line per failing rule and view
 * (empty when none fails); logs a summary and what axe could not decide (its "incomplete" results, for a
 * person to check). `shots`: the prefix of each view's screenshot ({@link recordShot}).
 */
export async function scanViews<W>(
  page: Page,
  base: string,
  views: readonly ScannedView<W>[],
  w: W,
  opts: { scheme: 'light' | 'dark'; shots: string },
): Promise<string[]> {
  await page.emulateMedia({ colorScheme: opts.scheme });
  const found: string[] = [];
  let nodes = 0;
  for (const view of views) {
    await page.goto(`${base}#${view.path(w)}`);
    await view.ready(page, w);
    await view.open?.(page);
    const result = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
    for (const v of result.violations) {
      nodes += v.nodes.length;
      found.push(`${view.name}: ${describeViolation(v)}`);
    }
    // What axe could not decide (text over an image, glyph-only content): for a person to look at.
    for (const v of result.incomplete) console.log(`  to review, ${view.name}: ${describeViolation(v)}`);
    await recordShot(page, `${opts.shots}-${opts.scheme}-${view.name.replace(/\W+/g, '-')}`);
  }
  console.log(`axe, ${opts.scheme}: ${found.length} rule failures over ${views.length} views, ${nodes} nodes`);
  for (const line of found) console.log(`  ${line}`);
  return found;
}
