/**
 * Building the synthetic database: `seedDatabase` (any size, any seed) and `ensureDemoDatabase`
 * (the embedded default the service creates on first start).
 */

import fs from 'node:fs';
import { openDatabase, writeProvenance } from '../db/open.ts';
import { buildAtomically, finishBulkLoad, startBulkLoad } from './store.ts';
import type { WorldSize } from './synthetic/leagues.ts';
import { SIZE_PLANS } from './synthetic/leagues.ts';
import { generateWorld } from './synthetic/world.ts';
import type { WorldCounts } from './synthetic/writer.ts';
import { demoIsCurrent, WORLD_VERSION } from './world-version.ts';

export type { WorldSize } from './synthetic/leagues.ts';

/** Options of {@link seedDatabase}. */
export interface SeedOptions {
  size: WorldSize;
  /** Any integer; the same seed and size give identical data. */
  seed: number;
  /** Receives one line per season built and per phase. */
  onProgress?: (msg: string) => void;
}

/** The seed of the demo database. */
export const DEMO_SEED = 1;

/**
 * Builds a synthetic world of `opts.size` from `opts.seed` into `file`, replacing it. The world is built
 * in a temp file beside `file` and renamed into place only when complete: a failed run leaves `file`
 * as it was (or absent). Returns the row counts per table.
 * @throws Error when the size is unknown or the seed is not an integer; I/O and SQLite errors as they come.
 */
export async function seedDatabase(file: string, opts: SeedOptions): Promise<WorldCounts> {
  const plan = SIZE_PLANS[opts.size];
  if (!plan) throw new Error(`unknown size "${opts.size}" (allowed: small, demo, large)`);
  if (!Number.isSafeInteger(opts.seed)) throw new Error(`seed must be an integer, got ${opts.seed}`);
  const progress = opts.onProgress ?? (() => {});
  let counts: WorldCounts = {};
  await buildAtomically(file, (temp) => {
    const db = openDatabase(temp);
    try {
      startBulkLoad(db);
      counts = generateWorld(db, plan, opts.seed, progress);
      progress('building indexes and checking references');
      writeProvenance(db, {
        source: 'synthetic',
        seed: opts.seed,
        size: opts.size,
        world: WORLD_VERSION,
        description: `Synthetic hockey world (size ${opts.size}, seed ${opts.seed}): invented leagues, teams, players and statistics, generated deterministically.`,
      });
      finishBulkLoad(db);
      // One self-contained file (no -wal beside it) before it is renamed into place.
      db.exec('PRAGMA journal_mode = DELETE');
    } finally {
      db.close();
    }
  });
  return counts;
}

/**
 * Creates the demo database (size `demo`, seed 1) at `file` unless the file already exists and was built
 * by the current rules of the synthetic world (an older one is built again, replacing it).
 */
export async function ensureDemoDatabase(file: string): Promise<void> {
  if (fs.existsSync(file) && demoIsCurrent(file)) return;
  await seedDatabase(file, { size: 'demo', seed: DEMO_SEED });
}
