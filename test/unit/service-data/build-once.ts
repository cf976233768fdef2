import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The folder a test run keeps what it builds once (set by Vitest's global setup and by the e2e config). */
export const TEST_CACHE_ENV = 'RINKSIDE_TEST_CACHE_DIR';

/** The run's cache folder, or undefined when the run has none (each caller then builds its own). */
export function testCacheDir(): string | undefined {
  return process.env[TEST_CACHE_ENV] || undefined;
}

/** Whether the process named in lock file `lock` still runs (an unreadable or empty file counts as running). */
function ownerRuns(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(lock, 'utf8'));
  } catch {
    return true;
  }
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Makes folder `dir` once, however many of the run's processes (Vitest's and Playwright's workers) ask for
 * it at once: the first takes the lock file `dir.lock` (holding its pid), runs `build` on a temp folder
 * beside `dir` and renames that to `dir`; the others wait until `dir` is there. A lock whose process has
 * died is taken over. Resolves with `dir`; rejects with `build`'s error in the process that ran it (the
 * next caller tries again).
 */
export async function buildOnce(dir: string, build: (into: string) => Promise<void>): Promise<string> {
  const lock = `${dir}.lock`;
  mkdirSync(dirname(dir), { recursive: true });
  for (;;) {
    if (existsSync(dir)) return dir;
    let fd: number | undefined;
    try {
      fd = openSync(lock, 'wx');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    if (fd === undefined) {
      if (!ownerRuns(lock)) rmSync(lock, { force: true });
      else await sleep(100);
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    const tmp = `${dir}.tmp-${process.pid}-${Date.now()}`;
    try {
      if (!existsSync(dir)) {
        mkdirSync(tmp, { recursive: true });
        await build(tmp);
        // Two builders only after a dead owner's lock was taken over by both: the first rename wins.
        if (!existsSync(dir)) renameSync(tmp, dir);
      }
    } finally {
      rmSync(tmp, { recursive: true, force: true });
      rmSync(lock, { force: true });
    }
    return dir;
  }
}
