/**
 * `npm run service:import -- --db FILE DIR`
 *
 * Imports a Hockey Databank CSV directory into a service database (FILE is replaced only when the import
 * succeeds). Prints progress, each skipped row (file, line, reason), the rows kept with a caveat, the
 * counts per table and the time taken.
 * Exit codes: 0 done (rows may have been skipped: see the report), 1 the import failed, 2 usage error.
 */
import { importDatabank } from '../data/databank/import.ts';
import { type Command, readArgs, usageError } from './args.ts';

const CMD: Command = {
  name: 'service:import',
  usage: 'usage: npm run service:import -- --db FILE DIR   (DIR: a Hockey Databank CSV directory)',
};

async function main(): Promise<void> {
  const args = readArgs(CMD, {
    allowPositionals: true,
    options: { db: { type: 'string' }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (args === null) return;
  const { db, positionals } = args;
  if (positionals.length !== 1) usageError(CMD, `give exactly one Databank directory (got ${positionals.length})`);
  const dir = positionals[0] as string;

  const t0 = performance.now();
  console.log(`importing ${dir} into ${db}`);
  const report = await importDatabank(dir, db, {
    onProgress: (msg) => console.log(`  [${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${msg}`),
    onSkip: (file, line, reason) => console.log(`  skipped ${file}:${line}: ${reason}`),
  });
  for (const n of report.notes) console.log(`  note ${n.file}:${n.line}: ${n.reason}`);
  for (const [table, n] of Object.entries(report.counts))
    console.log(`  ${table.padEnd(16)} ${n.toLocaleString('en-US').padStart(8)}`);
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(
    `done in ${secs} s: ${report.skipped.length} rows skipped, ${report.notes.length} imported with a note; ${db}`,
  );
}

main().catch((e: unknown) => {
  console.error(`service:import failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
