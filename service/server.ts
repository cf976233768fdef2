import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoKeys, loadKeysFile } from './auth/keys.ts';
import { databaseIdentity, openDatabase } from './db/open.ts';
import { createHandler } from './http/handler.ts';
import { createRateLimiter, type RateLimit } from './http/rate-limit.ts';
import { Router } from './http/router.ts';
import { OPERATIONS } from './ops/index.ts';
import { Statements } from './query/statements.ts';

/** Options of {@link startService}. */
export interface ServiceOptions {
  /** The SQLite file (opened read-only; must exist, made by `service:seed` or `service:import`). */
  db: string;
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1 (loopback only). */
  host?: string;
  /** A keys file (service/README.md, "Keys"); without it a random demo key with full access is made. */
  keys?: string;
  /** Receives one line per request (key redacted). */
  log?: (line: string) => void;
  /**
   * Receives one line per unexpected error (a 500): its `uuid` (the one in the response body), the
   * request (key redacted) and the stack. Default: `console.error`, so a 500 is never silent.
   */
  errorLog?: (line: string) => void;
  /** Answer 429 with `Retry-After` past this many requests per second per key (http/rate-limit.ts); default none. */
  rateLimit?: RateLimit;
}

/** A running service. */
export interface RunningService {
  /** `http://host:port/v1`. */
  baseUrl: string;
  /** The built-in demo key when no keys file was given, else null. */
  demoKey: string | null;
  /** Which database it serves (service/db/open.ts `databaseIdentity`): the same file always gives the same. */
  databaseId: string;
  /** Stops accepting connections, ends open ones and closes the database. */
  close(): Promise<void>;
}

/**
 * Starts the local Hockey Data Service (node:http on `host:port`, SQLite read-only).
 * Rejects when the database or keys file cannot be read (`KeysFileError`, `DatabaseOpenError`,
 * `SchemaVersionError`) or the port is taken.
 */
export async function startService(opts: ServiceOptions): Promise<RunningService> {
  const { key: demoKey, keys } = opts.keys ? { key: null, keys: loadKeysFile(opts.keys) } : demoKeys();
  const db = openDatabase(opts.db, { readonly: true });
  const databaseId = databaseIdentity(db, opts.db);
  const deps = {
    db,
    stmts: new Statements(db),
    router: new Router(OPERATIONS),
    keys,
    ...(opts.log ? { log: opts.log } : {}),
    logError: opts.errorLog ?? ((line: string) => console.error(line)),
    ...(opts.rateLimit ? { rateLimiter: createRateLimiter(opts.rateLimit) } : {}),
  };
  const server = createServer(createHandler(deps));
  server.keepAliveTimeout = 5_000;
  const host = opts.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    db.close();
    throw err;
  }
  const addr = server.address() as AddressInfo;
  const hostPart = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  let closed = false;
  return {
    baseUrl: `http://${hostPart}:${addr.port}/v1`,
    demoKey,
    databaseId,
    close: async () => {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      db.close();
    },
  };
}
