/**
 * `npm run service:seed -- --db FILE --size small|demo|large [--seed N]`
 *
 * Builds a synthetic service database (replacing FILE only when the build succeeds), printing one progress
 * line per season and, at the end, the row counts and the time taken.
 * Exit codes: 0 done, 1 the build failed, 2 usage error.
 */
import { parseArgs } from 'node:util';
import { seedDatabase } from '../data/seed.ts';

const USAGE = 'usage: npm run service:seed -- --db FILE --size small|demo|large [--seed N]';
const SIZES = ['small', 'demo', 'large'] as const;

function usageError(msg: string): never {
  console.error(`service:seed: ${msg}\n${USAGE}`);
  process.exit(2);
}

async function main(): Promise<void> {
  let values: { db?: string; size?: string; seed?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        db: { type: 'string' },
        size: { type: 'string' },
        seed: { type: 'string', default: '1' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }));
  } catch (e) {
    usageError((e as Error).message);
  }
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (!values.db) usageError('--db FILE is required');
  const size = values.size;
  if (!size || !(SIZES as readonly string[]).includes(size)) usageError(`--size must be one of ${SIZES.join(', ')}`);
  const seed = Number(values.seed);
  if (!/^-?\d+$/.test(values.seed ?? '') || !Number.isSafeInteger(seed))
    usageError(`--seed must be an integer, got '${values.seed}'`);

  const t0 = performance.now();
  console.log(`seeding ${values.db}: size ${size}, seed ${seed}`);
  const counts = await seedDatabase(values.db, {
    size: size as (typeof SIZES)[number],
    seed,
    onProgress: (msg) => console.log(`  [${((performance.now() - t0) / 1000).toFixed(1).padStart(5)} s] ${msg}`),
  });
  const secs = ((performance.now() - t0) / 1000).toFixed(1);
  for (const [table, n] of Object.entries(counts))
    console.log(`  ${table.padEnd(24)} ${n.toLocaleString('en-US').padStart(10)}`);
  console.log(`done in ${secs} s: ${values.db}`);
}

main().catch((e: unknown) => {
  console.error(`service:seed failed: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
