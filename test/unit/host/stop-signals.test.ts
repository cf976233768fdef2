import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childrenOf } from '../../e2e/own-app.ts';
import { start, urlLine } from './npm-start.ts';

// `npm start --no-open` stopped the way a terminal's Ctrl-C or a test runner's web server stops it: the
// signal goes to its whole process group, so the local service's child receives it too, beside the host.
// The app must take that for the shutdown it is: no restart of the child, no word of a crash, and no
// child left running.

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-stop-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The live processes (zombies aside) whose command line names `what` (Linux /proc). */
function processesNaming(what: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(what)) out.push(Number(entry));
    } catch {
      // The process ended while it was read.
    }
  }
  return out;
}

describe('npm start stopped by a signal to its process group', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal}: exits 0, no "stopped unexpectedly", no restart, no service child left`, async () => {
      const dataDir = join(dir, `data-${signal}`);
      const run = start(['--no-open', '--port', '0', '--data-dir', dataDir], {}, true);
      const url = await urlLine(run);
      expect((await fetch(url)).status).toBe(200);
      const pid = run.child.pid as number;
      expect(childrenOf(pid, 'child.js')).toHaveLength(1);

      process.kill(-pid, signal);
      expect(await run.exited).toBe(0);
      expect(run.stderr()).not.toContain('stopped unexpectedly');
      expect(run.stderr()).not.toContain('runs again');
      // The host waited for its child's end before it exited: no service child (the first or a restarted
      // one, all named by their database in the data folder) is left.
      expect(processesNaming(dataDir)).toEqual([]);
    });
  }
});
