/**
 * `npm run service:seed -- --db FILE --size small|demo|large [--seed N]`
 *
 * Builds a synthetic service database (replacing FILE only when the build succeeds), printing one progress
 * line per season and, at the end, the row counts and the time taken.
 * Exit codes: 0 done, 1 the build failed, 2 usage error.
 */
import { seedDatabase } from '../data/seed.ts';
import { type Command, readArgs, usageError } from './args.ts';

const CMD: Command = {
  name: 'service:seed',
  usage: 'usage: npm run service:seed -- --db FILE --size small|demo|large [--seed N]',
};
const SIZES = ['small', 'demo', 'large'] as const;

async function main(): Promise<void> {
  const args = readArgs(CMD, {
    options: {
      db: { type: 'string' },
      size: { type: 'string' },
      seed: { type: 'string', default: '1' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (args === null) return;
  const { db, values } = args;
  const size = values.size;
  if (!size || !(SIZES as readonly string[]).includes(size))
    usageError(CMD, `--size must be one of ${SIZES.join(', ')}`);
  const seed = Number(values.seed);
  if (!/^-?\d+$/.test(values.seed ?? '') || !Number.isSafeInteger(seed))
    usageError(CMD, `--seed must be an integer, got '${values.seed}'`);

  const t0 = performance.now();
  console.log(`seeding ${db}: size ${size}, seed ${seed}`);
  const counts = await seedDatabase(db, {
    size: size as (typeof SIZES)[number],
    seed,
    onProgress: (msg) => console.log(`  [${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${msg}`),
  });
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  for (const [table, n] of Object.entries(counts))
    console.log(`  ${table.padEnd(24)} ${n.toLocaleString('en-US').padStart(10)}`);
  console.log(`done in ${secs} s: ${db}`);
}

main().catch((e: unknown) => {
  console.error(`service:seed failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
