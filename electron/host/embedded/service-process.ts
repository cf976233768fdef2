import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { processEntryUrl } from '../../../shared/contract/process-entries.ts';
import type { ParentMessage } from '../../../shared/contract/service-child.ts';
import { demoDatabaseFile } from '../common/paths.ts';

/**
 * Starting the local service's process (service/child.ts), apart from embedded-service.ts and free of
 * heavy imports, so that `npm start` can spawn it first thing and let its boot overlap everything else.
 */

/** A started service child, whatever kind of process it is. */
export interface ServiceChildProcess {
  /** OS process id (tests kill it). */
  readonly pid: number | undefined;
  /** Each message the child sends (untrusted until checked with shared/contract/service-child.ts's schema). */
  onMessage(listener: (message: unknown) => void): void;
  /** Called once when the process has ended (crash, kill or stop). */
  onExit(listener: (code: number | null) => void): void;
  send(message: ParentMessage): void;
  /** Ends it at once (SIGKILL where there are signals). */
  kill(): void;
}

/** Starts the service child ({@link SERVICE_CHILD_ENTRY}) with these arguments. */
export type ServiceStarter = (args: string[]) => ServiceChildProcess;
/**
 * The service child's file: out/main/child.js when the host runs built (`npm start`, Electron), else
 * service/child.ts (tests that run the host's sources); shared/contract/process-entries.ts decides.
 */
export const SERVICE_CHILD_ENTRY = fileURLToPath(processEntryUrl('child'));

/**
 * Starts the child with the Node that runs the host (Node 24 under npm scripts and Vitest). Messages that
 * arrive before anyone listens are kept and handed to the first `onMessage` listener, so the child may be
 * spawned before its owner is ready to read it.
 */
export function nodeServiceStarter(entry = SERVICE_CHILD_ENTRY): ServiceStarter {
  return (args) => {
    const child = fork(entry, args, {
      execPath: process.execPath,
      execArgv: [],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'json',
      // The environment is this process's: under `npm start` it names Node's compile cache
      // (NODE_COMPILE_CACHE, set by scripts/start.js), so the child's modules load from it too.
    });
    // A failed spawn is reported through 'exit' (code null) like any other end.
    child.on('error', () => {});
    const early: unknown[] = [];
    const keep = (m: unknown) => early.push(m);
    child.on('message', keep);
    return {
      get pid() {
        return child.pid;
      },
      onMessage: (l) => {
        child.off('message', keep);
        for (const m of early.splice(0)) l(m);
        child.on('message', l);
      },
      onExit: (l) => {
        if (child.exitCode !== null || child.signalCode !== null) l(child.exitCode);
        else child.once('exit', (code) => l(code));
      },
      send: (m) => {
        if (child.connected) child.send(m);
      },
      kill: () => child.kill('SIGKILL'),
    };
  };
}

/**
 * The child's arguments for the local service's options: `--db` (the demo database in the data folder,
 * with `--seed` to make it on first run, unless another database is given), `--keys`, `--rate-limit`, `--log`.
 */
export function embeddedChildArgs(opts: {
  dataDir: string;
  db?: string;
  keys?: string;
  rateLimit?: number;
  log?: unknown;
}): string[] {
  const args = ['--db', opts.db ?? demoDatabaseFile(opts.dataDir)];
  if (opts.db === undefined) args.push('--seed');
  if (opts.keys !== undefined) args.push('--keys', opts.keys);
  if (opts.rateLimit !== undefined) args.push('--rate-limit', String(opts.rateLimit));
  if (opts.log !== undefined) args.push('--log');
  return args;
}
