import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type ImportReport, importDatabank } from '../../../service/data/databank/import.ts';
import { seedDatabase, type WorldSize } from '../../../service/data/seed.ts';
import type { WorldCounts } from '../../../service/data/synthetic/writer.ts';
import { META_KEYS } from '../../../service/db/schema.ts';
import { buildOnce, testCacheDir } from './build-once.ts';

/**
 * A service database made once per test run and copied to each caller: `make` writes it the first time the
 * run asks for `key` (into the run's cache folder, {@link testCacheDir}); every call copies it to `file` and
 * gives the copy an identity of its own (`meta.databaseId`), as a freshly made file has. Resolves with what
 * `make` resolved with (kept as JSON). Without a cache folder it is `make(file)`.
 */
async function databaseOnce<R>(key: string, file: string, make: (file: string) => Promise<R>): Promise<R> {
  const cache = testCacheDir();
  if (cache === undefined) return make(file);
  const built = await buildOnce(join(cache, key), async (into) => {
    const result = await make(join(into, 'database.sqlite'));
    writeFileSync(join(into, 'result.json'), JSON.stringify(result));
  });
  copyFileSync(join(built, 'database.sqlite'), file);
  const db = new DatabaseSync(file);
  try {
    db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(randomUUID(), META_KEYS.databaseId);
  } finally {
    db.close();
  }
  return JSON.parse(readFileSync(join(built, 'result.json'), 'utf8')) as R;
}

/** The key of an import: the options and every file of the CSV folder, by name and content. */
function importKey(dir: string, maxSkippedShare: number | undefined): string {
  const h = createHash('sha256').update(JSON.stringify({ maxSkippedShare }));
  for (const name of readdirSync(dir).sort()) h.update(`\0${name}\0`).update(readFileSync(join(dir, name)));
  return `databank-${h.digest('hex').slice(0, 24)}`;
}

/**
 * {@link importDatabank} of the CSV folder `dir` into `file`, the import made once per run for these CSVs
 * (by content) and options, each caller a copy (see {@link databaseOnce}). Resolves with the import's
 * report. Errors: as {@link importDatabank}'s.
 */
export function importDatabankOnce(
  dir: string,
  file: string,
  opts: { maxSkippedShare?: number } = {},
): Promise<ImportReport> {
  return databaseOnce(importKey(dir, opts.maxSkippedShare), file, (f) => importDatabank(dir, f, opts));
}

/**
 * {@link seedDatabase} into `file`, the world seeded once per run for this size and seed (a seed gives the
 * same data every time), each caller a copy (see {@link databaseOnce}). Resolves with the world's counts.
 */
export function seedDatabaseOnce(file: string, opts: { size: WorldSize; seed: number }): Promise<WorldCounts> {
  return databaseOnce(`seed-${opts.size}-${opts.seed}`, file, (f) => seedDatabase(f, opts));
}
