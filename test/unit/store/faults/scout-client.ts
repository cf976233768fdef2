import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * The fault tests' side of scout-process.ts: starts it (optionally through a wrapper command: a private
 * mount namespace, another user), sends commands, and collects its answers and the acks of a burst.
 */

export const SCOUT_PROCESS = fileURLToPath(new URL('./scout-process.ts', import.meta.url));

export interface Scout {
  proc: ChildProcess;
  /** Sends a command; resolves with its value, rejects with its error message. */
  send<T = unknown>(op: string, args?: Record<string, unknown>): Promise<T>;
  /** Player ids whose save the host confirmed in a burst, in order. */
  acks: number[];
  /** Saves a burst reported failed: player id and the message. */
  fails: { id: number; message: string }[];
  /** Team-seasons committed to the cache in a cache burst. */
  cacheAcks: number[];
  /** Resolves when the process has exited (with its signal, if killed). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** What it wrote on stderr (the last 4 KB). */
  stderr(): string;
}

/**
 * Starts a scout process on `dataDir`. `wrap`: a command and its arguments to run it under (the node
 * program and its arguments are appended).
 */
export function startScout(dataDir: string, wrap: string[] = []): Scout {
  const argv = [...wrap, process.execPath, SCOUT_PROCESS, dataDir];
  const proc = spawn(argv[0] as string, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  const scout: Scout = {
    proc,
    acks: [],
    fails: [],
    cacheAcks: [],
    exited: new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal }))),
    stderr: () => err,
    send<T>(op: string, args: Record<string, unknown> = {}) {
      const id = nextId++;
      return new Promise<T>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (v: unknown) => void, reject });
        proc.stdin?.write(`${JSON.stringify({ id, op, ...args })}\n`);
      });
    },
  };
  let nextId = 1;
  let err = '';
  proc.stderr?.on('data', (c: Buffer) => {
    err = (err + c.toString()).slice(-4096);
  });
  createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (line) => {
    const m = JSON.parse(line) as Record<string, unknown>;
    if (typeof m.ack === 'number') scout.acks.push(m.ack);
    else if (typeof m.fail === 'number') scout.fails.push({ id: m.fail, message: String(m.message) });
    else if (typeof m.cacheAck === 'number') scout.cacheAcks.push(m.cacheAck);
    else if (typeof m.id === 'number') {
      const w = waiting.get(m.id);
      waiting.delete(m.id);
      if (m.ok) w?.resolve(m.value);
      else w?.reject(new Error(String(m.error)));
    }
  });
  void scout.exited.then(() => {
    for (const w of waiting.values()) w.reject(new Error(`the scout process ended:\n${err}`));
    waiting.clear();
  });
  return scout;
}

/** Waits until `pred` holds, polling every 5 ms, for at most `ms`. */
export async function until(pred: () => boolean, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}
