import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** An app started by {@link startOwnApp}: its process and its URL. */
export interface OwnApp {
  proc: ChildProcess;
  url: string;
}

/**
 * An app of a test's own, for what the run's two shared instances must not go through (a killed
 * download, a service stopped for good): `scripts/start.js` in the browser shell on a free port, with
 * its own data folder and database, and `extra` arguments (`--rate-limit N`: a download that lasts).
 */
export async function startOwnApp(dataDir: string, db: string, extra: readonly string[] = []): Promise<OwnApp> {
  const proc = spawn(
    process.execPath,
    ['scripts/start.js', '--browser', '--no-open', '--port', '0', '--data-dir', dataDir, '--db', db, ...extra],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const lines = createInterface({ input: proc.stdout as NodeJS.ReadableStream });
  for await (const line of lines) {
    const m = line.match(/^Rinkside: (http:\/\/127\.0\.0\.1:\d+\/)/);
    if (m) return { proc, url: m[1] as string };
  }
  throw new Error('the app did not print its address');
}

/** Stops an app of {@link startOwnApp} and waits for it to end. */
export async function stopOwnApp(app: { proc: ChildProcess }): Promise<void> {
  app.proc.kill('SIGTERM');
  await new Promise((r) => (app.proc.exitCode !== null ? r(null) : app.proc.once('exit', r)));
}

/** The pids of a process's children whose command line names `what` (Linux /proc). */
export function childrenOf(pid: number, what: string): number[] {
  const out: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== pid) continue;
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(what)) out.push(Number(entry));
    } catch {
      // The process ended while it was read.
    }
  }
  return out;
}
