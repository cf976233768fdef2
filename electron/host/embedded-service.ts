import { mkdir } from 'node:fs/promises';
import { ChildMessageSchema, type ParentMessage } from '../../shared/service-child.ts';
import { demoDatabaseFile } from './paths.ts';
import {
  embeddedChildArgs,
  nodeServiceStarter,
  type ServiceChildProcess,
  type ServiceStarter,
} from './service-process.ts';

export {
  embeddedChildArgs,
  nodeServiceStarter,
  SERVICE_CHILD_ENTRY,
  type ServiceChildProcess,
  type ServiceStarter,
} from './service-process.ts';

/**
 * The embedded default of `npm start` and of the Electron app: the local Hockey Data Service
 * (service/child.ts) in a process of its own, so its synchronous SQLite never blocks the host. The host
 * starts it (a Node child process, or Electron's utilityProcess through a {@link ServiceStarter} from
 * main.ts), learns its port from its first message, and stops it on close. When the child dies, the
 * next {@link EmbeddedService.ensure} starts a new one (a new port and demo key); requests meanwhile fail
 * as `network` errors, and the app carries on.
 */

/** The running service: the address and key of the current child (both change on a restart). */
export interface EmbeddedService {
  /** `http://127.0.0.1:PORT/v1` of the current (or last) child. */
  baseUrl(): string;
  /** The service's built-in demo key, or null when its key file has none (`--keys`). */
  demoKey(): string | null;
  /** The database file in use. */
  db: string;
  /** The current child's process id, or undefined while none runs. */
  pid(): number | undefined;
  /** Restarts the child when it has stopped. Resolves to null when it runs, else a plain message. */
  ensure(): Promise<string | null>;
  close(): Promise<void>;
}

export interface EmbeddedServiceOptions {
  dataDir: string;
  /** Another database; it must exist (nothing is created or seeded). */
  db?: string;
  /** A key/subscription file for the service (tests with restricted keys). */
  keys?: string;
  log?: (line: string) => void;
  /** Default: {@link nodeServiceStarter}. Electron passes one over `utilityProcess.fork`. */
  starter?: ServiceStarter;
  /**
   * The first child, already spawned by `starter` with {@link embeddedChildArgs} of these options
   * (`npm start` spawns it before loading the host); restarts use `starter` as usual.
   */
  first?: ServiceChildProcess;
}

interface Running {
  proc: ServiceChildProcess;
  baseUrl: string;
  demoKey: string | null;
  exited: Promise<void>;
  alive: boolean;
}

/** Starts one child and waits for its `ready` (or its error). */
function startChild(proc: ServiceChildProcess, log?: (line: string) => void): Promise<Running> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let markExited: () => void = () => {};
    const exited = new Promise<void>((r) => {
      markExited = r;
    });
    let running: Running | null = null;
    proc.onMessage((raw) => {
      const m = ChildMessageSchema.safeParse(raw);
      if (!m.success) return;
      if (m.data.type === 'log') log?.(m.data.line);
      else if (m.data.type === 'error' && !settled) {
        settled = true;
        reject(new Error(m.data.message));
      } else if (m.data.type === 'ready' && !settled) {
        settled = true;
        running = { proc, baseUrl: m.data.baseUrl.replace(/\/+$/, ''), demoKey: m.data.demoKey, exited, alive: true };
        resolve(running);
      }
    });
    proc.onExit((code) => {
      if (running !== null) running.alive = false;
      markExited();
      if (!settled) {
        settled = true;
        reject(new Error(`The local service stopped while starting (exit code ${code ?? 'none'}).`));
      }
    });
  });
}

/** The host's options that choose how the local service runs (a subset of app.ts's HostOptions). */
export interface EmbeddedHostOptions {
  dataDir: string;
  db?: string;
  keys?: string;
  requestLog?: (line: string) => void;
  serviceStarter?: ServiceStarter;
}

/** The {@link EmbeddedServiceOptions} for the host's options. */
export function embeddedServiceOptions(opts: EmbeddedHostOptions): EmbeddedServiceOptions {
  const embOpts: EmbeddedServiceOptions = { dataDir: opts.dataDir };
  if (opts.serviceStarter !== undefined) embOpts.starter = opts.serviceStarter;
  if (opts.requestLog !== undefined) embOpts.log = opts.requestLog;
  if (opts.db !== undefined) embOpts.db = opts.db;
  if (opts.keys !== undefined) embOpts.keys = opts.keys;
  return embOpts;
}

/**
 * Starts the service child (seeding the demo database on first run unless `db` is given), creating the
 * data folder (mode 700) first. Rejects with a plain message.
 */
export async function startEmbeddedService(opts: EmbeddedServiceOptions): Promise<EmbeddedService> {
  if (opts.db === undefined) await mkdir(opts.dataDir, { recursive: true, mode: 0o700 });
  const starter = opts.starter ?? nodeServiceStarter();
  const db = opts.db ?? demoDatabaseFile(opts.dataDir);
  const args = embeddedChildArgs(opts);

  let current = await startChild(opts.first ?? starter(args), opts.log);
  let restarting: Promise<string | null> | null = null;
  let closed = false;

  return {
    db,
    baseUrl: () => current.baseUrl,
    demoKey: () => current.demoKey,
    pid: () => (current.alive ? current.proc.pid : undefined),
    ensure() {
      if (closed) return Promise.resolve('The local service has been stopped.');
      if (current.alive) return Promise.resolve(null);
      // One restart for all the requests that find it down together.
      restarting ??= startChild(starter(args), opts.log).then(
        (next) => {
          current = next;
          restarting = null;
          return null;
        },
        (err: unknown) => {
          restarting = null;
          return `The local service stopped and could not be restarted (${err instanceof Error ? err.message : 'unknown error'}).`;
        },
      );
      return restarting;
    },
    async close() {
      closed = true;
      await restarting;
      if (!current.alive) return;
      const stop: ParentMessage = { type: 'stop' };
      current.proc.send(stop);
      const timer = setTimeout(() => current.proc.kill(), 3000);
      await current.exited;
      clearTimeout(timer);
    },
  };
}
