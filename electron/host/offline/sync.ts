import { setTimeout as sleep } from 'node:timers/promises';
import type { EndpointName } from '../../../shared/endpoints.ts';
import type { ServiceError } from '../../../shared/errors.ts';
import type { OfflinePlayer, OfflineStatsRow, SyncProgress, SyncRequest, UnitCommit } from '../../../shared/offline.ts';
import type { ServiceClient } from '../service-client.ts';
import { playerFromRecord, statsRowFromRecord } from './records.ts';
import type { StoreClient } from './store-client.ts';

export type { SyncProgress, SyncRequest };

/**
 * "Download for offline": pulls the chosen leagues and seasons through the spec's operations
 * (`/leagues/{slug}/seasons`, `/teams?league=…`, `/teams/{id}/player-stats?season=…` in pages of 1000,
 * `/players/{id}` for players the store lacks or whose `updatedAt` changed: the player embedded in a
 * stats record lacks position, shoots and catches) with the host's service client (key, retries), and
 * commits team-seasons a batch at a time, each with its checkpoint in the same transaction. Requests run a bounded number at a
 * time; a 429 the client gives up on pauses every request for its Retry-After and halves that bound
 * (the spec publishes no rate limits, so the sync adapts to what the service says). Resuming skips
 * checkpointed team-seasons; league-seasons whose last sync ended are synced again, replacing their
 * rows and fetching only the players that changed (none of these operations takes `updatedAt:min` in
 * the spec). A 403 on a team-season is recorded and reported, not fatal.
 */

export interface SyncDeps {
  client: ServiceClient;
  store: StoreClient;
  baseUrl: string;
  apiKey: string | null;
  /**
   * Which service the data comes from, as the store keeps it apart: the base URL, or one name for the
   * embedded local service whose port changes at every launch; default `baseUrl`.
   */
  source?: string;
  /** Requests in flight at once at most; default 16. */
  concurrency?: number;
  /** The longest Retry-After of a 429 the sync waits for (ms); default 120 000. Past it the sync fails, resumable. */
  maxRetryAfterMs?: number;
  signal?: AbortSignal;
  onProgress?: (p: SyncProgress) => void;
  /** Called after each committed team-season (tests stop a sync midway with it). */
  onUnitCommitted?: (count: number) => void;
}

/** A sync stopped by a service error other than 403 (network, 401, 5xx after retries). */
export class SyncError extends Error {
  readonly error: ServiceError;
  constructor(error: ServiceError) {
    super(error.message);
    this.error = error;
  }
}

export function idleProgress(): SyncProgress {
  return {
    state: 'idle',
    unitsTotal: 0,
    unitsDone: 0,
    pagesDone: 0,
    pagesTotal: 0,
    rows: 0,
    players: 0,
    etaMs: null,
    startedAt: null,
    finishedAt: null,
    refused: [],
    error: null,
  };
}

const PAGE = 1000;
/** The season slug of a refusal that covers a whole league. */
export const ALL_SEASONS = '*';
/** The Player fields the store keeps: a smaller answer than the default set. */
const PLAYER_FIELDS =
  'id,name,firstName,lastName,position,nationality,dateOfBirth,yearOfBirth,height,weight,shoots,catches,updatedAt,agencies';
const STATS_FIELDS = 'id,player,season,teamName,league,playerAge,regularStats,postseasonStats,totalStats';

interface Unit {
  leagueSlug: string;
  league: { slug: string; name: string | null; fullName: string | null };
  team: { id: number; name: string };
  season: { slug: string; startYear: number; endYear: number };
}

/** Team-seasons written per transaction at most, and the longest a fetched one waits to be written (ms). */
const BATCH = 16;
const BATCH_WAIT_MS = 500;

/** Retries of one request after a 429 the client gave up on, before the sync fails. */
const MAX_THROTTLED_RETRIES = 6;
/** After this many answers without a 429, one more request may run at once (up to the ceiling). */
const GROW_AFTER = 50;

/**
 * A counting semaphore whose bound adapts to the service: at most `ceiling` tasks at once; {@link
 * throttle} pauses every new task until the Retry-After has passed and halves the bound, and the bound
 * grows back by one per {@link GROW_AFTER} answers without a 429.
 */
export function adaptiveLimiter(ceiling: number, signal?: AbortSignal) {
  let max = Math.max(1, ceiling);
  let active = 0;
  let calm = 0;
  let pausedUntil = 0;
  const waiters: (() => void)[] = [];
  async function acquire() {
    for (;;) {
      const wait = pausedUntil - Date.now();
      if (wait > 0) await sleep(wait, undefined, signal ? { signal } : undefined);
      else if (active < max) {
        active++;
        return;
      } else await new Promise<void>((r) => waiters.push(r));
    }
  }
  function release() {
    active--;
    waiters.shift()?.();
  }
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    /** A 429: no new request before `delayMs` from now; half as many at once from then. */
    throttle(delayMs: number) {
      pausedUntil = Math.max(pausedUntil, Date.now() + delayMs);
      max = Math.max(1, Math.floor(max / 2));
      calm = 0;
    },
    /** An answer without a 429. */
    calm() {
      if (++calm < GROW_AFTER || max >= ceiling) return;
      calm = 0;
      max++;
      waiters.shift()?.();
    },
    /** The current bound (tests, progress). */
    bound: () => max,
  };
}

class Cancelled extends Error {}

/** Runs a sync to its end; resolves with the final progress (state done, cancelled or failed). */
export async function runSync(req: SyncRequest, deps: SyncDeps): Promise<SyncProgress> {
  const progress: SyncProgress = { ...idleProgress(), state: 'running', startedAt: new Date().toISOString() };
  const emit = () => deps.onProgress?.({ ...progress, refused: [...progress.refused] });
  const limiter = adaptiveLimiter(deps.concurrency ?? 16, deps.signal);
  const maxRetryAfterMs = deps.maxRetryAfterMs ?? 120_000;
  const started = performance.now();
  let committedThisRun = 0;
  // Set when one team-season fails, so the others stop instead of committing after the failure is reported.
  let stopped = false;
  const checkCancel = () => {
    if (deps.signal?.aborted) throw new Cancelled();
    if (stopped) throw new Cancelled();
  };

  /** One GET through the client; 403 comes back as a value, other errors throw. */
  async function get(
    endpoint: EndpointName,
    path: Record<string, string | number>,
    query: Record<string, string>,
  ): Promise<{ forbidden: ServiceError } | { body: Record<string, unknown> }> {
    for (let retry = 0; ; retry++) {
      checkCancel();
      let r: Awaited<ReturnType<ServiceClient['request']>>;
      try {
        r = await limiter.run(() => deps.client.request(deps.baseUrl, { endpoint, path, query }, deps.apiKey));
      } catch (err) {
        // The limiter's pause ends early when the download is cancelled.
        if (deps.signal?.aborted) throw new Cancelled();
        throw err;
      }
      checkCancel();
      if (r.ok) {
        limiter.calm();
        return { body: r.value as Record<string, unknown> };
      }
      if (r.error.kind === 'rate-limited') {
        // Without a Retry-After, back off exponentially from one second.
        const wait = r.error.retryAfterMs ?? 1000 * 2 ** retry;
        if (retry < MAX_THROTTLED_RETRIES && wait <= maxRetryAfterMs) {
          limiter.throttle(wait);
          continue;
        }
        const minutes = Math.ceil(wait / 60_000);
        throw new SyncError({
          ...r.error,
          message: `The service limits requests (429) and asks to wait ${minutes} min; what was downloaded is kept and the next download resumes from there.`,
        });
      }
      if (r.error.kind === 'forbidden' || (r.error as { status?: number }).status === 403)
        return { forbidden: r.error };
      throw new SyncError(r.error);
    }
  }

  /** Every record of a list operation, page by page. */
  async function all(endpoint: EndpointName, path: Record<string, string | number>, query: Record<string, string>) {
    const out: Record<string, unknown>[] = [];
    for (let offset = 0; ; offset += PAGE) {
      const r = await get(endpoint, path, { ...query, limit: String(PAGE), offset: String(offset) });
      if ('forbidden' in r) throw new SyncError(r.forbidden);
      const data = r.body.data as Record<string, unknown>[];
      out.push(...data);
      const total = (r.body._meta as { totalRecords: number }).totalRecords;
      if (offset + PAGE >= total || data.length === 0) return out;
    }
  }

  try {
    const source = deps.source ?? deps.baseUrl;
    await deps.store.adoptBaseUrl(source);
    // League-seasons whose last sync ended: a download of them now is a re-sync.
    const finished = new Set(
      (await deps.store.syncState()).filter((s) => !s.inProgress).map((s) => `${s.leagueSlug}|${s.seasonSlug}`),
    );
    const units: Unit[] = [];
    const seasonsByLeague = new Map<string, string[]>();
    for (const slug of req.leagues) {
      // A league outside the key's subscription is refused as a whole (teamId 0, every season '*').
      await deps.store.forgetUnits(slug, [ALL_SEASONS]);
      let seasonRecords: Record<string, unknown>[];
      try {
        seasonRecords = await all('leagueSeasons', { slug }, {});
      } catch (err) {
        if (!(err instanceof SyncError) || err.error.kind !== 'forbidden') throw err;
        const refusal = { leagueSlug: slug, teamId: 0, seasonSlug: ALL_SEASONS, message: err.error.message };
        await deps.store.refuseUnit(refusal);
        progress.refused.push(refusal);
        continue;
      }
      const seasons = seasonRecords
        .map((s) => ({ slug: String(s.slug), startYear: Number(s.startYear), endYear: Number(s.endYear) }))
        .filter(
          (s) =>
            (req.seasonFrom === undefined || s.slug >= req.seasonFrom) &&
            (req.seasonTo === undefined || s.slug <= req.seasonTo),
        );
      seasonsByLeague.set(
        slug,
        seasons.map((s) => s.slug),
      );
      const again = seasons.filter((s) => req.refresh || finished.has(`${slug}|${s.slug}`)).map((s) => s.slug);
      if (again.length > 0) await deps.store.beginResync(slug, again);
      const teams = await all('teams', {}, { league: slug, fields: 'id,name,league' });
      for (const t of teams) {
        const lg = (t.league ?? {}) as Record<string, unknown>;
        const league = {
          slug,
          name: typeof lg.name === 'string' ? lg.name : null,
          fullName: typeof lg.fullName === 'string' ? lg.fullName : null,
        };
        for (const season of seasons) {
          units.push({ leagueSlug: slug, league, team: { id: Number(t.id), name: String(t.name) }, season });
        }
      }
    }
    const done = new Set(await deps.store.doneUnits());
    const key = (u: Unit) => `${u.leagueSlug}|${u.team.id}|${u.season.slug}`;
    const todo = units.filter((u) => !done.has(key(u)));
    progress.unitsTotal = units.length;
    progress.unitsDone = units.length - todo.length;
    progress.pagesTotal = todo.length;
    emit();

    const fetched = new Map<number, Promise<OfflinePlayer | null>>();
    const fetchPlayer = async (id: number, embeddedPlayer: Record<string, unknown>) => {
      let r: Awaited<ReturnType<typeof get>>;
      try {
        r = await get('player', { id }, { fields: PLAYER_FIELDS });
      } catch (err) {
        // A player the service no longer has keeps what his stats record says of him.
        if (!(err instanceof SyncError) || err.error.kind !== 'not-found') throw err;
        r = { forbidden: err.error };
      }
      const full = 'body' in r ? (r.body.data as Record<string, unknown>) : null;
      if (full !== null) progress.players++;
      // Without /players/{id} (outside the subscription) the embedded player still gives name, birth, size.
      return playerFromRecord(full ?? embeddedPlayer);
    };

    const runUnit = async (u: Unit) => {
      const rows: OfflineStatsRow[] = [];
      const embedded = new Map<number, Record<string, unknown>>();
      for (let offset = 0; ; offset += PAGE) {
        const r = await get(
          'teamPlayerStats',
          { id: u.team.id },
          { season: u.season.slug, fields: STATS_FIELDS, limit: String(PAGE), offset: String(offset) },
        );
        if ('forbidden' in r) {
          const refusal = {
            leagueSlug: u.leagueSlug,
            teamId: u.team.id,
            seasonSlug: u.season.slug,
            message: r.forbidden.message,
          };
          await deps.store.refuseUnit(refusal);
          progress.refused.push(refusal);
          progress.pagesDone++;
          return;
        }
        progress.pagesDone++;
        const data = r.body.data as Record<string, unknown>[];
        for (const rec of data) {
          const row = statsRowFromRecord(rec, u.team.id, u.season.slug);
          if (row === null) continue;
          rows.push(row);
          embedded.set(row.playerId, rec.player as Record<string, unknown>);
        }
        const total = (r.body._meta as { totalRecords: number }).totalRecords;
        if (offset === 0) progress.pagesTotal += Math.max(0, Math.ceil(total / PAGE) - 1);
        emit();
        if (offset + PAGE >= total || data.length === 0) break;
      }
      const missing = await deps.store.stalePlayers(
        [...embedded].map(([id, p]) => ({ id, updatedAt: typeof p?.updatedAt === 'string' ? p.updatedAt : null })),
      );
      const players: OfflinePlayer[] = await Promise.all(
        missing.map((id) => {
          // A player in several team-seasons at once is fetched once per run; each commit carries him.
          let p = fetched.get(id);
          if (p === undefined) {
            p = fetchPlayer(id, embedded.get(id) as Record<string, unknown>);
            fetched.set(id, p);
          }
          return p;
        }),
      ).then((ps) => ps.filter((p): p is OfflinePlayer => p !== null));
      checkCancel();
      pending.push({ ...u, rows, players });
      if (pending.length >= BATCH || performance.now() - lastWrite >= BATCH_WAIT_MS) await flush();
    };

    // Fetched team-seasons wait here and are written a batch at a time (one transaction, each with its
    // checkpoint): a transaction per team-season made the store's writes, not the network, the slow part.
    const pending: UnitCommit[] = [];
    let lastWrite = performance.now();
    let writing: Promise<void> = Promise.resolve();
    const flush = (): Promise<void> => {
      const batch = pending.splice(0);
      if (batch.length === 0) return writing;
      writing = writing.then(async () => {
        await deps.store.commitUnits(batch);
        lastWrite = performance.now();
        for (const unit of batch) {
          committedThisRun++;
          progress.unitsDone++;
          progress.rows += unit.rows.length;
          deps.onUnitCommitted?.(committedThisRun);
        }
        const perUnit = (performance.now() - started) / committedThisRun;
        progress.etaMs = Math.round(perUnit * (progress.unitsTotal - progress.unitsDone));
        emit();
      });
      return writing;
    };

    // A few team-seasons at once keeps the connection pool busy while one waits for its players.
    const queue = [...todo];
    const workers = Array.from({ length: Math.min(8, queue.length) }, async () => {
      try {
        for (let u = queue.shift(); u !== undefined; u = queue.shift()) await runUnit(u);
      } catch (err) {
        stopped = true;
        throw err;
      }
    });
    const outcomes = await Promise.allSettled(workers);
    // Team-seasons fetched whole are written even when the download stops: a cancel loses nothing.
    await flush();
    const failure = outcomes.find((o) => o.status === 'rejected' && !(o.reason instanceof Cancelled));
    if (failure !== undefined) throw (failure as PromiseRejectedResult).reason;
    checkCancel();

    const at = new Date().toISOString();
    for (const [slug, seasons] of seasonsByLeague) await deps.store.markSynced(slug, seasons, source, at);
    progress.state = 'done';
  } catch (err) {
    if (err instanceof Cancelled) progress.state = 'cancelled';
    else {
      progress.state = 'failed';
      progress.error = err instanceof Error ? err.message : 'The download stopped.';
    }
  }
  progress.etaMs = progress.state === 'done' ? 0 : null;
  progress.finishedAt = new Date().toISOString();
  emit();
  return { ...progress, refused: [...progress.refused] };
}
