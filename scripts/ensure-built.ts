import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ALL_PARTS, BUILD_PARTS_ENV, type BuildPart, isBuiltMessage, staleParts } from './build-stamp.ts';

/**
 * `npm start`'s build step: out/ is rebuilt, part by part, when it is missing (a fresh clone) or older
 * than its sources (scripts/build-stamp.ts). One `electron-vite build` of the stale parts (one process:
 * a second would load Vite again) reports each part as it is written (electron.vite.config.ts), so the
 * caller goes on as soon as the part it needs next is in: the browser shell starts the local service
 * (which creates the demo database on a first run) while the page is still building.
 */

/** The build's progress: each promise settles when its parts are current, or rejects when their build failed. */
export interface Build {
  /** The parts this launch builds (none when out/ is current). */
  parts: readonly BuildPart[];
  /** out/main (the host, the service child, the store worker) and out/preload (when wanted). */
  main: Promise<void>;
  /** out/renderer, the page. */
  renderer: Promise<void>;
  /** Resolves once both have settled and the build lock is released (wait for it before exiting). */
  finished: Promise<void>;
}

const LOCK_STALE_MS = 120_000;

/**
 * `electron-vite build` of `parts` only, with the Node running this script; its errors go to stderr.
 * Each part's promise resolves when the build reports it written ({@link BuiltMessage}) or the build
 * ends well, and rejects when the build fails before it.
 */
function buildParts(
  root: string,
  parts: readonly BuildPart[],
): { each: Map<BuildPart, Promise<void>>; done: Promise<void> } {
  const cli = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js');
  const child = spawn(process.execPath, [cli, 'build', '--logLevel', 'error', '--ignoreConfigWarning'], {
    cwd: root,
    // stdout stays the URL line's alone; the IPC channel carries the parts' reports.
    stdio: ['ignore', 2, 2, 'ipc'],
    // One worker thread for the bundler (rolldown's pool): the build shares the machine with the demo
    // database being created and the host starting, and its extra threads spent their time contending.
    env: { RAYON_NUM_THREADS: '1', ...process.env, [BUILD_PARTS_ENV]: parts.join(',') },
  });
  // A launcher that ends (a failed start, a signal) takes its build with it, so no build runs on unowned.
  const stop = () => child.kill();
  process.on('exit', stop);
  const settle = new Map<BuildPart, { resolve: () => void; reject: (e: Error) => void }>();
  const each = new Map(
    parts.map((part) => [part, new Promise<void>((resolve, reject) => settle.set(part, { resolve, reject }))]),
  );
  child.on('message', (m: unknown) => {
    if (isBuiltMessage(m)) settle.get(m.built)?.resolve();
  });
  const done = new Promise<void>((resolve) => {
    const end = (ok: boolean) => {
      process.off('exit', stop);
      const failure = new Error(`the build of ${parts.join(', ')} (electron-vite build) failed; see above.`);
      for (const s of settle.values()) ok ? s.resolve() : s.reject(failure);
      resolve();
    };
    child.on('error', () => end(false));
    child.on('exit', (code) => end(code === 0));
  });
  return { each, done };
}

/** Whether process `pid` still runs (one of another user counts as running). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes out/.build-lock (it holds the builder's pid), so that several starts at once (the e2e tests' two
 * web servers) build only once. Resolves false when another start holds it. A lock whose start has ended
 * (a Ctrl-C during the build) or that is older than two minutes is left over, and is taken over.
 */
async function takeLock(lock: string): Promise<boolean> {
  try {
    await writeFile(lock, String(process.pid), { flag: 'wx' });
    return true;
  } catch {
    const [age, owner] = await Promise.all([
      stat(lock).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      ),
      readFile(lock, 'utf8').then(Number, () => 0),
    ]);
    const leftOver = age > LOCK_STALE_MS || (Number.isSafeInteger(owner) && owner > 0 && !isRunning(owner));
    if (!leftOver) return false;
    await rm(lock, { force: true });
    return takeLock(lock);
  }
}

const current: Build = { parts: [], main: Promise.resolve(), renderer: Promise.resolve(), finished: Promise.resolve() };

/**
 * Starts building whatever part of out/ among `wanted` (default all three) is stale under `root` and
 * returns at once with the {@link Build}'s progress; resolves to settled promises when nothing is stale.
 * When another start is building, waits for it and checks again (its build may have failed). `note` gets
 * one line saying why a build runs. A process that exits while it builds (`process.exit`, which the launcher calls on SIGINT and
 * SIGTERM) stops the build and releases the lock.
 */
export async function ensureBuilt(
  root: string,
  note: (line: string) => void,
  wanted: readonly BuildPart[] = ALL_PARTS,
): Promise<Build> {
  const staleWanted = () => staleParts(root).filter((p) => wanted.includes(p));
  if (staleWanted().length === 0) return current;
  const lock = join(root, 'out', '.build-lock');
  await mkdir(join(root, 'out'), { recursive: true });
  if (!(await takeLock(lock))) {
    note('Rinkside: waiting for another start that is building the app…');
    do await new Promise((r) => setTimeout(r, 200));
    while (!(await takeLock(lock)));
  }
  // The lock goes with this process, however it ends.
  const release = () => rmSync(lock, { force: true });
  process.on('exit', release);
  const unlock = () => {
    process.off('exit', release);
    release();
  };
  // Checked again under the lock: another start may have built it meanwhile (or failed to).
  const stale = staleWanted();
  if (stale.length === 0) {
    unlock();
    return current;
  }
  note(
    !existsSync(join(root, 'out', 'main'))
      ? 'Rinkside: building the app (first run)…'
      : `Rinkside: the sources changed; rebuilding ${stale.join(', ')}…`,
  );
  const { each, done } = buildParts(root, stale);
  const part = (p: BuildPart) => each.get(p) ?? Promise.resolve();
  const main = Promise.all([part('main'), part('preload')]).then(() => {});
  const renderer = part('renderer');
  // The caller awaits each when it needs it; a failure meanwhile is not an unhandled rejection.
  main.catch(() => {});
  renderer.catch(() => {});
  const finished = done.then(unlock);
  return { parts: stale, main, renderer, finished };
}
