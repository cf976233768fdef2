import type { EndpointName } from '../../../shared/endpoints.ts';
import type { ServiceError } from '../../../shared/errors.ts';
import type { OfflinePlayer, OfflineStatsRow, SyncProgress, SyncRequest } from '../../../shared/offline.ts';
import type { ServiceClient } from '../service-client.ts';
import { playerFromRecord, statsRowFromRecord } from './records.ts';
import type { StoreClient } from './store-client.ts';

export type { SyncProgress, SyncRequest };

/**
 * "Download for offline": pulls the chosen leagues and seasons through the spec's operations
 * (`/leagues/{slug}/seasons`, `/teams?league=…`, `/teams/{id}/player-stats?season=…` in pages of 1000,
 * `/players/{id}` for players the store does not have yet: the player embedded in a stats record lacks
 * position, shoots and catches) with the host's service client (key, 429 Retry-After, retries), and
 * commits each team-season in one transaction with its checkpoint. Resuming skips checkpointed
 * team-seasons; a 403 on a team-season is recorded and reported, not fatal.
 */

export interface SyncDeps {
  client: ServiceClient;
  store: StoreClient;
  baseUrl: string;
  apiKey: string | null;
  /** Requests in flight at once; default 16. */
  concurrency?: number;
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
  'id,name,firstName,lastName,position,nationality,dateOfBirth,yearOfBirth,height,weight,shoots,catches,updatedAt';
const STATS_FIELDS = 'id,player,season,teamName,league,playerAge,regularStats,postseasonStats,totalStats';

interface Unit {
  leagueSlug: string;
  league: { slug: string; name: string | null; fullName: string | null };
  team: { id: number; name: string };
  season: { slug: string; startYear: number; endYear: number };
}

/** A counting semaphore: at most `n` tasks run at once. */
function limiter(n: number) {
  let active = 0;
  const queue: (() => void)[] = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (active >= n) await new Promise<void>((r) => queue.push(r));
    active++;
    try {
      return await task();
    } finally {
      active--;
      queue.shift()?.();
    }
  };
}

class Cancelled extends Error {}

/** Runs a sync to its end; resolves with the final progress (state done, cancelled or failed). */
export async function runSync(req: SyncRequest, deps: SyncDeps): Promise<SyncProgress> {
  const progress: SyncProgress = { ...idleProgress(), state: 'running', startedAt: new Date().toISOString() };
  const emit = () => deps.onProgress?.({ ...progress, refused: [...progress.refused] });
  const limit = limiter(deps.concurrency ?? 16);
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
    checkCancel();
    const r = await limit(() => deps.client.request(deps.baseUrl, { endpoint, path, query }, deps.apiKey));
    checkCancel();
    if (r.ok) return { body: r.value as Record<string, unknown> };
    if (r.error.kind === 'forbidden' || (r.error as { status?: number }).status === 403) return { forbidden: r.error };
    throw new SyncError(r.error);
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
    await deps.store.adoptBaseUrl(deps.baseUrl);
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
      if (req.refresh)
        await deps.store.forgetUnits(
          slug,
          seasons.map((s) => s.slug),
        );
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
      const r = await get('player', { id }, { fields: PLAYER_FIELDS });
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
      const missing = await deps.store.missingPlayers([...embedded.keys()]);
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
      await deps.store.commitUnit({ ...u, rows, players });
      committedThisRun++;
      progress.unitsDone++;
      progress.rows += rows.length;
      const perUnit = (performance.now() - started) / committedThisRun;
      progress.etaMs = Math.round(perUnit * (progress.unitsTotal - progress.unitsDone));
      emit();
      deps.onUnitCommitted?.(committedThisRun);
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
    const failure = outcomes.find((o) => o.status === 'rejected' && !(o.reason instanceof Cancelled));
    if (failure !== undefined) throw (failure as PromiseRejectedResult).reason;
    checkCancel();

    const at = new Date().toISOString();
    for (const [slug, seasons] of seasonsByLeague) await deps.store.markSynced(slug, seasons, deps.baseUrl, at);
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
