import { type ChildProcess, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importDatabank } from '../../service/data/databank/import.ts';
import { buildOnce } from '../unit/service-data/build-once.ts';
import { type TeamSeasonPick, writeSample } from '../unit/service-data/databank-sample.ts';
import { e2eEnv } from './env.ts';

/** `npm start` on a Databank sample: its URL, the sample's CSV folder and database, and how to stop it. */
export interface DatabankApp {
  url: string;
  /** The sample's CSV files as imported (read expected values from here). */
  csvDir: string;
  /** The imported service database (read-only for tests). */
  db: string;
  close(): Promise<void>;
}

/**
 * A Databank sample: the real rows of `picks` (test/unit/service-data/databank-sample.ts), which `edit` may
 * change before the import. `name` says what the edit does: two samples of one name and picks are one.
 */
export interface DatabankSample {
  name: string;
  picks: readonly TeamSeasonPick[];
  edit?: (csvDir: string) => void;
}

/**
 * Four team-seasons of the early NHL, the sample columns-databank and databank-numbers share, one app of it
 * per worker (fixtures.ts, `earlyDatabank`; both only read): Toronto 1931-32 (King Clancy), Toronto
 * Blueshirts 1912-13 (Con Corbeau), NY Rangers 1932-33 (Andy Aitkenhead) and Boston 1943-44 (George Abbott).
 */
export const EARLY_SAMPLE: DatabankSample = {
  name: 'early-nhl',
  picks: [
    [1931, 'TOR'],
    [1912, 'TO1'],
    [1932, 'NYR'],
    [1943, 'BOS'],
  ],
};

/**
 * The sample's CSV folder and database, written and imported once per e2e run (in the run's folder, under a
 * lock, whichever worker asks first): the run's teardown removes them.
 */
export async function databankSample(sample: DatabankSample): Promise<{ csvDir: string; db: string }> {
  const key = createHash('sha256')
    .update(JSON.stringify([sample.name, sample.picks]))
    .digest('hex')
    .slice(0, 16);
  const dir = await buildOnce(join(e2eEnv().runDir, 'databank', `${sample.name}-${key}`), async (into) => {
    const csvDir = join(into, 'csv');
    writeSample(csvDir, sample.picks);
    sample.edit?.(csvDir);
    // A sample of a few team-seasons skips a larger share of rows (coaches without a Master.csv row) than a
    // whole import may.
    await importDatabank(csvDir, join(into, 'databank.sqlite'), { maxSkippedShare: 1 });
  });
  return { csvDir: join(dir, 'csv'), db: join(dir, 'databank.sqlite') };
}

/**
 * Starts `npm start` (scripts/start.js, browser shell, no browser opened) on the sample (see
 * {@link databankSample}), with a data folder of its own, on a free port the system picks: the run's two app
 * instances serve the demo data. Resolves once the app prints its URL; `close` stops it and removes its data
 * folder (the sample stays for the rest of the run).
 */
export async function startDatabankApp(sample: DatabankSample): Promise<DatabankApp> {
  const { csvDir, db } = await databankSample(sample);
  const dataDir = await mkdtemp(join(tmpdir(), 'rinkside-e2e-databank-'));
  const root = process.cwd();
  const child: ChildProcess = spawn(
    process.execPath,
    [join(root, 'scripts', 'start.js'), '--no-open', '--db', db, '--data-dir', dataDir],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let err = '';
  child.stderr?.on('data', (c: Buffer) => {
    err = (err + c.toString()).slice(-4000);
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (c: Buffer) => {
        out += c.toString();
        const m = /Rinkside: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
        if (m?.[1]) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`npm start exited (${code}) before its URL line:\n${err}`)));
    });
    return { url, csvDir, db, close };
  } catch (e) {
    await close();
    throw e;
  }
}
