import { readFileSync } from 'node:fs';
import pg from 'pg';
import { connectionPolicy, sslOptions } from '../connection.ts';

/**
 * The admin command's connection: flags first, then libpq's environment (PGHOST, PGPORT, PGUSER,
 * PGDATABASE, PGSSLROOTCERT for the CA file), then `pg`'s defaults. The password comes from PGPASSWORD, or
 * is asked for (without echo) only when the server wants one; it is never printed. Off loopback the
 * connection is TLS with the server's certificate verified (department/connection.ts).
 */

/** Where to connect, as the command's flags give it. */
export interface AdminTarget {
  host?: string;
  port?: string;
  user?: string;
  database?: string;
  /** A CA file (PEM) to verify the server's certificate against. */
  ca?: string;
}

/**
 * Connects as the admin.
 * @param askPassword asks the person at the keyboard (called only if PGPASSWORD is unset and the server
 *   asks for a password).
 * @throws Error for a bad port, and the `pg` error when the connection fails.
 */
export async function connectAdmin(
  target: AdminTarget,
  askPassword: () => Promise<string>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<pg.Client> {
  const host = target.host ?? env.PGHOST ?? 'localhost';
  const portText = target.port ?? env.PGPORT ?? '5432';
  const port = Number(portText);
  if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) throw new Error(`"${portText}" is not a port`);
  const policy = connectionPolicy({ host, caFile: target.ca ?? env.PGSSLROOTCERT ?? null });
  const client = new pg.Client({
    host,
    port,
    user: target.user ?? env.PGUSER,
    database: target.database ?? env.PGDATABASE,
    password: env.PGPASSWORD ?? askPassword,
    ssl: sslOptions(policy, (file) => readFileSync(file, 'utf8')),
  });
  await client.connect();
  return client;
}
