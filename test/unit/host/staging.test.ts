import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStaging, ownerTag, stagingRoot } from '../../../electron/host/export/staging.ts';

// The sweep of staging folders at a host's start, on real folders and real processes: a folder whose
// process still runs (another instance, on the same data folder) is kept, one whose process has ended is
// removed with the note it held, and nothing that is not a staging folder is touched.

let dir: string;
let live: ChildProcess;
let liveTag: string;
let deadTag: string;

/** A process that runs until the test ends it. */
function sleeper(): Promise<ChildProcess> {
  const p = spawn('sleep', ['600'], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    p.once('spawn', () => resolve(p));
    p.once('error', reject);
  });
}

/** A staging-like folder at `path` holding a note. */
async function folderWithNote(path: string): Promise<void> {
  await mkdir(path, { recursive: true });
  await writeFile(join(path, 'list.json'), '{"note":"private"}');
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rinkside-staging-'));
  live = await sleeper();
  liveTag = await ownerTag(live.pid as number);
  const gone = await sleeper();
  deadTag = await ownerTag(gone.pid as number);
  gone.kill('SIGKILL');
  await new Promise((r) => gone.once('exit', r));
});
afterAll(async () => {
  live.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe('openStaging', () => {
  it('keeps the folders of running processes and removes those of ended ones, in the data folder', async () => {
    const data = join(dir, 'data');
    const tmp = join(dir, 'tmp-1');
    await mkdir(tmp);
    const root = stagingRoot(data);
    await folderWithNote(join(root, `${liveTag}-0000beef`));
    await folderWithNote(join(root, `${deadTag}-0000dead`));
    // The live process's pid with another start time: the pid was reused, the folder's process has ended.
    const reused = liveTag.endsWith('-x') ? null : `${liveTag.split('-')[0]}-1-00000001`;
    if (reused !== null) await folderWithNote(join(root, reused));
    await folderWithNote(join(root, 'notes-of-the-scout'));

    const own = await openStaging({ dataDir: data, tmp });
    const second = await openStaging({ dataDir: data, tmp });

    expect(dirname(own)).toBe(root);
    expect((await stat(own)).mode & 0o777).toBe(0o700);
    expect((await readdir(root)).sort()).toEqual(
      [`${liveTag}-0000beef`, 'notes-of-the-scout', own.slice(root.length + 1), second.slice(root.length + 1)].sort(),
    );
  });

  it("sweeps the temp folder's staging folders of ended processes and earlier versions' idle ones only", async () => {
    const tmp = join(dir, 'tmp-2');
    const now = Date.now();
    const hoursAgo = async (path: string, h: number) => {
      const t = new Date(now - h * 3600_000);
      await utimes(path, t, t);
    };
    await folderWithNote(join(tmp, `rinkside-staging-${liveTag}-0000beef`));
    await folderWithNote(join(tmp, `rinkside-staging-${deadTag}-0000dead`));
    await folderWithNote(join(tmp, 'rinkside-exports-0123456789abcdef'));
    await hoursAgo(join(tmp, 'rinkside-exports-0123456789abcdef'), 2);
    await folderWithNote(join(tmp, 'rinkside-exports-fedcba9876543210'));
    await folderWithNote(join(tmp, 'rinkside-exports-other'));
    await hoursAgo(join(tmp, 'rinkside-exports-other'), 2);
    await folderWithNote(join(tmp, 'someone-else'));
    await hoursAgo(join(tmp, 'someone-else'), 2);

    await openStaging({ dataDir: join(dir, 'data-2'), tmp, now });

    expect((await readdir(tmp)).sort()).toEqual(
      [
        `rinkside-staging-${liveTag}-0000beef`,
        'rinkside-exports-fedcba9876543210',
        'rinkside-exports-other',
        'someone-else',
      ].sort(),
    );
  });

  it('stages in a private folder of the temp folder when the data folder cannot take one, swept once its host is gone', async () => {
    const data = join(dir, 'data-3');
    const tmp = join(dir, 'tmp-3');
    await mkdir(tmp);
    await mkdir(data);
    // Where the staging folders go is a file: the data folder cannot take them.
    await writeFile(stagingRoot(data), '');
    const lines: string[] = [];
    const own = await openStaging({ dataDir: data, tmp, log: (l) => lines.push(l) });

    expect(dirname(own)).toBe(tmp);
    expect(own.slice(tmp.length + 1)).toMatch(/^rinkside-staging-\d+-(\d+|x)-[0-9a-f]{8}$/);
    expect((await stat(own)).mode & 0o777).toBe(0o700);
    expect(lines.join('\n')).toContain('cannot take the staging folder');
    // This process runs: another start keeps it.
    await openStaging({ dataDir: data, tmp });
    expect(existsSync(own)).toBe(true);
  });
});
