import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The host's staging folder: where the browser shell's finished exports (tables, `rinkside-lists` files
 * with the scout's private notes, player PDFs) wait until the page downloads them. It lives in the user
 * data folder (`<dataDir>/staging/<owner>-<random>`, mode 0700), not in the machine's shared temp folder;
 * only when the data folder cannot take it does it go to `<tmpdir>/rinkside-staging-<owner>-<random>`.
 * `<owner>` names the process that made it: its pid and, where the OS says it (Linux), when it started, so
 * a reused pid is not taken for the same process.
 *
 * The export jobs remove the folder at a clean close; a host that was killed (kill -9, a crash, a power
 * cut) cannot, so each start removes the staging folders whose process no longer runs, in its data folder
 * and in the temp folder. A folder of a process still running (another instance, on this data folder or
 * another) is never touched. Folders of versions that staged in `<tmpdir>/rinkside-exports-<16 hex>`
 * carry no owner: those unchanged for an hour are taken as left by a crash and removed too.
 */

const OWNED = /^(\d{1,10})-(\d{1,20}|x)-[0-9a-f]{8}$/;
const TMP_PREFIX = 'rinkside-staging-';
const LEGACY = /^rinkside-exports-[0-9a-f]{16}$/;
/** How long a folder of an earlier version must be unchanged before it counts as abandoned. */
const LEGACY_IDLE_MS = 60 * 60 * 1000;

/** The fields of `/proc/<pid>/stat` after the command name (state first), or null where there is none. */
async function procStat(pid: number): Promise<string[] | null> {
  try {
    const text = await readFile(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(') ') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * Who owns a staging folder made by process `pid`: `<pid>-<start>`, the start being the process's start
 * time in clock ticks since boot (field 22 of `/proc/<pid>/stat`), or `x` where the OS gives none.
 */
export async function ownerTag(pid: number): Promise<string> {
  const fields = await procStat(pid);
  return `${pid}-${fields?.[19] ?? 'x'}`;
}

/** Whether the process a folder's owner tag names still runs (a zombie does not; a reused pid is another). */
async function ownerRuns(pid: number, start: string): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  const fields = await procStat(pid);
  if (fields === null) return true;
  return fields[0] !== 'Z' && (start === 'x' || fields[19] === start);
}

/**
 * Removes the folders of `root` that `stale` says were left behind: how many went, and the first error of
 * those that could not (the others are still tried).
 */
async function sweep(
  root: string,
  stale: (name: string) => Promise<boolean>,
): Promise<{ removed: number; failed: Error | null }> {
  const names = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  let failed: Error | null = null;
  for (const name of names) {
    try {
      if (!(await stale(name))) continue;
      await rm(join(root, name), { recursive: true, force: true });
      removed++;
    } catch (err) {
      failed ??= err as Error;
    }
  }
  return { removed, failed };
}

/** Whether `name` (with `prefix` cut off) is a staging folder whose owner is gone. */
async function orphaned(name: string, prefix = ''): Promise<boolean> {
  if (!name.startsWith(prefix)) return false;
  const m = OWNED.exec(name.slice(prefix.length));
  return m !== null && !(await ownerRuns(Number(m[1]), m[2] as string));
}

/** Whether `path` is a folder of this user unchanged since `before` (ms since the epoch). */
async function idleOwnFolder(path: string, before: number): Promise<boolean> {
  const s = await stat(path).catch(() => null);
  if (s === null || !s.isDirectory() || s.mtimeMs > before) return false;
  return process.getuid === undefined || s.uid === process.getuid();
}

/** Where a data folder keeps its hosts' staging folders. */
export const stagingRoot = (dataDir: string): string => join(dataDir, 'staging');

export interface StagingOptions {
  dataDir: string;
  /** The machine's temp folder; default `os.tmpdir()`. */
  tmp?: string;
  /** Now, in ms since the epoch (the age of earlier versions' folders); default `Date.now()`. */
  now?: number;
  log?: (line: string) => void;
}

/**
 * Removes the staging folders left behind by hosts that no longer run (see the file's comment), then makes
 * this host's own, empty; resolves to its path. Never rejects: a folder that cannot be removed is logged
 * and left, and when no staging folder can be made at all, an export fails later saying why.
 */
export async function openStaging(opts: StagingOptions): Promise<string> {
  const log = opts.log ?? (() => {});
  const tmp = opts.tmp ?? tmpdir();
  const idleSince = (opts.now ?? Date.now()) - LEGACY_IDLE_MS;
  const swept = [
    await sweep(stagingRoot(opts.dataDir), (name) => orphaned(name)),
    await sweep(tmp, async (name) =>
      LEGACY.test(name) ? idleOwnFolder(join(tmp, name), idleSince) : orphaned(name, TMP_PREFIX),
    ),
  ];
  const removed = swept.reduce((n, s) => n + s.removed, 0);
  const failed = swept.find((s) => s.failed !== null)?.failed;
  if (removed > 0) log(`Removed ${removed} staging folder(s) left by an app that did not close.`);
  if (failed) log(`A staging folder left by an earlier run could not be removed: ${failed.message}`);
  const name = `${await ownerTag(process.pid)}-${randomBytes(4).toString('hex')}`;
  const own = join(stagingRoot(opts.dataDir), name);
  try {
    await mkdir(own, { recursive: true, mode: 0o700 });
    return own;
  } catch (err) {
    const fallback = join(tmp, `${TMP_PREFIX}${name}`);
    log(`The data folder cannot take the staging folder (${(err as Error).message}); using ${fallback}.`);
    // Nowhere at all: the host still starts, and an export says why it cannot be written.
    return mkdir(fallback, { mode: 0o700 }).then(
      () => fallback,
      () => own,
    );
  }
}
