import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { fieldsOf, readLines } from '../unit/service-data/databank-sample.ts';
import { expect } from './fixtures.ts';

/** One NHL skater-season of a Databank sample, as the tests recompute it from its CSV rows. */
export interface Season {
  name: string;
  GP: number;
  G: number;
  PTS: number;
  draftAge: number | null;
}

/** A sample's CSV file as column → value records. */
async function rowsOf(csvDir: string, file: string): Promise<Record<string, string>[]> {
  const { header } = readLines(file);
  const text = await readFile(join(csvDir, file), 'utf8');
  return text
    .split('\n')
    .slice(1)
    .filter((l) => l !== '')
    .map((l) => fieldsOf(header, l));
}

/**
 * The NHL skater-seasons of `year` (the Databank's year is the season's first) in the sample at `csvDir`:
 * stints summed, a goalie's own scoring left to his goalie line, draft age on 15 September of the end year.
 */
export async function skaterSeasons(csvDir: string, year: number): Promise<Season[]> {
  const master = new Map((await rowsOf(csvDir, 'Master.csv')).map((m) => [m.playerID, m]));
  const goalies = new Set(
    (await rowsOf(csvDir, 'Goalies.csv')).map((g) => `${g.playerID}|${g.year}|${g.stint}|${g.tmID}`),
  );
  const by = new Map<string, Season>();
  for (const r of await rowsOf(csvDir, 'Scoring.csv')) {
    if (r.lgID !== 'NHL' || Number(r.year) !== year || r.GP === '') continue;
    const m = master.get(r.playerID);
    const own = r.pos === 'G' || (r.pos === '' && m?.pos === 'G');
    if (own && goalies.has(`${r.playerID}|${r.year}|${r.stint}|${r.tmID}`)) continue;
    // Age on 15 September of the season's end year, from Master.csv's birth fields.
    const [y, mo, d] = [Number(m?.birthYear), Number(m?.birthMon), Number(m?.birthDay)];
    const age = y && mo && d ? year + 1 - y - (mo > 9 || (mo === 9 && d > 15) ? 1 : 0) : null;
    const e = by.get(r.playerID as string) ?? {
      name: `${m?.firstName} ${m?.lastName}`,
      GP: 0,
      G: 0,
      PTS: 0,
      draftAge: age,
    };
    e.GP += Number(r.GP);
    e.G += Number(r.G || 0);
    e.PTS += Number(r.Pts || 0);
    by.set(r.playerID as string, e);
  }
  return [...by.values()];
}

/** The stats browser's order by a stat: higher value, then fewer GP, then name. */
export const byStat = (v: (s: Season) => number) => (a: Season, b: Season) =>
  v(b) - v(a) || a.GP - b.GP || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** Downloads the NHL seasons `from` to `to` for offline through the Players view's panel, and waits for the end. */
export async function downloadNhl(page: Page, base: string, from: string, to: string): Promise<void> {
  await page.goto(`${base}#/players`);
  await page.getByRole('button', { name: 'Download for offline' }).first().click();
  const panel = page.locator('.download-panel');
  await panel.getByRole('checkbox', { name: 'NHL', exact: true }).check();
  await panel.getByLabel('From season').selectOption(from);
  await panel.getByLabel('To season').selectOption(to);
  await panel.getByRole('button', { name: 'Start download' }).click();
  await expect(panel.getByRole('status')).toContainText('Done:', { timeout: 180_000 });
}
