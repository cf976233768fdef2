/**
 * `node service/cli/ensure-demo.ts FILE`: creates the demo database (size `demo`, seed 1) at FILE unless
 * it exists and was built by the current rules of the synthetic world. The build of out/main runs it from
 * source while it bundles (scripts/demo-template.ts), and a first launch copies what it made. Prints
 * nothing; exit codes: 0 done or already there, 1 failed (the reason on stderr), 2 usage error.
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
