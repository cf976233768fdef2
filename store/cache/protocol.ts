import type { Method } from '../common/rpc/protocol.ts';
import type { StoreApi } from './api.ts';

/**
 * The player cache worker's calls (worker.ts answers them, client.ts makes them), over the protocol
 * every store worker shares (common/rpc/protocol.ts): a request names one call of {@link StoreApi} with that
 * call's argument types, and its reply carries that call's result type, or the failure it threw.
 */

/** A call of the store (`close` is every worker's own). */
export type StoreMethod = Method<StoreApi>;

/** Every call the worker answers, in one list (checked against {@link StoreApi} both ways). */
export const STORE_METHODS = [
  'source',
  'adoptSource',
  'bindLegacySource',
  'stalePlayers',
  'doneUnits',
  'unitContents',
  'commitUnit',
  'commitUnits',
  'commitPacked',
  'unitDigests',
  'beginRun',
  'endRun',
  'lastRun',
  'refuseUnit',
  'forgetUnits',
  'beginResync',
  'markSynced',
  'syncState',
  'refusals',
  'counts',
  'listPlayers',
  'listPlayersJson',
  'player',
  'leaders',
  'leadersJson',
  'prepareLeaders',
  'exportCells',
  'leagueFactors',
  'comparables',
  'careerArcs',
  'boardLines',
  'lastAbout',
  'keepAbout',
  'cacheFile',
  'rebuilt',
  'dismissRebuilt',
  'clear',
] as const satisfies readonly StoreMethod[];

/** A call of {@link StoreApi} missing from {@link STORE_METHODS} makes this a type error. */
const everyMethodListed: Exclude<StoreMethod, (typeof STORE_METHODS)[number]> extends never ? true : never = true;
void everyMethodListed;

/** The worker's `workerData`. */
export interface StoreWorkerData {
  /** The SQLite file (created when absent). */
  file: string;
}
