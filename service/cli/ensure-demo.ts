/**
 * `node service/cli/ensure-demo.ts FILE`: creates the demo database (size `demo`, seed 1) at FILE unless
 * it exists and was built by the current rules of the synthetic world, exactly as the service child does
 * with `--seed`. `npm start` runs it from source on a launch that must build the app first
 * (scripts/demo-database.ts), so the database is made while the build runs instead of after it. Prints nothing; exit codes: 0 done or already there, 1 failed (the reason on
 * stderr), 2 usage error.
 */
import { ensureDemoDatabase } from '../data/seed.ts';

const file = process.argv[2];
if (file === undefined || file === '' || process.argv.length > 3) {
  console.error('usage: node service/cli/ensure-demo.ts FILE');
  process.exit(2);
}
try {
  await ensureDemoDatabase(file);
} catch (e) {
  console.error(`the demo database could not be created: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
}
