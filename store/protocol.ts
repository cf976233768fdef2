import type { StoreApi } from './api.ts';

/**
 * The store worker's protocol, declared once for both sides (client.ts in the host, worker.ts in the
 * worker thread): each request names one call of {@link StoreApi} with that call's own argument types,
 * and its reply carries that call's result type, or the failure it threw (name, message, and the field
 * and allowed values of a bad input).
 */

/** A call of the store (`close` is the client's own). */
export type StoreMethod = Exclude<keyof StoreApi, 'close'>;
/** The arguments of each call. */
export type StoreArgs = { [M in StoreMethod]: Parameters<StoreApi[M]> };
/** The result of each call. */
export type StoreResults = { [M in StoreMethod]: ReturnType<StoreApi[M]> };
/** The store as the worker calls it: each method with its own argument and result types. */
export type StoreHandlers = { [M in StoreMethod]: (...args: StoreArgs[M]) => StoreResults[M] };

/** Every call the worker answers, in one list (checked against {@link StoreApi} both ways). */
export const STORE_METHODS = [
  'source',
  'adoptSource',
  'stalePlayers',
  'doneUnits',
  'unitContents',
  'commitUnit',
  'commitUnits',
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
  'player',
  'lastAbout',
  'keepAbout',
  'lists',
  'createList',
  'renameList',
  'deleteList',
  'listEntries',
  'saveEntry',
  'removeEntry',
  'listsOfPlayer',
  'listedPlayers',
] as const satisfies readonly StoreMethod[];

/** A call of {@link StoreApi} missing from {@link STORE_METHODS} makes this a type error. */
const everyMethodListed: Exclude<StoreMethod, (typeof STORE_METHODS)[number]> extends never ? true : never = true;
void everyMethodListed;

/** Whether `name` is a call of the store (own names only). */
export function isStoreMethod(name: unknown): name is StoreMethod {
  return typeof name === 'string' && (STORE_METHODS as readonly string[]).includes(name);
}

/** Host → worker: one call, by id. */
export type StoreRequest<M extends StoreMethod = StoreMethod> = {
  [K in M]: { id: number; method: K; args: StoreArgs[K] };
}[M];

/** Host → worker: close the database; the reply comes before the worker's port closes. */
export interface CloseRequest {
  id: number;
  method: 'close';
  args: [];
}

/** What the worker reports of an error a call threw. */
export interface StoreFailure {
  /** The error's class name (`ListInputError`, `ListNotFoundError`, `Error` …). */
  name: string;
  message: string;
  /** The field a bad input names. */
  key?: string;
  /** The allowed values of that field, when it is a closed set. */
  allowed?: readonly string[];
}

/** Worker → host: the answer to request `id`. */
export type StoreReply<M extends StoreMethod | 'close' = StoreMethod | 'close'> =
  | { type: 'reply'; id: number; ok: true; value: M extends StoreMethod ? StoreResults[M] : null }
  | { type: 'reply'; id: number; ok: false; failure: StoreFailure };

/** Worker → host, once after opening: ready, or why the file could not be opened (a plain sentence). */
export type WorkerStarted = { type: 'ready' } | { type: 'failed'; message: string };

/** Everything the worker posts. */
export type FromWorker = StoreReply | WorkerStarted;

/** Everything the host posts. */
export type ToWorker = StoreRequest | CloseRequest;

/** The worker's `workerData`. */
export interface StoreWorkerData {
  /** The SQLite file (created when absent). */
  file: string;
}
