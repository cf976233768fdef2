import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConnectionOptions } from 'node:tls';
import pg from 'pg';
import { generatePassword } from '../../../department/admin/scouts.ts';
import {
  type ClusterInfo,
  createCluster,
  type ServerTls,
  startCluster,
  stopCluster,
} from '../../../department/cluster/local-cluster.ts';

/**
 * A real, throwaway PostgreSQL for a test file (department/cluster/local-cluster.ts): a temp folder owned
 * by the server's user, a free port on 127.0.0.1, SCRAM-SHA-256 for every login, TLS when asked. `stop()`
 * stops it and removes the folder; a folder left by a test process that died is swept at the next start.
 * Every client it hands out is ended by `stop()`.
 */

const PREFIX = 'rinkside-pg-';

/** A running test cluster. */
export interface TestCluster {
  info: ClusterInfo;
  /** Milliseconds from nothing to a server accepting connections (initdb, start, CREATE DATABASE). */
  startMs: number;
  /** The superuser's password (made for this cluster), for tests of the admin command. */
  adminPassword: string;
  /** A connected client of the superuser `admin` (database `rinkside` unless named). */
  adminClient(database?: string): Promise<pg.Client>;
  /** A connected client of `role`; `ssl` as `pg` takes it, `host` to reach it by another name. */
  clientAs(
    role: string,
    password: string,
    opts?: { ssl?: ConnectionOptions | false; host?: string },
  ): Promise<pg.Client>;
  /** Stops and starts the server (fast shutdown: sessions end); clients handed out before are dead. */
  restart(): Promise<void>;
  /** Stops the server, ends the clients, removes the folder. */
  stop(): Promise<void>;
}

/** Stops and removes the clusters of test processes that are gone (killed before their stop()). */
async function sweepOrphans(): Promise<void> {
  for (const name of readdirSync(tmpdir())) {
    const dir = join(tmpdir(), name);
    const pidFile = join(dir, 'test-owner.pid');
    if (!name.startsWith(PREFIX) || !existsSync(pidFile)) continue;
    const pid = Number(readFileSync(pidFile, 'utf8'));
    try {
      process.kill(pid, 0);
    } catch {
      await stopCluster(dir, 'immediate').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

/** Starts a throwaway cluster (with TLS on the given certificate when `tls`). */
export async function start(opts: { tls?: ServerTls } = {}): Promise<TestCluster> {
  await sweepOrphans();
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(dir, 'test-owner.pid'), String(process.pid));
  const adminPassword = generatePassword();
  const t0 = performance.now();
  const info = await createCluster({ dir, adminPassword, tls: opts.tls });
  const startMs = performance.now() - t0;
  const clients = new Set<pg.Client>();
  const connect = async (config: pg.ClientConfig) => {
    const client = new pg.Client({ host: info.host, port: info.port, database: info.database, ...config });
    client.on('error', () => undefined); // a restart ends sessions; the test sees it on its next query
    await client.connect();
    clients.add(client);
    return client;
  };
  const endAll = async () => {
    await Promise.all([...clients].map((c) => c.end().catch(() => undefined)));
    clients.clear();
  };
  return {
    info,
    startMs,
    adminPassword,
    adminClient: (database = info.database) => connect({ user: info.admin, password: adminPassword, database }),
    clientAs: (role, password, o = {}) => connect({ user: role, password, ssl: o.ssl, host: o.host ?? info.host }),
    async restart() {
      await stopCluster(dir, 'fast');
      await startCluster(dir);
    },
    async stop() {
      await endAll();
      await stopCluster(dir, 'fast').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
