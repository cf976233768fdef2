import { mkdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { ChildMessageSchema } from '../../../shared/contract/service-child.ts';
import { demoDatabaseFile } from '../common/paths.ts';
import {
  type KeptService,
  keepRunning,
  RESTART_DELAYS_MS,
  RETRY_FAILED_MS,
  type RunningChild,
} from './service-keeper.ts';
import {
  embeddedChildArgs,
  nodeServiceStarter,
  type ServiceChildProcess,
  type ServiceStarter,
} from './service-process.ts';

export {
  type EmbeddedHealth,
  EXIT_WAIT_MS,
  RESTART_DELAYS_MS,
  RETRY_FAILED_MS,
  type RouteHint,
  type ServiceTarget,
  STABLE_MS,
} from './service-keeper.ts';
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
 * main.ts), learns its port from its first message, and stops it on close.
 *
 * When the child dies, a new one is started at once (a new port and demo key), and requests that were
 * addressed to the old one are sent to the new one ({@link EmbeddedService.route}). A child that dies at
 * start, or soon after, is started again after growing pauses ({@link RESTART_DELAYS_MS}); after the last
 * one the service is `failed` and says why ({@link EmbeddedService.health}), and a later request may try
 * once more ({@link EmbeddedService.ensure}), at most every {@link RETRY_FAILED_MS}.
 */

/** The running service (service-keeper.ts {@link KeptService}) and the database file it serves. */
export interface EmbeddedService extends KeptService {
  /** The database file in use. */
  db: string;
}

export interface EmbeddedServiceOptions {
  dataDir: string;
  /** Another database; it must exist (nothing is created or seeded). */
  db?: string;
  /** A key/subscription file for the service (tests with restricted keys). */
  keys?: string;
  /** Requests per second per key past which the service answers 429 (tests of backing off). */
  rateLimit?: number;
  /** Where the child's redacted request lines go (`--log`). */
  log?: (line: string) => void;
  /** One line per stop, restart and failure of the child. */
  notice?: (line: string) => void;
  /** Default: {@link nodeServiceStarter}. Electron passes one over `utilityProcess.fork`. */
  starter?: ServiceStarter;
  /**
   * The first child, already spawned by `starter` with {@link embeddedChildArgs} of these options
   * (`npm start` spawns it before loading the host); restarts use `starter` as usual.
   */
  first?: ServiceChildProcess;
  /** Default {@link RESTART_DELAYS_MS}; tests pass shorter pauses. */
  restartDelaysMs?: readonly number[];
  /** Default {@link RETRY_FAILED_MS}. */
  retryFailedMs?: number;
}

interface Running extends RunningChild {
  proc: ServiceChildProcess;
}

/** Starts one child and waits for its `ready` (or its error). */
function startChild(proc: ServiceChildProcess, log?: (line: string) => void): Promise<Running> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let markExited: (code: number | null) => void = () => {};
    const exited = new Promise<number | null>((r) => {
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
        running = {
          proc,
          baseUrl: m.data.baseUrl.replace(/\/+$/, ''),
          demoKey: m.data.demoKey,
          databaseId: m.data.databaseId,
          exited,
          alive: true,
          readyAt: performance.now(),
        };
        resolve(running);
      }
    });
    proc.onExit((code) => {
      if (running !== null) running.alive = false;
      markExited(code);
      if (!settled) {
        settled = true;
        reject(new Error(`The local service stopped while starting (exit code ${code ?? 'none'}).`));
      }
    });
  });
}

/** How long a probe of a child's port may take before it counts as accepted (the child may just be busy). */
const PROBE_MS = 1_000;

/**
 * Whether a child's `http://127.0.0.1:PORT/v1` accepts a TCP connection now; never rejects. A refusal
 * means nothing listens there: the child has ended or is ending.
 */
function acceptsConnection(baseUrl: string): Promise<boolean> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const done = (accepted: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(accepted);
    };
    const timer = setTimeout(() => done(true), PROBE_MS);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The host's options that choose how the local service runs (a subset of app.ts's HostOptions). */
export interface EmbeddedHostOptions {
  dataDir: string;
  db?: string;
  keys?: string;
  rateLimit?: number;
  log?: (line: string) => void;
  requestLog?: (line: string) => void;
  serviceStarter?: ServiceStarter;
}

/** The {@link EmbeddedServiceOptions} for the host's options. */
export function embeddedServiceOptions(opts: EmbeddedHostOptions): EmbeddedServiceOptions {
  const embOpts: EmbeddedServiceOptions = { dataDir: opts.dataDir };
  if (opts.serviceStarter !== undefined) embOpts.starter = opts.serviceStarter;
  if (opts.requestLog !== undefined) embOpts.log = opts.requestLog;
  if (opts.log !== undefined) embOpts.notice = opts.log;
  if (opts.db !== undefined) embOpts.db = opts.db;
  if (opts.keys !== undefined) embOpts.keys = opts.keys;
  if (opts.rateLimit !== undefined) embOpts.rateLimit = opts.rateLimit;
  return embOpts;
}

/**
 * Starts the service child (seeding the demo database on first run unless `db` is given), creating the
 * data folder (mode 700) first, and keeps one running (see the module's comment). Rejects with a plain
 * message when the first child cannot start.
 */
export async function startEmbeddedService(opts: EmbeddedServiceOptions): Promise<EmbeddedService> {
  if (opts.db === undefined) await mkdir(opts.dataDir, { recursive: true, mode: 0o700 });
  const starter = opts.starter ?? nodeServiceStarter();
  const db = opts.db ?? demoDatabaseFile(opts.dataDir);
  const args = embeddedChildArgs(opts);
  const first = await startChild(opts.first ?? starter(args), opts.log);
  const keeper = keepRunning(first, () => startChild(starter(args), opts.log), {
    delays: opts.restartDelaysMs ?? RESTART_DELAYS_MS,
    retryFailedMs: opts.retryFailedMs ?? RETRY_FAILED_MS,
    notice: opts.notice ?? (() => {}),
    accepts: acceptsConnection,
  });
  return { db, ...keeper };
}
