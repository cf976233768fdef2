/**
 * The protocol between a store worker (serve.ts) and the host's client (client.ts), declared once for
 * every worker of the store (the player cache's, the scouting lists'): a request names one call of the
 * worker's interface `Api` with that call's argument types; its reply carries the call's result (awaited,
 * when the call is asynchronous) or the failure it threw. `close` is every worker's own last call.
 */

/** The calls of `Api`: every member but `close`. */
export type Method<Api> = Exclude<keyof Api, 'close'>;
/** The arguments of each call. */
export type Args<Api> = { [M in Method<Api>]: Api[M] extends (...args: infer A) => unknown ? A : never };
/** The result of each call, as the reply carries it (a promise's value, for an asynchronous call). */
export type Results<Api> = { [M in Method<Api>]: Api[M] extends (...args: never[]) => infer R ? Awaited<R> : never };

/** What the worker reports of an error a call threw. */
export interface Failure {
  /** The error's class name (`ListInputError`, `ListNotFoundError`, `Error` …). */
  name: string;
  message: string;
  /** The field a bad input names. */
  key?: string;
  /** The allowed values of that field, when it is a closed set. */
  allowed?: readonly string[];
}

/** Host → worker: one call, by id (`close` ends the worker after its reply). */
export interface Request {
  id: number;
  method: string;
  args: unknown[];
}

/** Worker → host: the answer to request `id`. */
export type Reply =
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; failure: Failure };

/** Worker → host, once after opening: ready, or why its file could not be opened (a plain sentence). */
export type Started = { type: 'ready' } | { type: 'failed'; message: string };

/** Everything a worker posts. */
export type FromWorker = Reply | Started;
