import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { importDatabank } from '../../service/data/databank/import.ts';
import { type TeamSeasonPick, writeSample } from '../unit/service-data/databank-sample.ts';
import { tempDir } from '../unit/service-data/helpers.ts';

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
 * Writes the real Databank rows of `picks` (test/unit/service-data/databank-sample.ts), lets `edit` change the
 * sample, imports it and starts its own `npm start` (scripts/start.js, browser shell, no browser opened) on it,
 * on a free port the system picks: the run's two app instances serve the demo data. Resolves once the app
 * prints its URL; `close` stops it and removes every file.
 */
export async function startDatabankApp(
  picks: readonly TeamSeasonPick[],
  edit: (csvDir: string) => void = () => {},
): Promise<DatabankApp> {
  const t = tempDir('rinkside-e2e-databank-');
  const csvDir = join(t.dir, 'csv');
  writeSample(csvDir, picks);
  edit(csvDir);
  const db = join(t.dir, 'databank.sqlite');
  // A sample of a few team-seasons skips a larger share of rows (coaches without a Master.csv row) than a
  // whole import may.
  await importDatabank(csvDir, db, { maxSkippedShare: 1 });
  const root = process.cwd();
  const child: ChildProcess = spawn(
    process.execPath,
    [join(root, 'scripts', 'start.js'), '--no-open', '--db', db, '--data-dir', join(t.dir, 'app')],
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
    t.cleanup();
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
