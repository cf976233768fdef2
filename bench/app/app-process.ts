import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { treeCpuMs } from './cpu.ts';

/** The repository root. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** A running `npm start -- --no-open`: its URL, its process, and when it was spawned and printed its URL. */
export interface App {
  url: string;
  child: ChildProcess;
  /** `Date.now()` when the process was spawned. */
  spawnedAt: number;
  /** `Date.now()` when the URL line arrived on stdout. */
  urlAt: number;
  /** CPU time (ms) of the app's processes when the URL line arrived (bench/app/cpu.ts; NaN off Linux). */
  cpuAtUrl: number;
}

/**
 * The checkout whose `npm start` the launches run: this one, or another given by `--app DIR` (to compare
 * two versions with the same harness).
 */
let appDir = root;

/** Launches run `npm start` of `dir` from now on. */
export function setAppDir(dir: string): void {
  appDir = dir;
}

/** The checkout the launches run (see {@link setAppDir}). */
export function currentAppDir(): string {
  return appDir;
}

/** What `npm start` runs in `dir` (its package.json's `node FILE`), as arguments for this Node. */
function startCommand(dir: string): string[] {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const m = /^node (\S+)$/.exec(pkg.scripts.start);
  if (!m?.[1]) throw new Error(`${dir}/package.json: "start" is not \`node FILE\`: ${pkg.scripts.start}`);
  return [join(dir, m[1])];
}

/** Starts `npm start -- --no-open` (its command, without npm) and waits for its URL line. */
export function startApp(args: string[]): Promise<App> {
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, [...startCommand(appDir), '--no-open', ...args], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr?.on('data', (c: Buffer) => {
    err = (err + c.toString()).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout?.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /Rinkside: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out);
      if (m?.[1]) resolve({ url: m[1], child, spawnedAt, urlAt: Date.now(), cpuAtUrl: treeCpuMs(child.pid ?? -1) });
    });
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}) before its URL line:\n${err}`)));
  });
}

/** Stops the app (SIGTERM, then SIGKILL after 5 s). */
export async function stopApp(app: App): Promise<void> {
  if (app.child.exitCode !== null) return;
  const exited = new Promise((r) => app.child.once('exit', r));
  app.child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
  if (app.child.exitCode === null) app.child.kill('SIGKILL');
}
