import { readFileSync } from 'node:fs';
import type pg from 'pg';
import { connectionPolicy, sslOptions } from '../../../department/connection.ts';
import type { DepartmentConfig } from '../../../shared/department/bridge.ts';

/**
 * How the app reaches its department's server: department/connection.ts decides the transport (in the
 * clear on this computer only, else TLS with the server's certificate and name verified, against the CA
 * file the scout named); this adds the timeouts that keep a dead or silent server from hanging the app, and
 * the bound of two connections per app.
 */

/** Where to connect: the set-up without the scout's name. */
export type DepartmentTarget = Pick<DepartmentConfig, 'server' | 'port' | 'database' | 'user' | 'caFile'>;

/** The timeouts of every connection, in ms. */
export interface DepartmentTimeouts {
  /** To connect (TCP, TLS and the login), and to wait for a free connection of the pool. */
  connectMs: number;
  /** One statement on the server (`statement_timeout`): a page of a pull, a batch of a push. */
  statementMs: number;
  /** One statement's answer, on this side: a server that stopped answering without closing the connection. */
  queryMs: number;
  /** An idle connection is closed after this long (the next round connects anew). */
  idleMs: number;
}

export const DEFAULT_TIMEOUTS: DepartmentTimeouts = {
  connectMs: 10_000,
  statementMs: 60_000,
  queryMs: 75_000,
  idleMs: 30_000,
};

/** The most connections the app keeps to its department's server. */
export const MAX_CONNECTIONS = 2;

/** The CA file named in the set-up cannot be read. `message` is for the scout. */
export class CaFileError extends Error {
  override name = 'CaFileError';
}

/** Reads a CA file (PEM), or throws {@link CaFileError} saying why not. */
function readCa(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT' ? 'there is no such file' : code === 'EACCES' ? 'it may not be read' : 'it cannot be read';
    throw new CaFileError(`The CA file ${file} cannot be used: ${why}.`);
  }
}

/**
 * The `pg` settings of a connection to `target` with `password`.
 * @throws CaFileError when the CA file cannot be read; Error for a server name `connectionPolicy` refuses.
 */
export function connectionConfig(
  target: DepartmentTarget,
  password: string,
  t: DepartmentTimeouts = DEFAULT_TIMEOUTS,
): pg.ClientConfig {
  const ssl = sslOptions(connectionPolicy({ host: target.server, caFile: target.caFile }), readCa);
  return {
    host: target.server,
    port: target.port,
    database: target.database,
    user: target.user,
    password,
    ssl,
    application_name: 'rinkside',
    connectionTimeoutMillis: t.connectMs,
    statement_timeout: t.statementMs,
    query_timeout: t.queryMs,
    // A round never leaves a transaction open; a connection lost mid-transaction frees its locks soon.
    idle_in_transaction_session_timeout: t.statementMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/** The settings of the app's pool: {@link connectionConfig}, at most {@link MAX_CONNECTIONS}, idle ones closed. */
export function poolConfig(
  target: DepartmentTarget,
  password: string,
  t: DepartmentTimeouts = DEFAULT_TIMEOUTS,
): pg.PoolConfig {
  return { ...connectionConfig(target, password, t), max: MAX_CONNECTIONS, idleTimeoutMillis: t.idleMs };
}
