/**
 * `npm run service:import -- --db FILE DIR`
 *
 * Imports a Hockey Databank CSV directory into a service database (FILE is replaced only when the import
 * succeeds). Prints progress, each skipped row (file, line, reason), the rows kept with a caveat, the
 * counts per table and the time taken.
 * Exit codes: 0 done (rows may have been skipped: see the report), 1 the import failed, 2 usage error.
 */
import { parseArgs } from 'node:util';
import { importDatabank } from '../data/databank/import.ts';

const USAGE = 'usage: npm run service:import -- --db FILE DIR   (DIR: a Hockey Databank CSV directory)';

function usageError(msg: string): never {
  console.error(`service:import: ${msg}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: { db?: string; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      allowPositionals: true,
      options: { db: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
    }));
  } catch (e) {
    usageError((e as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.db) usageError('--db FILE is required');
  if (positionals.length !== 1) usageError(`give exactly one Databank directory (got ${positionals.length})`);
  const dir = positionals[0] as string;

  const t0 = performance.now();
  console.log(`importing ${dir} into ${values.db}`);
  const report = await importDatabank(dir, values.db, {
    onProgress: (msg) => console.log(`  [${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${msg}`),
    onSkip: (file, line, reason) => console.log(`  skipped ${file}:${line}: ${reason}`),
  });
  for (const n of report.notes) console.log(`  note ${n.file}:${n.line}: ${n.reason}`);
  for (const [table, n] of Object.entries(report.counts))
    console.log(`  ${table.padEnd(16)} ${n.toLocaleString('en-US').padStart(8)}`);
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `done in ${secs} s: ${report.skipped.length} rows skipped, ${report.notes.length} imported with a note; ${values.db}`,
  );
}

main().catch((e: unknown) => {
  console.error(`service:import failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
