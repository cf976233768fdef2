import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildOnce } from './build-once.ts';

// A process of build-once.test.ts: asks for folder argv[2] with a build that logs itself to argv[3], takes
// a while and leaves a file naming its builder; prints the folder it got.
const [dir, log] = process.argv.slice(2) as [string, string];
const got = await buildOnce(dir, async (into) => {
  appendFileSync(log, `${process.pid}\n`);
  await sleep(300);
  writeFileSync(join(into, 'built-by'), String(process.pid));
});
process.stdout.write(got);
