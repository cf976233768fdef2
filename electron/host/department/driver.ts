import pg from 'pg';
import type { DepartmentSyncState, SyncRound } from '../../../shared/department/bridge.ts';
import type { ListsClient } from '../../../store/index.ts';
import { type Problem, problemOf } from './problems.ts';
import { syncRound } from './round.ts';
import { createRoundQueue } from './round-queue.ts';
import { type DepartmentTarget, type DepartmentTimeouts, poolConfig } from './transport.ts';

/**
 * When the app syncs with its department, one round at a time (round.ts): as it starts, about two seconds
 * after the scout's last change of a shareable record, every five minutes, and when asked. A request while
 * a round runs queues one more round after it (requests meanwhile share that one), so a change made during
 * a round is never left behind. A server that cannot be reached is tried again by itself, sooner at first
 * and then every few minutes; a refused password or certificate waits for the scout to fix the set-up (or
 * to ask for a sync); a server the app will not sync with (a newer schema, a login that is no scout) is
 * checked again at the regular sync, and meanwhile everything works on this computer.
 */

/** The driver's timings, in ms. */
export interface SyncTimings {
  /** From the last change to the round that sends it. */
  debounceMs: number;
  /** Between regular rounds. */
  intervalMs: number;
  /** The first retry after the server could not be reached; doubled each time, up to `retryMaxMs`. */
  retryMinMs: number;
  retryMaxMs: number;
}

export const DEFAULT_TIMINGS: SyncTimings = {
  debounceMs: 2_000,
  intervalMs: 5 * 60_000,
  retryMinMs: 5_000,
  retryMaxMs: 5 * 60_000,
};

/** What the driver syncs with: the set-up's target and the password tried for it. */
export interface DriverConnection {
  target: DepartmentTarget;
  password: string;
}

/** The driver's part of the status (shared/department/bridge.ts `DepartmentSyncStatus`). */
export interface DriverState {
  state: Exclude<DepartmentSyncState, 'off'>;
  message: string | null;
  openSettings: boolean;
  offlineSince: string | null;
  nextTryAt: string | null;
  lastRound: SyncRound | null;
}

export interface SyncDriver {
  /** Starts syncing with `conn`: a round now, then by the schedule. Call {@link stop} first when one runs. */
  start(conn: DriverConnection): void;
  /** Stops: no new round; resolves once the running one ended and the connections are closed. */
  stop(): Promise<void>;
  /** A shareable record may have changed: a round follows shortly if anything waits to be sent. */
  changed(): void;
  /** Runs a round now, or after the running one; resolves when it ended (its outcome is in {@link state}). */
  syncNow(): Promise<void>;
  /** Where the sync stands; null while none is started. */
  state(): DriverState | null;
}

export interface SyncDriverOptions {
  lists: () => Promise<ListsClient>;
  log: (line: string) => void;
  timings?: Partial<SyncTimings>;
  timeouts?: DepartmentTimeouts;
  now?: () => Date;
}

/** Whether Settings → Department is where the scout fixes `p`. */
const needsSettings = (p: Problem) =>
  p.state === 'password' ||
  p.state === 'tls' ||
  (p.state !== 'offline' && (p.field === 'user' || p.field === 'database'));

/** The state after a failed round (`failures`: offline rounds in a row, this one counted), and when to retry. */
function failureState(
  p: Problem,
  before: DriverState | null,
  failures: number,
  timings: SyncTimings,
  now: Date,
): { state: DriverState; retryMs: number | null } {
  const offline = p.state === 'offline';
  const base = Math.min(timings.retryMaxMs, timings.retryMinMs * 2 ** Math.min(failures - 1, 20));
  // A little jitter: the laptops of a department that lost its server do not all come back at once.
  const retryMs = offline ? Math.round(base * (0.8 + 0.4 * Math.random())) : null;
  return {
    retryMs,
    state: {
      state: p.state,
      message: p.message,
      openSettings: needsSettings(p),
      offlineSince: offline ? (before?.offlineSince ?? now.toISOString()) : null,
      nextTryAt: retryMs === null ? null : new Date(now.getTime() + retryMs).toISOString(),
      lastRound: before?.lastRound ?? null,
    },
  };
}

/** A line of the log for a finished round (counts only). */
const roundLine = (r: SyncRound) =>
  `department: synced (pushed ${r.pushed.applied} applied, ${r.pushed.conflict} conflict, ${r.pushed.duplicate} duplicate, ${r.pushed.refused} refused; pulled ${r.pulled.applied} applied, ${r.pulled.unchanged} unchanged, ${r.pulled.skipped} skipped${r.resent ? `; ${r.resent} sent again to a server restored from an older backup` : ''})`;

export function createSyncDriver(opts: SyncDriverOptions): SyncDriver {
  const timings = { ...DEFAULT_TIMINGS, ...opts.timings };
  const now = opts.now ?? (() => new Date());
  let conn: DriverConnection | null = null;
  let pool: pg.Pool | null = null;
  let st: DriverState | null = null;
  let failures = 0;
  const timers: { debounce?: NodeJS.Timeout; retry?: NodeJS.Timeout; interval?: NodeJS.Timeout } = {};
  const clearTimers = () => {
    clearTimeout(timers.debounce);
    clearTimeout(timers.retry);
    clearInterval(timers.interval);
  };

  /** The app's pool for `c`, made at its first use (a CA file that cannot be read fails the round, not the app). */
  const poolFor = (c: DriverConnection): pg.Pool => {
    if (pool === null) {
      pool = new pg.Pool(poolConfig(c.target, c.password, opts.timeouts));
      // A connection that breaks while idle (the server restarted) is dropped; the next round connects anew.
      pool.on('error', () => undefined);
    }
    return pool;
  };

  const succeeded = (round: SyncRound) => {
    failures = 0;
    st = { state: 'synced', message: null, openSettings: false, offlineSince: null, nextTryAt: null, lastRound: round };
    opts.log(roundLine(round));
  };

  const failed = (p: Problem) => {
    failures = p.state === 'offline' ? failures + 1 : 0;
    const next = failureState(p, st, failures, timings, now());
    st = next.state;
    if (next.retryMs !== null) {
      timers.retry = setTimeout(() => void rounds.request(), next.retryMs);
      timers.retry.unref?.();
    }
    opts.log(`department: ${p.message}`);
  };

  async function runOnce(): Promise<void> {
    const c = conn;
    if (c === null) return;
    clearTimeout(timers.retry);
    if (st !== null) st = { ...st, state: 'syncing', nextTryAt: null };
    let lists: ListsClient | null = null;
    let client: pg.PoolClient | null = null;
    const onError = () => undefined;
    try {
      lists = await opts.lists();
      client = await poolFor(c).connect();
      // A connection lost mid-round fails the statement running; without a listener it would end the app.
      client.on('error', onError);
      const round = await syncRound(client, lists, now);
      client.removeListener('error', onError);
      client.release();
      client = null;
      if (conn === c) succeeded(round);
    } catch (err) {
      client?.removeListener('error', onError);
      client?.release(true);
      if (conn !== c) return;
      const p = problemOf(err, c.target, c.password);
      failed(p);
      await lists?.departmentRecordSync({ error: p.message }).catch(() => undefined);
    }
  }

  const rounds = createRoundQueue(runOnce);

  /** States the driver leaves to the scout (Settings) or to its own retry timer. */
  const waitsForScout = () => st?.state === 'password' || st?.state === 'tls';

  return {
    start(c) {
      conn = c;
      failures = 0;
      st = {
        state: 'syncing',
        message: null,
        openSettings: false,
        offlineSince: null,
        nextTryAt: null,
        lastRound: null,
      };
      timers.interval = setInterval(() => {
        if (!waitsForScout() && st?.state !== 'offline') void rounds.request();
      }, timings.intervalMs);
      timers.interval.unref?.();
      void rounds.request();
    },
    async stop() {
      conn = null;
      clearTimers();
      await rounds.idle();
      const p = pool;
      pool = null;
      st = null;
      await p?.end().catch(() => undefined);
    },
    changed() {
      if (conn === null || waitsForScout() || st?.state === 'offline' || st?.state === 'paused') return;
      clearTimeout(timers.debounce);
      timers.debounce = setTimeout(async () => {
        try {
          const s = await (await opts.lists()).departmentStatus();
          if (s.waiting + s.resolutionsToSend > 0) await rounds.request();
        } catch {
          // The lists cannot be read: the regular sync tries again.
        }
      }, timings.debounceMs);
      timers.debounce.unref?.();
    },
    syncNow: () => (conn === null ? Promise.resolve() : rounds.request()),
    state: () => (st === null ? null : { ...st }),
  };
}
