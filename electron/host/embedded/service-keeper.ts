import type { ParentMessage } from '../../../shared/contract/service-child.ts';

/**
 * Keeps the local service's child running (embedded-service.ts starts it): when a child stops
 * unexpectedly a new one is started at once; a run of children that die at start, or soon after, is
 * started again after growing pauses and then given up, with a plain message. Requests addressed to an
 * earlier child are routed to the current one. No I/O of its own: the child is started by `start`.
 */

/** A request's destination: a base URL and the key sent with it (null: none). */
export interface ServiceTarget {
  baseUrl: string;
  apiKey: string | null;
}

/** Why an attempt asks where to go: `unreachable` when the previous attempt to it could not connect. */
export interface RouteHint {
  unreachable?: boolean;
}

/** The local service's state, for the page's notice (shared/bridge/bridge.ts LocalServiceStatus). */
export interface EmbeddedHealth {
  state: 'running' | 'restarting' | 'failed' | 'stopped';
  /** Children started after one stopped unexpectedly, this launch. */
  restarts: number;
  /** When a child last stopped unexpectedly (ISO 8601), or null. */
  lastStopAt: string | null;
  /** A plain sentence while it restarts or after it gave up, else null. */
  message: string | null;
}

/**
 * Pauses before each restart of a run of failures, in ms: the first at once, then growing. A child that
 * stops within {@link STABLE_MS} of its start counts as a failure of the run; one that ran longer begins a
 * new run.
 */
export const RESTART_DELAYS_MS: readonly number[] = [0, 500, 1_000, 2_000, 4_000];
/** How long a child must run for its stop to begin a new run of restarts, in ms. */
export const STABLE_MS = 10_000;
/** After the restarts gave up, the least time between two more tries that requests ask for, in ms. */
export const RETRY_FAILED_MS = 10_000;
/**
 * How long a retry waits for the exit of a child that no longer accepts connections, in ms: the host
 * learns of a killed child's end after its sockets have closed. Past it the retry goes where it was sent.
 */
export const EXIT_WAIT_MS = 5_000;

/** A started child, as embedded-service.ts's startChild gives it. */
export interface RunningChild {
  proc: { readonly pid: number | undefined; send(message: ParentMessage): void; kill(): void };
  baseUrl: string;
  demoKey: string | null;
  /** Which database it serves (shared/contract/service-child.ts `ready`). */
  databaseId: string;
  /** Resolves with the exit code when the process has ended. */
  exited: Promise<number | null>;
  alive: boolean;
  /** performance.now() when it said it was ready. */
  readyAt: number;
}

/** The kept service: the address and key of the current child (both change on a restart). */
export interface KeptService {
  /** `http://127.0.0.1:PORT/v1` of the current (or last) child. */
  baseUrl(): string;
  /** The service's built-in demo key, or null when its key file has none (`--keys`). */
  demoKey(): string | null;
  /**
   * Which database the current child serves (service/db/open.ts `databaseIdentity`): the same file gives
   * the same id at every launch and restart, another file another. The offline store keeps the players
   * and notes of each database apart by it (electron/host/app.ts `Connection.dataSource`).
   */
  databaseId(): string;
  /** The current child's process id, or undefined while none runs. */
  pid(): number | undefined;
  /**
   * Resolves when a child runs (null), or to a plain message when none can: waits for a restart under
   * way; after the restarts gave up, starts one more (at most every {@link RETRY_FAILED_MS}).
   */
  ensure(): Promise<string | null>;
  /**
   * Where a request addressed to `target` goes now: a base URL of an earlier child becomes the current
   * child's (after {@link ensure}), with that child's demo key swapped for the current one; any other
   * target is returned as it is. The scout's own key is kept: it belongs to the local service, not a port.
   * With `hint.unreachable` (the previous attempt to the current child could not connect) a child that
   * no longer listens is taken for dead: the answer waits for its exit and restart (at most
   * {@link EXIT_WAIT_MS}), since the host may hear of the exit after the request to it failed.
   */
  route(target: ServiceTarget, hint?: RouteHint): Promise<ServiceTarget>;
  /** Whether it runs, restarts or gave up, and how often it was restarted; for the page's notice. */
  health(): EmbeddedHealth;
  /**
   * Marks the service as shutting down, at once: from now on a child's end is expected, so it is neither
   * reported as a stop nor restarted. An app stopped by a signal to its process group (a terminal's
   * Ctrl-C, a test runner's web server) calls it first thing, since its child received the signal too and
   * may end before {@link close} is reached. {@link close} implies it.
   */
  closing(): void;
  /** Stops the current child (asked, killed after 3 s) and resolves when it has ended. */
  close(): Promise<void>;
}

const STOPPED = 'The local service has been stopped.';

/** Asks a child to stop, kills it after 3 s, and resolves when it has ended. */
async function stopChild(child: RunningChild): Promise<void> {
  if (!child.alive) return;
  const stop: ParentMessage = { type: 'stop' };
  child.proc.send(stop);
  const timer = setTimeout(() => child.proc.kill(), 3000);
  await child.exited;
  clearTimeout(timer);
}

/** What the page's notice says in `state`; null while all is well. */
function healthMessage(state: EmbeddedHealth['state'], lastError: string | null): string | null {
  if (state === 'restarting') return 'The local service stopped unexpectedly; Rinkside is restarting it.';
  return state === 'failed' ? failedMessage(lastError) : null;
}

/** A pause that `wake` ends early (close does not wait out a backoff). */
function pause(ms: number): { done: Promise<void>; wake: () => void } {
  let wake = () => {};
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    wake = () => {
      clearTimeout(timer);
      resolve();
    };
  });
  return { done, wake };
}

/** Why the restarts gave up, for the scout: the last start's error, or the children's early stops. */
function failedMessage(lastError: string | null): string {
  const why = lastError ?? 'it kept stopping soon after it started';
  return `The local service stopped and could not be restarted (${why}). Rinkside tries again with the next request.`;
}

/**
 * Whether `child`, to which an attempt could not connect, has ended: a child still listening (`accepts`)
 * has not; one that refuses is ending, and its exit is waited for (at most {@link EXIT_WAIT_MS}) so that
 * the retry follows the restart rather than the dead port.
 */
async function hasEnded(child: RunningChild, accepts: KeeperOptions['accepts']): Promise<boolean> {
  if (await accepts(child.baseUrl)) return !child.alive;
  const p = pause(EXIT_WAIT_MS);
  await Promise.race([child.exited, p.done]);
  p.wake();
  return !child.alive;
}

/** The keeper's settings ({@link keepRunning}). */
export interface KeeperOptions {
  /** The pauses of a run of restarts ({@link RESTART_DELAYS_MS}). */
  delays: readonly number[];
  /** The least time between two tries after giving up ({@link RETRY_FAILED_MS}). */
  retryFailedMs: number;
  /** Gets one line per stop, restart and giving up. */
  notice: (line: string) => void;
  /** Whether a child's base URL accepts a connection now; resolves, never rejects. */
  accepts: (baseUrl: string) => Promise<boolean>;
}

/**
 * Keeps `first` (and its successors from `start`, which rejects with a plain message when a child cannot
 * start) running, as {@link KeeperOptions} say.
 */
export function keepRunning(first: RunningChild, start: () => Promise<RunningChild>, opts: KeeperOptions): KeptService {
  let current = first;
  /** Base URL → demo key of every child that has stopped. */
  const earlier = new Map<string, string | null>();
  let closed = false;
  let restarts = 0;
  /** Failures in the current run: starts that failed and children that stopped young. */
  let failures = 0;
  let lastStopAt: string | null = null;
  let lastError: string | null = null;
  let gaveUpAt: number | null = null;
  let recovering: Promise<string | null> | null = null;
  /** Ends the pause under way. */
  let wake: () => void = () => {};

  function adopt(child: RunningChild): void {
    current = child;
    void child.exited.then((code) => {
      if (closed || current !== child) return;
      earlier.set(child.baseUrl, child.demoKey);
      lastStopAt = new Date().toISOString();
      failures = performance.now() - child.readyAt < STABLE_MS ? failures + 1 : 0;
      opts.notice(`The local service stopped unexpectedly (exit code ${code ?? 'none'}); restarting it.`);
      void recover(opts.delays.slice(failures));
    });
  }

  /** One start: true when a child runs. */
  async function tryStart(): Promise<boolean> {
    let child: RunningChild;
    try {
      child = await start();
    } catch (err) {
      lastError = err instanceof Error ? err.message : 'unknown error';
      return false;
    }
    if (closed) {
      await stopChild(child);
      return false;
    }
    adopt(child);
    restarts += 1;
    lastError = null;
    gaveUpAt = null;
    opts.notice(`The local service runs again at ${child.baseUrl}.`);
    return true;
  }

  /** Starts a child after each of `pauses` until one runs; one recovery at a time. */
  function recover(pauses: readonly number[]): Promise<string | null> {
    if (recovering !== null) return recovering;
    const run = (async () => {
      for (const ms of pauses) {
        const p = pause(ms);
        wake = p.wake;
        await p.done;
        if (closed) return STOPPED;
        if (await tryStart()) return null;
        failures += 1;
      }
      if (closed) return STOPPED;
      gaveUpAt = performance.now();
      const message = failedMessage(lastError);
      opts.notice(message);
      return message;
    })();
    recovering = run;
    // Cleared once settled (never synchronously inside run, which may finish before this assignment).
    void run.then(() => {
      if (recovering === run) recovering = null;
    });
    return run;
  }

  adopt(first);

  const kept: KeptService = {
    baseUrl: () => current.baseUrl,
    demoKey: () => current.demoKey,
    databaseId: () => current.databaseId,
    pid: () => (current.alive ? current.proc.pid : undefined),
    ensure() {
      if (closed) return Promise.resolve(STOPPED);
      if (current.alive) return Promise.resolve(null);
      if (recovering !== null) return recovering;
      if (gaveUpAt !== null && performance.now() - gaveUpAt < opts.retryFailedMs) {
        return Promise.resolve(failedMessage(lastError));
      }
      // Given up a while ago: the scout's request may try once more, at once.
      return recover([0]);
    },
    async route(target, hint = {}) {
      const ours = target.baseUrl === current.baseUrl || earlier.has(target.baseUrl);
      if (!ours) return target;
      if (target.baseUrl === current.baseUrl && current.alive) {
        if (hint.unreachable !== true || !(await hasEnded(current, opts.accepts))) return target;
      }
      if ((await kept.ensure()) !== null) return target;
      const demoThen = earlier.get(target.baseUrl);
      const apiKey = target.apiKey !== null && target.apiKey === demoThen ? current.demoKey : target.apiKey;
      return { baseUrl: current.baseUrl, apiKey };
    },
    health() {
      const state = closed ? 'stopped' : current.alive ? 'running' : recovering !== null ? 'restarting' : 'failed';
      return { state, restarts, lastStopAt, message: healthMessage(state, lastError) };
    },
    closing() {
      closed = true;
      wake();
    },
    async close() {
      kept.closing();
      await recovering;
      await stopChild(current);
    },
  };
  return kept;
}
