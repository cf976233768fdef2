import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BridgeOp, BridgeResults } from '../../../../shared/bridge/bridge.ts';
import type { Result } from '../../../../shared/contract/errors.ts';
import { TEST_TIMINGS } from './dept-hosts.ts';

/** The test's side of app-process.ts: starts it (optionally under a wrapper command), calls its bridge. */

const APP_PROCESS = fileURLToPath(new URL('./app-process.ts', import.meta.url));

export interface AppProcess {
  proc: ChildProcess;
  /** Resolves once the host has started. */
  ready: Promise<void>;
  /** Calls `op` and returns its value; throws with the error's message. */
  call<K extends BridgeOp>(op: K, args?: unknown): Promise<BridgeResults[K]>;
  /** The process's own clock, as an ISO string. */
  now(): Promise<string>;
  /** Resolves when the process has exited, with the signal that ended it. */
  exited: Promise<NodeJS.Signals | null>;
  /** What it wrote on stderr (the host's log), the last 8 KB. */
  stderr(): string;
}

/** Starts the app on `dataDir` with the keychain under `service`, timings over TEST_TIMINGS, under `wrap`. */
export function startApp(
  dataDir: string,
  service: string,
  timings: Partial<typeof TEST_TIMINGS> = {},
  wrap: string[] = [],
): AppProcess {
  const argv = [
    ...wrap,
    process.execPath,
    APP_PROCESS,
    dataDir,
    service,
    JSON.stringify({ ...TEST_TIMINGS, ...timings }),
  ];
  const proc = spawn(argv[0] as string, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
  const waiting = new Map<number, (m: Record<string, unknown>) => void>();
  let err = '';
  proc.stderr?.on('data', (c: Buffer) => {
    err = (err + c.toString()).slice(-8192);
  });
  let started: () => void = () => {};
  const ready = new Promise<void>((r) => {
    started = r;
  });
  createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const m = JSON.parse(line) as Record<string, unknown>;
    if (m.ready === true) started();
    else waiting.get(m.id as number)?.(m);
  });
  const exited = new Promise<NodeJS.Signals | null>((r) => proc.once('exit', (_code, signal) => r(signal)));
  let nextId = 1;
  const ask = (op: string, args?: unknown) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, resolve);
      void exited.then(() => reject(new Error(`the app process ended:\n${err}`)));
      proc.stdin?.write(`${JSON.stringify({ id, op, args })}\n`);
    });
  return {
    proc,
    ready: Promise.race([
      ready,
      exited.then(() => {
        throw new Error(`the app process ended before it started:\n${err}`);
      }),
    ]),
    async call(op, args = {}) {
      const r = (await ask(op, args)).result as Result<never>;
      if (!r.ok) throw new Error(`${op}: ${r.error.message}`);
      return r.value;
    },
    now: async () => (await ask('now')).now as string,
    exited,
    stderr: () => err,
  };
}
