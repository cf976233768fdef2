import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TEST_CACHE_ENV } from './unit/service-data/build-once.ts';

/**
 * Vitest's global setup: one cache folder for the run under the system's temp folder, named to the test
 * files through the environment (the workers start after this and inherit it), where what several files
 * need alike is built once (the whole Databank's import). Removed when the run ends.
 */
export default function setup(): () => void {
  const dir = mkdtempSync(join(tmpdir(), 'rinkside-test-cache-'));
  process.env[TEST_CACHE_ENV] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
