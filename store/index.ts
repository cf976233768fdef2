import { join } from 'node:path';

/**
 * The store's public entry (store/README.md): the scout's databases on this computer, the offline player
 * cache and the scouting lists, owned by a worker thread. The host imports this module only, never the
 * store's files: it opens the store with {@link openStoreClient} and makes every call of {@link StoreApi}
 * through the client.
 */

export type {
  AboutCalls,
  ListCalls,
  PlayerCalls,
  RawPlayerQuery,
  RunCounts,
  StoreApi,
  StoreCounts,
  SyncCalls,
  SyncRun,
} from './api.ts';
export { type OpenStoreOptions, openStoreClient, type StoreClient, StoreError } from './client.ts';

/** The store's file in a user data folder. */
export function storeFile(dataDir: string): string {
  return join(dataDir, 'offline-players.sqlite');
}
