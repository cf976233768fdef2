import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ListEnvelope } from '../../../shared/envelope.ts';
import type { OfflinePlayerDetail, OfflinePlayerListRecord, SyncProgress } from '../../../shared/offline.ts';
import type { OfflineStatus } from '../../../shared/offline-bridge.ts';
import type { ServiceClient } from '../service-client.ts';
import type { PlayerQuery } from './player-query.ts';
import { openStoreClient, type StoreClient } from './store-client.ts';
import { idleProgress, runSync, type SyncRequest } from './sync.ts';

/**
 * The host's offline capability: the store (opened on first use, in its worker) and at most one
 * download at a time, whose progress the page polls and may cancel. Plain Node; never imports electron.
 */
export interface OfflineHost {
  /**
   * Starts a download from the service in use (`source`: which service, as the store keeps data apart;
   * default its base URL); refuses (returns false) while one runs.
   */
  startSync(req: SyncRequest, service: OfflineService): Promise<boolean>;
  /** Progress, synced league-seasons and counts; `source` is the service in use now. */
  status(source?: string): Promise<OfflineStatus>;
  cancel(): void;
  players(query: PlayerQuery): Promise<ListEnvelope<OfflinePlayerListRecord>>;
  player(id: number): Promise<OfflinePlayerDetail | null>;
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
  /** The user data folder; the store is `offline-players.sqlite` in it. */
  dataDir: string;
  client: ServiceClient;
  workerUrl?: URL;
}

/** The store file inside a data folder. */
export function offlineStoreFile(dataDir: string): string {
  return join(dataDir, 'offline-players.sqlite');
}

export function createOfflineHost(opts: OfflineHostOptions): OfflineHost {
  let store: Promise<StoreClient> | null = null;
  let progress: SyncProgress = idleProgress();
  let running: Promise<unknown> | null = null;
  let abort: AbortController | null = null;

  const open = (): Promise<StoreClient> => {
    if (store === null) {
      mkdirSync(opts.dataDir, { recursive: true, mode: 0o700 });
      const o: Parameters<typeof openStoreClient>[0] = { file: offlineStoreFile(opts.dataDir) };
      if (opts.workerUrl !== undefined) o.workerUrl = opts.workerUrl;
      store = openStoreClient(o);
      // A failed open (no FTS5, say) is tried again next time, and its message reaches the page.
      store.catch(() => {
        store = null;
      });
    }
    return store;
  };

  return {
    async startSync(req, service) {
      if (running !== null) return false;
      const s = await open();
      abort = new AbortController();
      progress = { ...idleProgress(), state: 'running', startedAt: new Date().toISOString() };
      running = runSync(req, {
        client: opts.client,
        store: s,
        baseUrl: service.baseUrl,
        apiKey: service.apiKey,
        source: service.source ?? service.baseUrl,
        signal: abort.signal,
        onProgress: (p) => {
          progress = p;
        },
      }).finally(() => {
        running = null;
        abort = null;
      });
      return true;
    },
    async status(source) {
      const s = await open();
      const stored = await s.baseUrl();
      const counts = await s.counts();
      return {
        progress,
        synced: await s.syncState(),
        counts,
        otherSource: source !== undefined && stored !== null && stored !== source && counts.players > 0 ? stored : null,
      };
    },
    cancel() {
      abort?.abort();
    },
    async players(query) {
      return (await open()).listPlayers(query);
    },
    async player(id) {
      return (await open()).player(id);
    },
    store: open,
    async idle() {
      await running;
    },
    async close() {
      abort?.abort();
      await running;
      if (store !== null) await (await store).close();
    },
  };
}
