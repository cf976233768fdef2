import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { buildOnce } from './build-once.ts';
import { tempDir } from './helpers.ts';

// What a test run builds once across its processes: three processes asking at once get one build; a lock
// left by a process that died is taken over; a failed build leaves nothing behind and the next call builds.

const run = promisify(execFile);
const CHILD = join(import.meta.dirname, 'build-once-child.ts');
const t = tempDir('rinkside-build-once-');
afterAll(() => t.cleanup());

describe('buildOnce', () => {
  it('three processes asking at once: one builds, all get the folder it built', async () => {
    const dir = join(t.dir, 'three');
    const log = join(t.dir, 'three.log');
    writeFileSync(log, '');
    const outs = await Promise.all([1, 2, 3].map(() => run(process.execPath, [CHILD, dir, log])));
    const builders = readFileSync(log, 'utf8').trim().split('\n');
    expect(builders).toHaveLength(1);
    expect(outs.map((o) => o.stdout)).toEqual([dir, dir, dir]);
    expect(readFileSync(join(dir, 'built-by'), 'utf8')).toBe(builders[0]);
    // No lock and no temp folder left beside it.
    expect(readdirSync(t.dir).filter((n) => n.startsWith('three'))).toEqual(['three', 'three.log']);
  });

  it('a lock left by a process that died is taken over', async () => {
    const dir = join(t.dir, 'orphan');
    // The pid of a process that has ended.
    const { stdout } = await run(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    writeFileSync(`${dir}.lock`, stdout);
    let builds = 0;
    await buildOnce(dir, async (into) => {
      builds++;
      writeFileSync(join(into, 'x'), 'x');
    });
    expect(builds).toBe(1);
    expect(readFileSync(join(dir, 'x'), 'utf8')).toBe('x');
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('a failed build leaves no folder and no lock; the next call builds', async () => {
    const dir = join(t.dir, 'fails');
    await expect(
      buildOnce(dir, async (into) => {
        mkdirSync(join(into, 'half'));
        throw new Error('the build failed');
      }),
    ).rejects.toThrow('the build failed');
    expect(readdirSync(t.dir).filter((n) => n.startsWith('fails'))).toEqual([]);
    await buildOnce(dir, async (into) => writeFileSync(join(into, 'ok'), ''));
    expect(existsSync(join(dir, 'ok'))).toBe(true);
  });
});
