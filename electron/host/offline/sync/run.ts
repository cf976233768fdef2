import type { OfflinePlayer, SyncProgress, SyncRequest, UnitCommit } from '../../../../shared/offline.ts';
import type { StoreClient } from '../../../../store/index.ts';
import type { ServiceClient } from '../../service-client.ts';
import { Cancelled, createFetcher } from './fetching.ts';
import { adaptiveLimiter } from './limiter.ts';
import { planSync, type Unit } from './planning.ts';
import { type ProgressTracker, progressTracker } from './progress.ts';
import { fetchTeamSeason, type TeamSeasonContext } from './team-season.ts';
import { batchWriter } from './writing.ts';

export type { SyncProgress, SyncRequest };

/**
 * "Download for offline": pulls the chosen leagues and seasons through the spec's operations
 * (`/leagues/{slug}/seasons`, `/teams?league=…`, `/teams/{id}/player-stats?season=…` in pages of 1000,
 * `/players/{id}` for players the store lacks or whose `updatedAt` changed) with the host's service
 * client (key, retries), and commits team-seasons a batch at a time, each with its checkpoint in the
 * same transaction. Its parts, by purpose: planning.ts (which team-seasons), fetching.ts and
 * team-season.ts (the requests), limiter.ts (rate limiting on 429), writing.ts (batches into the store),
 * progress.ts (the progress bar). Resuming skips checkpointed team-seasons; league-seasons whose last
 * sync ended are synced again, replacing their rows and fetching only the players that changed (none of
 * these operations takes `updatedAt:min` in the spec). A 403 on a team-season is recorded and reported,
 * not fatal.
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

export { SyncError } from './fetching.ts';
export { adaptiveLimiter } from './limiter.ts';
export { ALL_SEASONS } from './planning.ts';
export { idleProgress } from './progress.ts';

/** Team-seasons fetched at once: a few keep the connection pool busy while one waits for its players. */
const LANES = 8;

/**
 * Fetches the team-seasons `todo` in {@link LANES} lanes and hands each to `write` (refusals recorded).
 * When one fails the others stop (`stop`); team-seasons fetched whole are still written. Rethrows the
 * first failure that is not a cancel.
 */
async function fetchAll(
  todo: Unit[],
  ctx: TeamSeasonContext,
  tracker: ProgressTracker,
  write: (commit: UnitCommit) => Promise<void>,
  stop: () => void,
): Promise<void> {
  const queue = [...todo];
  const lanes = Array.from({ length: Math.min(LANES, queue.length) }, async () => {
    try {
      for (let u = queue.shift(); u !== undefined; u = queue.shift()) {
        const fetched = await fetchTeamSeason(ctx, u);
        if ('refusal' in fetched) {
          await ctx.store.refuseUnit(fetched.refusal);
          tracker.progress.refused.push(fetched.refusal);
        } else await write(fetched.commit);
      }
    } catch (err) {
      stop();
      throw err;
    }
  });
  const outcomes = await Promise.allSettled(lanes);
  const failure = outcomes.find((o) => o.status === 'rejected' && !(o.reason instanceof Cancelled));
  if (failure !== undefined) throw (failure as PromiseRejectedResult).reason;
}

/** Runs a sync to its end; resolves with the final progress (state done, cancelled or failed). */
export async function runSync(req: SyncRequest, deps: SyncDeps): Promise<SyncProgress> {
  const tracker = progressTracker(deps.onProgress, deps.onUnitCommitted);
  const { progress } = tracker;
  // Set when one team-season fails, so the others stop instead of committing after the failure is reported.
  let stopped = false;
  const checkCancel = () => {
    if (deps.signal?.aborted || stopped) throw new Cancelled();
  };
  const fetcher = createFetcher({
    client: deps.client,
    baseUrl: deps.baseUrl,
    apiKey: deps.apiKey,
    limiter: adaptiveLimiter(deps.concurrency ?? 16, deps.signal),
    maxRetryAfterMs: deps.maxRetryAfterMs ?? 120_000,
    signal: deps.signal,
    checkCancel,
  });
  try {
    const source = deps.source ?? deps.baseUrl;
    await deps.store.adoptSource(source);
    const plan = await planSync(req, deps.store, fetcher);
    progress.refused.push(...plan.refused);
    progress.unitsTotal = plan.units.length;
    progress.unitsDone = plan.units.length - plan.todo.length;
    progress.pagesTotal = plan.todo.length;
    tracker.emit();

    const writer = batchWriter(deps.store, tracker);
    const ctx: TeamSeasonContext = {
      fetcher,
      store: deps.store,
      players: new Map<number, Promise<OfflinePlayer | null>>(),
      onPage(extra) {
        progress.pagesDone++;
        progress.pagesTotal += extra;
        tracker.emit();
      },
      onPlayerFetched: () => {
        progress.players++;
      },
    };
    const fetching = fetchAll(
      plan.todo,
      ctx,
      tracker,
      async (commit) => {
        checkCancel();
        await writer.add(commit);
      },
      () => {
        stopped = true;
      },
    );
    // Team-seasons fetched whole are written even when the download stops: a cancel loses nothing.
    await fetching.finally(() => writer.flush());
    checkCancel();

    const at = new Date().toISOString();
    for (const [slug, seasons] of plan.seasonsByLeague) await deps.store.markSynced(slug, seasons, source, at);
    return tracker.finish('done');
  } catch (err) {
    if (err instanceof Cancelled) return tracker.finish('cancelled');
    return tracker.finish('failed', err instanceof Error ? err.message : 'The download stopped.');
  }
}
