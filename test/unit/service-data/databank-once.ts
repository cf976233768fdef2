import { createHash, randomUUID } from 'node:crypto';
import { copyFileSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { type ImportReport, importDatabank } from '../../../service/data/databank/import.ts';
import { META_KEYS } from '../../../service/db/schema.ts';
import { buildOnce, testCacheDir } from './build-once.ts';

/** The key of an import: the options and every file of the CSV folder, by name and content. */
function importKey(dir: string, maxSkippedShare: number | undefined): string {
  const h = createHash('sha256').update(JSON.stringify({ maxSkippedShare }));
  for (const name of readdirSync(dir).sort()) h.update(`\0${name}\0`).update(readFileSync(join(dir, name)));
  return h.digest('hex').slice(0, 24);
}

/**
 * {@link importDatabank} of the CSV folder `dir` into `file`, made once per test run: the service importer
 * runs the first time a run asks for these CSVs (by content) with these options, into the run's cache
 * folder ({@link testCacheDir}); every call copies that database to `file` and gives the copy an identity
 * of its own (`meta.databaseId`), as a fresh import would. Resolves with the import's report. Without a
 * cache folder it is a plain import. Errors: as {@link importDatabank}'s.
 */
export async function importDatabankOnce(
  dir: string,
  file: string,
  opts: { maxSkippedShare?: number } = {},
): Promise<ImportReport> {
  const cache = testCacheDir();
  if (cache === undefined) return importDatabank(dir, file, opts);
  const built = await buildOnce(join(cache, `databank-${importKey(dir, opts.maxSkippedShare)}`), async (into) => {
    const report = await importDatabank(dir, join(into, 'databank.sqlite'), opts);
    writeFileSync(join(into, 'report.json'), JSON.stringify(report));
  });
  copyFileSync(join(built, 'databank.sqlite'), file);
  const db = new DatabaseSync(file);
  try {
    db.prepare('UPDATE meta SET value = ? WHERE key = ?').run(randomUUID(), META_KEYS.databaseId);
  } finally {
    db.close();
  }
  return JSON.parse(readFileSync(join(built, 'report.json'), 'utf8')) as ImportReport;
}
