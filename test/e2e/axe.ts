import type { Page } from '@playwright/test';
import axe, { type AxeResults } from 'axe-core';
import { expect, screenshot } from './fixtures.ts';

/**
 * The accessibility scans' shared parts: a view to scan, waits for "its content is in", and the scan of a
 * table of views with axe-core at WCAG 2.0 and 2.1, levels A and AA. No rule is ever disabled.
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
 * axe-core's scan of the page at WCAG 2.1 AA: its violations and what it could not decide. axe is put into
 * the page once per document (a sweep keeps one), as @axe-core/playwright does on each of its scans, and
 * runs there; passes and inapplicable rules are left unreported, so axe skips gathering their nodes.
 */
async function runAxe(page: Page): Promise<Pick<AxeResults, 'violations' | 'incomplete'>> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const { violations, incomplete } = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations', 'incomplete'],
    });
    return { violations, incomplete };
  }, WCAG_21_AA);
}

/** The page the sweep passes through between two views: no table, no data, its own words. */
const BETWEEN = { path: '/no-such-view', text: 'There is no such page in Rinkside.' };

/**
 * Opens the app at `base` and waits until the code and stylesheets of every view are in (the app marks
 * `<html data-views-loaded>` once its background loading is done): a view's stylesheet, once loaded,
 * applies to every view, so views are scanned as they look after that.
 */
export async function openWithEveryView(page: Page, base: string): Promise<void> {
  await page.goto(`${base}#${BETWEEN.path}`);
  await expect(page.locator('html[data-views-loaded]')).toHaveCount(1, { timeout: 30_000 });
}

/**
 * Goes to a view inside the open page, as the app's own links do (no reload): through a page of other
 * words first, so that the view's waits can only be met by the view itself, never by the one before.
 */
async function visit(page: Page, path: string): Promise<void> {
  await page.evaluate((h) => {
    location.hash = h;
  }, BETWEEN.path);
  await expect(page.getByText(BETWEEN.text)).toBeVisible();
  await page.evaluate((h) => {
    location.hash = h;
  }, path);
}

/**
 * One sweep of a colour scheme: opens the app at `base` with every view's code loaded
 * ({@link openWithEveryView}), then visits each view inside that page, waits for it, scans it and returns
 * one line per failing rule and view (empty when none fails); logs a summary, the time it took, and what
 * axe could not decide (its "incomplete" results, for a person to check). `shots`: the prefix of each
 * view's screenshot under test-results/screens ({@link screenshot}).
 */
export async function scanViews<W>(
  page: Page,
  base: string,
  views: readonly ScannedView<W>[],
  w: W,
  opts: { scheme: 'light' | 'dark'; shots: string },
): Promise<string[]> {
  const started = Date.now();
  await page.emulateMedia({ colorScheme: opts.scheme });
  await openWithEveryView(page, base);
  const found: string[] = [];
  let nodes = 0;
  for (const view of views) {
    await visit(page, view.path(w));
    await view.ready(page, w);
    await view.open?.(page);
    const result = await runAxe(page);
    for (const v of result.violations) {
      nodes += v.nodes.length;
      found.push(`${view.name}: ${describeViolation(v)}`);
    }
    // What axe could not decide (text over an image, glyph-only content): for a person to look at.
    for (const v of result.incomplete) console.log(`  to review, ${view.name}: ${describeViolation(v)}`);
    await screenshot(page, `${opts.shots}-${opts.scheme}-${view.name.replace(/\W+/g, '-')}`);
  }
  const took = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `axe, ${opts.scheme}: ${found.length} rule failures over ${views.length} views, ${nodes} nodes, ${took} s`,
  );
  for (const line of found) console.log(`  ${line}`);
  return found;
}
