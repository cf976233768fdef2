import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Browser } from '@playwright/test';
import { importDatabank } from '../../service/data/databank/import.ts';
import { currentAppDir, root, setAppDir, startApp, stopApp } from './app-process.ts';
import { compareSubject } from './compare.ts';

/** The Hockey Databank's CSV folder the cold views' database is imported from when it is missing. */
export const DATABANK_CSV = join(root, '..', 'shared', 'data', 'hockey-databank');

/** The leagues the cold views' data folder holds for offline (a scout's NHL and WHA, every season). */
const OFFLINE_LEAGUES = ['NHL', 'WHA'];

/**
 * The cold views' database: `db` when given, else `bench/.data/databank.db`, imported from the Hockey
 * Databank's CSVs ({@link DATABANK_CSV}) the first time.
 */
export async function coldViewsDatabase(db: string | undefined): Promise<string> {
  if (db !== undefined) return db;
  const file = join(root, 'bench', '.data', 'databank.db');
  if (existsSync(file)) return file;
  if (!existsSync(DATABANK_CSV)) throw new Error(`no --db FILE, and no Hockey Databank CSVs at ${DATABANK_CSV}`);
  process.stderr.write(`bench:app: importing the Hockey Databank into ${file}…\n`);
  mkdirSync(join(root, 'bench', '.data'), { recursive: true });
  await importDatabank(DATABANK_CSV, file);
  return file;
}

/**
 * A data folder whose offline store holds the NHL and WHA of `db` (every season), made once by this
 * checkout's app through the Players view's download panel, as a scout does, and kept under
 * `bench/.data/cold-views/` (named after the database's file, size and time, so another database gets its
 * own). Each launch copies it: its store is then as a scout's is on a later day.
 */
export async function coldViewsDataFolder(browser: Browser, db: string): Promise<string> {
  const st = statSync(db);
  const dir = join(root, 'bench', '.data', 'cold-views', `${basename(db)}-${st.size}-${Math.round(st.mtimeMs)}`);
  if (existsSync(join(dir, 'offline-players.sqlite'))) return dir;
  const making = `${dir}.making`;
  rmSync(making, { recursive: true, force: true });
  const appDir = currentAppDir();
  setAppDir(root);
  const app = await startApp(['--data-dir', making, '--db', db]);
  try {
    process.stderr.write(`bench:app: downloading ${OFFLINE_LEAGUES.join(' and ')} of ${db} for offline…\n`);
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${app.url}#/players`);
    await page.getByRole('button', { name: 'Download for offline' }).first().click();
    const panel = page.locator('.download-panel');
    for (const league of OFFLINE_LEAGUES) await panel.getByRole('checkbox', { name: league, exact: true }).check();
    await panel.getByRole('button', { name: 'Start download' }).click();
    await panel.getByRole('status').filter({ hasText: 'Done:' }).waitFor({ timeout: 1_800_000 });
    // The stats browser's rows are derived after the download: the store is ready when that is over.
    await page.waitForFunction(
      () => !document.querySelector('.download-panel [role="status"]')?.textContent?.includes('preparing'),
      null,
      { timeout: 1_800_000 },
    );
    await page.close();
  } finally {
    await stopApp(app);
    setAppDir(appDir);
  }
  renameSync(making, dir);
  return dir;
}

/** What the cold views open: Compare's league-season and teams, and the player whose page is opened. */
export interface ColdSubjects {
  /** NHL's newest season in the database. */
  season: string;
  /** Its eight teams with the most PTS (ties by id). */
  teams: number[];
  /** The skater with the most regular-season points in the NHL and WHA (Wayne Gretzky in the Databank). */
  playerId: number;
}

/** Reads {@link ColdSubjects} from the service's database. */
export function coldSubjects(db: string): ColdSubjects {
  const { season, teams } = compareSubject(db);
  const sqlite = new DatabaseSync(db, { readOnly: true });
  try {
    const top = sqlite
      .prepare(
        `SELECT s.playerId AS id FROM player_stats s
         WHERE s.leagueSlug IN ('nhl', 'wha') AND s.isGoalie = 0
         GROUP BY s.playerId ORDER BY SUM(s.reg_PTS) DESC, s.playerId LIMIT 1`,
      )
      .get() as { id: number } | undefined;
    if (!top) throw new Error(`${db} has no NHL or WHA skater`);
    return { season, teams: teams.slice(0, 8), playerId: top.id };
  } finally {
    sqlite.close();
  }
}
