import type { OfflinePlayer, SyncProgress, SyncRequest } from '../../../../shared/domain/offline.ts';
import type { StoreClient } from '../../../../store/index.ts';
import type { ServiceClient } from '../../service-client/service-client.ts';
import { Cancelled, createFetcher } from './fetching.ts';
import { type AdaptiveLimiter, adaptiveLimiter, CEILING } from './limiter.ts';
import { planSync, unitKey } from './planning.ts';
import { type ProgressTracker, progressTracker } from './progress.ts';
import { type Block, blocksOf, fetchBlock, type TeamSeasonContext } from './team-season.ts';
import { type BatchWriter, batchWriter } from './writing.ts';

export type { SyncProgress, SyncRequest };

/**
 * "Download for offline": pulls the chosen leagues and seasons through the spec's operations
 * (`/leagues/{slug}/seasons`; `/leagues/{slug}/standings?season=…` for the team-seasons that were
 * played in each league; `/teams/{id}/player-stats?league=…&season=…` in pages of 1000, one team's
 * seasons at a time, asking for the player fields the store keeps; `/players/{id}` only for players
 * whose record still lacks them) with the host's service client (key, retries), and commits
 * team-seasons a batch at a time, each with its checkpoint in the same transaction. Its parts, by
 * purpose: planning.ts (which team-seasons), fetching.ts and team-season.ts (the requests), limiter.ts
 * (how many at once, and how fast after a 429), writing.ts (batches into the store), progress.ts (the
 * progress bar). The download is kept in the store as it goes (its request and counts), so one the
 * app did not end reads as interrupted at the next start. Resuming skips checkpointed team-seasons;
 * league-seasons whose last sync ended are synced again, writing only the rows that changed (none of
 * these operations takes `updatedAt:min` in the spec). A 403 on a team-season is recorded and
 * reported, not fatal.
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
  /** Requests in flight at first; default limiter.ts START (16). It grows while answers come faster. */
  concurrency?: number;
  /** The most requests in flight at once; default limiter.ts CEILING (64). */
  ceiling?: number;
  /** The longest Retry-After of a 429 the sync waits for (ms); default 120 000. Past it the sync fails, resumable. */
  maxRetryAfterMs?: number;
  /**
   * Aborting stops the download: it ends `cancelled`, unless the reason is {@link CLOSING} (the app
   * closes), which leaves it running in the store, to read as interrupted at the next start.
   */
  signal?: AbortSignal;
  onProgress?: (p: SyncProgress) => void;
  /** Called after each committed team-season (tests stop a sync midway with it). */
  onUnitCommitted?: (count: number) => void;
  /** The limiter the run uses (the bench reads its peak); default one of its own. */
  limiter?: AdaptiveLimiter;
}

/** The abort reason of a download stopped because the app closes: it stays to be resumed. */
export const CLOSING = 'closing';

export { SyncError } from './fetching.ts';
export { adaptiveLimiter } from './limiter.ts';
export { ALL_SEASONS, estimateSync } from './planning.ts';
export { idleProgress, keptProgress } from './progress.ts';

/**
 * Fetches the blocks in as many lanes as requests may ever run at once (the limiter bounds them), and
 * hands each block's team-seasons to the writer (refusals recorded). When one fails the others stop
 * (`stop`); blocks fetched whole are still written. Rethrows the first failure that is not a cancel.
 */
async function fetchAll(
  blocks: Block[],
  ctx: TeamSeasonContext,
  tracker: ProgressTracker,
  write: (block: Parameters<BatchWriter['add']>[0]) => Promise<void>,
  stop: () => void,
): Promise<void> {
  const queue = [...blocks];
  const lanes = Array.from({ length: Math.min(CEILING, queue.length) }, async () => {
    try {
      for (let b = queue.shift(); b !== undefined; b = queue.shift()) {
        const fetched = await fetchBlock(ctx, b);
        if ('refusals' in fetched) {
          for (const r of fetched.refusals) await ctx.store.refuseUnit(r);
          tracker.progress.refused.push(...fetched.refusals);
          tracker.refusedUnits(fetched.refusals.length);
        } else await write(fetched.commits);
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
  const tracker = progressTracker(req, deps.onProgress, deps.onUnitCommitted);
  const { progress } = tracker;
  // Set when one block fails, so the others stop instead of committing after the failure is reported.
  let stopped = false;
  const checkCancel = () => {
    if (deps.signal?.aborted || stopped) throw new Cancelled();
  };
  const limiter =
    deps.limiter ??
    adaptiveLimiter({
      ...(deps.concurrency !== undefined ? { start: deps.concurrency } : {}),
      ...(deps.ceiling !== undefined ? { ceiling: deps.ceiling } : {}),
      ...(deps.signal !== undefined ? { signal: deps.signal } : {}),
    });
  const fetcher = createFetcher({
    client: deps.client,
    baseUrl: deps.baseUrl,
    apiKey: deps.apiKey,
    limiter,
    maxRetryAfterMs: deps.maxRetryAfterMs ?? 120_000,
    signal: deps.signal,
    checkCancel,
  });
  const emit = () => {
    progress.rateLimited = limiter.stats().rateLimited;
    tracker.emit();
  };
  let begun = false;
  try {
    const source = deps.source ?? deps.baseUrl;
    await deps.store.adoptSource(source);
    const plan = await planSync(req, deps.store, fetcher);
    progress.refused.push(...plan.refused);
    progress.unitsTotal = plan.units.length;
    progress.unitsDone = plan.units.length - plan.todo.length;
    const todo = new Set(plan.todo);
    const held = await deps.store.unitContents(plan.units.filter((u) => !todo.has(u)).map(unitKey));
    tracker.held(held.rows, held.players);
    const blocks = blocksOf(plan.todo);
    progress.pagesTotal = blocks.length;
    await deps.store.beginRun(
      req,
      {
        unitsTotal: progress.unitsTotal,
        unitsDone: progress.unitsDone,
        rows: progress.rows,
        players: progress.players,
      },
      progress.startedAt ?? new Date().toISOString(),
    );
    begun = true;
    emit();

    // The digests of the team-seasons as last written: one fetched the same is not written again.
    const digests = new Map(Object.entries(await deps.store.unitDigests(plan.todo.map(unitKey))));
    const writer = batchWriter(deps.store, tracker, digests);
    const ctx: TeamSeasonContext = {
      fetcher,
      store: deps.store,
      players: new Map<number, Promise<OfflinePlayer | null>>(),
      onPage(extra) {
        progress.pagesDone++;
        progress.pagesTotal += extra;
        emit();
      },
    };
    const fetching = fetchAll(
      blocks,
      ctx,
      tracker,
      async (units) => {
        checkCancel();
        await writer.add(units);
      },
      () => {
        stopped = true;
      },
    );
    // Blocks fetched whole are written even when the download stops: a cancel loses nothing.
    await fetching.finally(() => writer.flush());
    checkCancel();

    const at = new Date().toISOString();
    for (const [slug, seasons] of plan.seasonsByLeague) await deps.store.markSynced(slug, seasons, source, at);
    await deps.store.endRun('done', null, at);
    progress.rateLimited = limiter.stats().rateLimited;
    return tracker.finish('done');
  } catch (err) {
    progress.rateLimited = limiter.stats().rateLimited;
    const cancelled = err instanceof Cancelled;
    const message = err instanceof Error ? err.message : 'The download stopped.';
    // Closing the app leaves the download running in the store: the next start shows it interrupted.
    if (begun && deps.signal?.reason !== CLOSING) {
      await deps.store
        .endRun(cancelled ? 'cancelled' : 'failed', cancelled ? null : message, new Date().toISOString())
        .catch(() => {});
    }
    return cancelled ? tracker.finish('cancelled') : tracker.finish('failed', message);
  }
}
