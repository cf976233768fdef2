import { mkdirSync } from 'node:fs';
import type { About } from '../../../shared/bridge/bridge.ts';
import type { CacheCleared, OfflineStatus } from '../../../shared/bridge/offline-bridge.ts';
import type { BoardPlayerLine } from '../../../shared/domain/board-facts.ts';
import type { LeadersPage } from '../../../shared/domain/leaders.ts';
import type { CareerArcs, Comparables, LeagueFactors, PinnedFactor } from '../../../shared/domain/nhle.ts';
import type {
  OfflinePlayerDetail,
  OfflinePlayersPage,
  SyncEstimate,
  SyncProgress,
} from '../../../shared/domain/offline.ts';
import { isEmbeddedSource, LEGACY_EMBEDDED_SOURCE } from '../../../shared/domain/sources.ts';
import type { Checked } from '../../../shared/query/list-engine.ts';
import {
  type ExportCells,
  type JsonBytes,
  openStoreClient,
  type RawPlayerQuery,
  type StoreClient,
  type StoreTable,
  storeFile,
} from '../../../store/index.ts';
import { JsonText } from '../common/json-text.ts';
import type { SettingsStore } from '../common/settings.ts';
import type { ServiceClient } from '../service-client/service-client.ts';
import { recordSynced, redownloads } from './rebuild.ts';
import { createFetcher } from './sync/fetching.ts';
import { adaptiveLimiter } from './sync/limiter.ts';
import { CLOSING, estimateSync, keptProgress, runSync, type SyncRequest } from './sync/run.ts';

/**
 * The host's offline capability: the store (store/, opened on first use, in its worker) and at most one
 * download at a time, whose progress the page polls and may cancel. Plain Node; never imports electron.
 */
export interface OfflineHost {
  /**
   * Starts a download from the service in use (`source`: which service, as the store keeps data apart;
   * default its base URL); refuses (returns false) while one runs.
   */
  startSync(req: SyncRequest, service: OfflineService): Promise<boolean>;
  /**
   * The size of a download of `req` from the service in use before it starts (planning.ts
   * `estimateSync`). Rejects with the sync's error when the service fails.
   */
  estimate(req: SyncRequest, service: OfflineService): Promise<SyncEstimate>;
  /**
   * Progress, synced league-seasons and counts; `source` is the service in use now. Before any download
   * of this app's run, the progress is the one the store kept: a download the app did not end reads as
   * interrupted where it stopped.
   */
  status(source?: string): Promise<OfflineStatus>;
  cancel(): void;
  /** A page of players as its JSON text (what the bridge sends on), or the issue naming the parameter the store refused. */
  players(query: RawPlayerQuery): Promise<Checked<JsonText<OfflinePlayersPage>>>;
  player(id: number): Promise<OfflinePlayerDetail | null>;
  /**
   * A page of the stats browser's leaders as its JSON text (what the bridge sends on), or the issue naming
   * the parameter the store refused.
   */
  leaders(query: RawPlayerQuery): Promise<Checked<JsonText<LeadersPage>>>;
  /**
   * A page of a store table as an export's rows (the cells of `columnIds`, the leaders with the scout's
   * pins), or the issue naming the parameter the store refused (store/api.ts, `exportCells`).
   */
  exportCells(table: StoreTable, query: RawPlayerQuery, columnIds: readonly string[]): Promise<Checked<ExportCells>>;
  /** Every league's factor into the NHL (shared/domain/nhle.ts) with the scout's pins, or the issue naming the parameter refused. */
  leagueFactors(query: Readonly<Record<string, unknown>>): Promise<Checked<LeagueFactors>>;
  /** The comparables of a player-season (shared/domain/nhle.ts), or the issue that refused it. */
  comparables(query: Readonly<Record<string, unknown>>): Promise<Checked<Comparables>>;
  /** Career arcs by draft age, and a player-season's comparables' median arc. */
  careerArcs(query: Readonly<Record<string, unknown>>): Promise<Checked<CareerArcs>>;
  /** The latest season of each of these players (shared/domain/board-facts.ts), NHLe with the scout's pins. */
  boardLines(ids: readonly number[]): Promise<BoardPlayerLine[]>;
  /** Which source the store's rows are from, or null when it holds none. */
  source(): Promise<string | null>;
  /** Keeps the `/about` answer of `source` with the store (for when that service cannot be reached). */
  keepAbout(source: string, about: About): Promise<void>;
  /** The last `/about` answer kept for `source`, or null. */
  lastAbout(source: string): Promise<About | null>;
  /** Deletes every downloaded player and gives the space back; refused (null) while a download runs. */
  clear(): Promise<CacheCleared | null>;
  /** Forgets the notice of a cache discarded at opening. */
  dismissRebuilt(): Promise<void>;
  /** The store (opened on first use): the scouting lists' operations read and write it directly. */
  store(): Promise<StoreClient>;
  /** Resolves when the running download (if any) has ended; for tests and shutdown. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** The service a download reads: address, key, and which service it is to the store. */
export interface OfflineService {
  baseUrl: string;
  apiKey: string | null;
  source?: string;
}

export interface OfflineHostOptions {
  /** The user data folder; the store's file is in it (store/index.ts, `storeFile`). */
  dataDir: string;
  client: ServiceClient;
  workerUrl?: URL;
  /**
   * Where the data in use comes from (app.ts `Connection.dataSource`). When it is an embedded database, the
   * store's rows recorded under the legacy `embedded` are bound to it as the store opens.
   */
  source?: () => string;
  /** Where the league-seasons downloaded are recorded (rebuild.ts); absent: not recorded. */
  settings?: SettingsStore;
  /**
   * The service a download reads now (as the handlers give it): a cache discarded at opening is
   * downloaded again from it at once. Absent: the scout downloads again himself.
   */
  service?: () => OfflineService;
  /** The league factors the scout pinned (kept with his lists); absent or failing: none. */
  pins?: () => Promise<PinnedFactor[]>;
}

/** A page the store's worker wrote as JSON bytes, as the host's JSON text (no copy); an issue as it is. */
async function jsonText<T>(page: Promise<Checked<JsonBytes<T>>>): Promise<Checked<JsonText<T>>> {
  const p = await page;
  if (!p.ok) return p;
  return { ok: true, value: new JsonText<T>([Buffer.from(p.value.buffer, p.value.byteOffset, p.value.byteLength)]) };
}

/** The scout's pins now; lists that cannot be read leave NHLe on the computed factors. */
function pinsOf(opts: OfflineHostOptions): () => Promise<PinnedFactor[]> {
  return async () => {
    try {
      return (await opts.pins?.()) ?? [];
    } catch {
      return [];
    }
  };
}

/** The store's calls that read NHLe (shared/domain/nhle.ts), each with the scout's pins. */
function pinnedCalls(
  open: () => Promise<StoreClient>,
  pins: () => Promise<PinnedFactor[]>,
): Pick<OfflineHost, 'leaders' | 'exportCells' | 'leagueFactors' | 'comparables' | 'careerArcs' | 'boardLines'> {
  return {
    leaders: async (query) => jsonText((await open()).leadersJson(query, await pins())),
    exportCells: async (table, query, columnIds) =>
      (await open()).exportCells(table, query, columnIds, table === 'leaders' ? await pins() : []),
    leagueFactors: async (query) => (await open()).leagueFactors(query, await pins()),
    comparables: async (query) => (await open()).comparables(query, await pins()),
    careerArcs: async (query) => (await open()).careerArcs(query, await pins()),
    boardLines: async (ids) => (await open()).boardLines(ids, await pins()),
  };
}

export function createOfflineHost(opts: OfflineHostOptions): OfflineHost {
  let store: Promise<StoreClient> | null = null;
  // Null until a download starts in this app's run: then the store's kept one is shown.
  let progress: SyncProgress | null = null;
  let running: Promise<unknown> | null = null;
  let abort: AbortController | null = null;
  // While the store derives the stats browser's rows after a download, its worker answers nothing else:
  // the status is then what the store held when the download ended.
  let heldFacts: StoreFacts | null = null;
  // Facts read before a dismissal can be held after it (the derive hands them over later): they lose the notice.
  let rebuiltDismissed = false;

  const open = (): Promise<StoreClient> => {
    if (store === null) {
      const opening = openBoundStore(opts);
      // A failed open (no FTS5, say) is tried again next time, and its message reaches the page.
      opening.catch(() => {
        store = null;
      });
      store = opening;
      // Not awaited by the opening: a download waits for it.
      opening.then(redownloadIfRebuilt).catch(() => {});
    }
    return store;
  };

  /** A cache discarded at opening: its league-seasons (as it still told, or as recorded) downloaded again. */
  const redownloadIfRebuilt = async (s: StoreClient) => {
    const rebuilt = await s.rebuilt();
    const service = opts.service?.();
    if (rebuilt === null || service === undefined) return;
    const units = rebuilt.synced ?? opts.settings?.get().offline?.synced ?? [];
    for (const req of redownloads(units, service.source ?? service.baseUrl)) {
      if (!(await host.startSync(req, service))) return;
      await running?.catch(() => {});
    }
  };

  const host: OfflineHost = {
    async startSync(req, service) {
      if (running !== null) return false;
      const s = await open();
      abort = new AbortController();
      progress = { ...keptProgress(null), state: 'running', request: req, startedAt: new Date().toISOString() };
      running = runSync(req, {
        client: opts.client,
        store: s,
        baseUrl: service.baseUrl,
        apiKey: service.apiKey,
        source: service.source ?? service.baseUrl,
        signal: abort.signal,
        // A download's end is followed by the derive below: the page keeps polling until that is done.
        onProgress: (p) => {
          progress = p.state === 'running' ? p : { ...p, preparing: true };
        },
      })
        .then(() =>
          afterDownload(s, opts.settings, (facts) => {
            heldFacts = rebuiltDismissed ? { ...facts, rebuilt: null } : facts;
          }),
        )
        .finally(() => {
          progress = progress === null ? null : prepared(progress);
          heldFacts = null;
          running = null;
          abort = null;
        });
      return true;
    },
    async estimate(req, service) {
      return estimateDownload(opts.client, await open(), req, service);
    },
    async status(source) {
      const s = await open();
      return statusOf(s, heldFacts ?? (await storeFacts(s)), progress, source);
    },
    async clear() {
      if (running !== null) return null;
      const s = await open();
      const cleared = await s.clear();
      if (opts.settings !== undefined) await recordSynced(opts.settings, s);
      return cleared;
    },
    async dismissRebuilt() {
      // The status held while the store prepares the stats browser still had the notice: dismissed
      // there too, or it came back at each poll until the preparing ended.
      rebuiltDismissed = true;
      if (heldFacts !== null) heldFacts = { ...heldFacts, rebuilt: null };
      await (await open()).dismissRebuilt();
    },
    cancel() {
      abort?.abort();
    },
    async players(query) {
      return jsonText((await open()).listPlayersJson(query));
    },
    async player(id) {
      return (await open()).player(id);
    },
    source: async () => (await open()).source(),
    ...pinnedCalls(open, pinsOf(opts)),
    async keepAbout(source, about) {
      await (await open()).keepAbout(source, about);
    },
    async lastAbout(source) {
      return (await open()).lastAbout(source);
    },
    store: open,
    async idle() {
      await running;
    },
    async close() {
      // Closing leaves a running download to be resumed: the next start shows it interrupted.
      abort?.abort(CLOSING);
      await running;
      if (store !== null) await (await store).close();
    },
  };
  return host;
}

/**
 * What follows a download: its league-seasons recorded in the settings (when kept), then the stats
 * browser's rows of what it changed derived now, not at the scout's first look. The store's worker answers
 * nothing else meanwhile, so the store's facts are read first and given to `hold` for the status.
 */
async function afterDownload(
  s: StoreClient,
  settings: SettingsStore | undefined,
  hold: (facts: StoreFacts) => void,
): Promise<void> {
  if (settings !== undefined) await recordSynced(settings, s);
  hold(await storeFacts(s));
  await s.prepareLeaders().catch(() => 0);
}

/**
 * The download status from the store's facts and this run's progress (null: the run the store kept, shown
 * when its rows are from `source`, the service in use).
 */
async function statusOf(
  s: StoreClient,
  facts: StoreFacts,
  progress: SyncProgress | null,
  source: string | undefined,
): Promise<OfflineStatus> {
  const { stored, counts, synced, cache, rebuilt } = facts;
  return {
    progress: progress ?? keptProgress(stored === (source ?? stored) ? await s.lastRun() : null),
    synced,
    counts,
    otherSource: source !== undefined && stored !== null && stored !== source && counts.players > 0 ? stored : null,
    cache,
    rebuilt,
  };
}

/** A download's progress once the store has prepared the stats browser after it. */
function prepared(p: SyncProgress): SyncProgress {
  const { preparing: _, ...ended } = p;
  return ended;
}

/** What the download status tells of the store: the service its rows came from, its counts, league-seasons and file. */
interface StoreFacts extends Pick<OfflineStatus, 'counts' | 'synced' | 'cache' | 'rebuilt'> {
  stored: string | null;
}

/**
 * The store's facts for the status. Its calls are all sent at once, in the caller's turn: a status that did
 * not find the facts held is then answered before the derive that follows them, never waits behind it.
 */
async function storeFacts(s: StoreClient): Promise<StoreFacts> {
  const [stored, counts, synced, cache, rebuilt] = await Promise.all([
    s.source(),
    s.counts(),
    s.syncState(),
    s.cacheFile(),
    s.rebuilt(),
  ]);
  return { stored, counts, synced, cache, rebuilt };
}

/**
 * Opens the player cache's worker on the data folder (created, mode 700), with the rows an earlier version
 * kept under the legacy `embedded` source bound to the embedded database in use.
 */
function openBoundStore(opts: OfflineHostOptions): Promise<StoreClient> {
  mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
  const o: Parameters<typeof openStoreClient>[0] = { file: storeFile(opts.dataDir) };
  if (opts.workerUrl !== undefined) o.workerUrl = opts.workerUrl;
  return openStoreClient(o).then(async (client) => {
    const source = opts.source?.();
    if (source !== undefined && source !== LEGACY_EMBEDDED_SOURCE && isEmbeddedSource(source)) {
      await client.bindLegacySource(LEGACY_EMBEDDED_SOURCE, source);
    }
    return client;
  });
}

/**
 * The size of a download of `req` from `service` before it starts (planning.ts `estimateSync`), with
 * nothing counted as on this computer when the store holds another service's rows (its first download
 * clears them). Rejects with the sync's error when the service fails.
 */
async function estimateDownload(
  client: ServiceClient,
  s: StoreClient,
  req: SyncRequest,
  service: OfflineService,
): Promise<SyncEstimate> {
  const fetcher = createFetcher({
    client,
    baseUrl: service.baseUrl,
    apiKey: service.apiKey,
    limiter: adaptiveLimiter(),
    maxRetryAfterMs: 30_000,
    signal: undefined,
    checkCancel: () => {},
  });
  const mine = (await s.source()) === (service.source ?? service.baseUrl);
  const estimate = await estimateSync(req, s, fetcher);
  return mine ? estimate : { ...estimate, done: 0, leagues: estimate.leagues.map((l) => ({ ...l, done: 0 })) };
}
