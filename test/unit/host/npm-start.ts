import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * `npm start` as a real process for the host's tests: `node scripts/start.js ARGS`, its output kept, its
 * exit awaited, and the URL line it prints once the browser shell listens.
 */

const script = fileURLToPath(new URL('../../../scripts/start.js', import.meta.url));

/** A running (or ended) `npm start`: its process, what it printed so far and its exit code. */
export interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Its exit code (null when a signal ended it: `child.signalCode` says which). */
  exited: Promise<number | null>;
}

/**
 * Starts `npm start` with `args`, in the test's environment plus `env`; `group` makes it lead a process
 * group of its own, as a terminal's job or a test runner's web server does (signal it with
 * `process.kill(-pid, …)`).
 */
export function start(args: string[], env: NodeJS.ProcessEnv = {}, group = false): Run {
  const child = spawn(process.execPath, [script, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
    detached: group,
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on('data', (c: Buffer) => {
    err += c.toString();
  });
  const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** The shell's URL from its URL line, waiting up to `seconds` for it; throws with the output when none comes. */
export async function urlLine(run: Run, seconds = 60): Promise<string> {
  for (let i = 0; i < seconds * 20; i++) {
    const m = /^Rinkside: (http:\/\/127\.0\.0\.1:\d+\/)$/m.exec(run.stdout());
    if (m?.[1]) return m[1];
    if (run.child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no URL line; stdout: ${run.stdout()} stderr: ${run.stderr()}`);
}
