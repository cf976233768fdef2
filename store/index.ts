import { join } from 'node:path';

/**
 * The store's public entry (store/README.md): the scout's databases on this computer, each owned by a
 * worker thread of its own: the offline player cache (downloaded, can be downloaded again) and the
 * scouting lists (the scout's own work, in a file of their own, checked at every opening and backed up).
 * The host imports this module only, never the store's files.
 */

export type {
  AboutCalls,
  ExportCells,
  LeaderCalls,
  PageJsonCalls,
  PlayerCalls,
  RawPlayerQuery,
  RunCounts,
  StoreApi,
  StoreCounts,
  StoreTable,
  SyncCalls,
  SyncRun,
} from './cache/api.ts';
export { type OpenStoreOptions, openStoreClient, type StoreClient } from './cache/client.ts';
export { leadersStatement } from './cache/leaders/read.ts';
export { type PackedUnit, packUnit } from './cache/rows.ts';
export { type HeldUnit, unitDigest } from './cache/sync/digest.ts';
export { type JsonBytes, toJsonBytes } from './common/json-bytes.ts';
export { StoreError } from './common/rpc/client.ts';
export type { ListsApi } from './lists/api.ts';
export { type ListsClient, type OpenListsOptions, openListsClient } from './lists/client.ts';
export { COVERAGE_SQL } from './lists/department/desk/coverage-sql.ts';
export type { ListsRecord } from './lists/safety/opening.ts';
export { LISTS_FORMAT, LISTS_FORMAT_VERSION } from './lists/transfer/format.ts';

/** The player cache's file in a user data folder. */
export function storeFile(dataDir: string): string {
  return join(dataDir, 'offline-players.sqlite');
}

/** The scouting lists' file in a user data folder. */
export function listsFile(dataDir: string): string {
  return join(dataDir, 'scouting-lists.sqlite');
}

/** The folder of the lists' backups in a user data folder, beside the lists file. */
export function listsBackupsDir(dataDir: string): string {
  return join(dataDir, 'scouting-lists-backups');
}
