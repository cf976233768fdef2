import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import pg from 'pg';
import { addScout, generatePassword, scramVerifier } from '../../department/admin/scouts.ts';
import {
  type ClusterInfo,
  createCluster,
  readClusterInfo,
  startCluster,
  stopCluster,
} from '../../department/cluster/local-cluster.ts';
import { migrate } from '../../department/migrate.ts';
import { treeCpuMs } from '../app/cpu.ts';
import { type DepartmentShape, isDirector, scoutName } from './shape.ts';

/**
 * bench:department's server: a throwaway cluster (department/cluster/) in `bench/.data/department/`, kept
 * between runs. The department is loaded once into the database `rinkside` and never measured there: each
 * run measures a copy of it (`CREATE DATABASE … TEMPLATE`), so every run starts from the same rows and the
 * counts of the loss check hold. Passwords of this throwaway cluster are kept beside it (mode 0600), for
 * `--reuse`; the folder is git-ignored.
 */

export const LOADED_DB = 'rinkside';
export const RUN_DB = 'rinkside_run';
/** A login role that may SET ROLE to every scout (and inherits none of them): the serial floor's one connection. */
export const SERIAL_ROLE = 'bench_serial';

/** The cluster's passwords, kept beside it. */
export interface Secrets {
  admin: string;
  scouts: Record<string, string>;
}

/** A running bench cluster. */
export interface BenchCluster {
  info: ClusterInfo;
  secrets: Secrets;
  /** A new connection to `database` as `user` (the admin unless named). */
  connect(database: string, user?: string): Promise<pg.Client>;
}

const secretsFile = (dir: string) => join(dir, 'secrets.json');
const shapeFile = (dir: string) => join(dir, 'shape.json');

/** Opens connections to the cluster with its kept passwords. */
function benchCluster(info: ClusterInfo, secrets: Secrets): BenchCluster {
  return {
    info,
    secrets,
    async connect(database, user = info.admin) {
      const password = user === info.admin ? secrets.admin : secrets.scouts[user];
      const client = new pg.Client({ host: info.host, port: info.port, database, user, password });
      await client.connect();
      return client;
    },
  };
}

/**
 * The loaded cluster kept in `dir` for a department of `shape`, started, with the shipped migrations
 * applied; null when there is none of that shape (a different shape, or no load finished).
 */
export async function reuseCluster(dir: string, shape: DepartmentShape): Promise<BenchCluster | null> {
  const info = readClusterInfo(dir);
  if (info === null || !existsSync(secretsFile(dir)) || !existsSync(shapeFile(dir))) return null;
  if (readFileSync(shapeFile(dir), 'utf8') !== JSON.stringify(shape)) return null;
  await startCluster(dir);
  const cluster = benchCluster(info, JSON.parse(readFileSync(secretsFile(dir), 'utf8')) as Secrets);
  const admin = await cluster.connect(LOADED_DB);
  try {
    await migrate(admin);
  } finally {
    await admin.end();
  }
  return cluster;
}

/**
 * A new cluster in `dir` (any old one stopped and thrown away): migrated, the scouts of `shape` added
 * (scout 0 a director too) and the serial floor's role.
 */
export async function newCluster(dir: string, shape: DepartmentShape): Promise<BenchCluster> {
  if (existsSync(dir)) {
    await stopCluster(dir, 'immediate').catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  }
  // Its parents open to the `postgres` user that runs the server (createCluster closes what it makes).
  mkdirSync(dirname(dir), { recursive: true });
  const secrets: Secrets = { admin: generatePassword(), scouts: {} };
  const info = await createCluster({ dir, adminPassword: secrets.admin });
  for (let i = 0; i < shape.scouts; i++) secrets.scouts[scoutName(i)] = generatePassword();
  secrets.scouts[SERIAL_ROLE] = generatePassword();
  writeFileSync(secretsFile(dir), JSON.stringify(secrets), { mode: 0o600 });
  const cluster = benchCluster(info, secrets);
  const admin = await cluster.connect(LOADED_DB);
  try {
    await migrate(admin);
    for (let i = 0; i < shape.scouts; i++) {
      await addScout(admin, scoutName(i), secrets.scouts[scoutName(i)] as string, isDirector(i));
    }
    // NOINHERIT and in no group: it holds no scout's rights until it becomes one, and then only his.
    const verifier = admin.escapeLiteral(scramVerifier(secrets.scouts[SERIAL_ROLE] as string));
    await admin.query(`CREATE ROLE ${SERIAL_ROLE} LOGIN NOINHERIT NOSUPERUSER NOBYPASSRLS PASSWORD ${verifier}`);
    const names = Array.from({ length: shape.scouts }, (_, i) => scoutName(i)).join(', ');
    await admin.query(`GRANT ${names} TO ${SERIAL_ROLE}`);
  } finally {
    await admin.end();
  }
  return cluster;
}

/**
 * Marks the load in `dir` finished, for `reuseCluster`, once the loaded database is vacuumed and analysed
 * as a server's autovacuum would have left it (its copies inherit both).
 */
export async function markLoaded(cluster: BenchCluster, shape: DepartmentShape): Promise<void> {
  const admin = await cluster.connect(LOADED_DB);
  try {
    await admin.query('VACUUM (ANALYZE)');
  } finally {
    await admin.end();
  }
  writeFileSync(shapeFile(cluster.info.dir), JSON.stringify(shape));
}

/** A fresh copy of the loaded department to measure (the last run's copy dropped). */
export async function freshRunDatabase(cluster: BenchCluster): Promise<void> {
  const admin = await cluster.connect('postgres');
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${RUN_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${RUN_DB} TEMPLATE ${LOADED_DB} STRATEGY FILE_COPY`);
  } finally {
    await admin.end();
  }
}

/**
 * A reader of the CPU ms the cluster's processes (its postmaster and every backend and worker under it)
 * have used so far, from /proc (bench/app/cpu.ts); NaN where there is none. Backends of connections
 * closed meanwhile are no longer counted: read it around work on connections that stay open.
 */
export function serverCpu(cluster: BenchCluster): () => number {
  const pidFile = join(cluster.info.dir, 'data', 'postmaster.pid');
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return () => treeCpuMs(pid);
}
