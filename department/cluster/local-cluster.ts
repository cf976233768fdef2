import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { pgBinDir } from './pg-bin.ts';

/**
 * A throwaway PostgreSQL cluster in one folder, for trying the department on one computer
 * (`npm run department -- start`), for the tests and for the benches: `initdb` with SCRAM-SHA-256 for
 * every connection, listening on 127.0.0.1 only and on a Unix socket inside the folder, with a database
 * `rinkside`. Durability is traded for speed (fsync off): nothing kept here is precious. `initdb` refuses
 * to run as root, so as root every server program runs as the `postgres` user (runuser), in a folder that
 * user owns.
 */

const run = promisify(execFile);

/** What a cluster folder holds about its cluster (`cluster.json`). */
export interface ClusterInfo {
  dir: string;
  host: '127.0.0.1';
  port: number;
  /** The Unix socket's folder (the cluster folder itself). */
  socketDir: string;
  /** The bootstrap superuser. Its password is never written here. */
  admin: string;
  database: string;
  tls: boolean;
}

/** A server certificate and its key, PEM. */
export interface ServerTls {
  cert: string;
  key: string;
}

const ADMIN = 'admin';
const DATABASE = 'rinkside';
const infoFile = (dir: string) => join(dir, 'cluster.json');
const dataDir = (dir: string) => join(dir, 'data');
const isRoot = () => process.getuid?.() === 0;

/** The uid and gid of the `postgres` user (as root only). */
async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim());
  const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
  return { uid, gid };
}

/** Runs a PostgreSQL program, as the `postgres` user when this process is root. */
async function pgRun(program: string, args: string[]): Promise<string> {
  const bin = join(pgBinDir(), program);
  const [cmd, argv] = isRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  const { stdout } = await run(cmd, argv, { timeout: 120_000 });
  return stdout;
}

/** Writes a file the server reads (as root: owned by `postgres`), readable by its owner only. */
async function writeServerFile(path: string, text: string): Promise<void> {
  writeFileSync(path, text, { mode: 0o600 });
  if (isRoot()) {
    const { uid, gid } = await postgresIds();
    chownSync(path, uid, gid);
  }
}

/** A TCP port free on 127.0.0.1 right now (another process may take it before the server does). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** The last lines of the server's log, for an error message. */
function logTail(dir: string): string {
  const log = join(dir, 'log');
  if (!existsSync(log)) return '';
  return readFileSync(log, 'utf8').trim().split('\n').slice(-5).join('\n');
}

const quote = (s: string) => `'${s.replaceAll("'", "''")}'`;

/** The settings of the cluster, in data/rinkside.conf (included by postgresql.conf). */
async function writeSettings(info: ClusterInfo): Promise<void> {
  const lines = [
    `port = ${info.port}`,
    "listen_addresses = '127.0.0.1'",
    `unix_socket_directories = ${quote(info.socketDir)}`,
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'max_connections = 200',
  ];
  if (info.tls) {
    lines.push('ssl = on', `ssl_cert_file = ${quote(join(info.dir, 'server.crt'))}`);
    lines.push(`ssl_key_file = ${quote(join(info.dir, 'server.key'))}`);
  }
  await writeServerFile(join(dataDir(info.dir), 'rinkside.conf'), `${lines.join('\n')}\n`);
}

/** Puts a server certificate and key in the cluster folder, where its settings name them (read at the next
 * start or reload). */
export async function installTls(dir: string, tls: ServerTls): Promise<void> {
  await writeServerFile(join(dir, 'server.crt'), tls.cert);
  await writeServerFile(join(dir, 'server.key'), tls.key);
}

/** Whether the cluster in `dir` is running. */
export async function isRunning(dir: string): Promise<boolean> {
  try {
    await pgRun('pg_ctl', ['-D', dataDir(dir), 'status']);
    return true;
  } catch {
    return false;
  }
}

/** The cluster kept in `dir`, or null when there is none. */
export function readClusterInfo(dir: string): ClusterInfo | null {
  return existsSync(infoFile(dir)) ? (JSON.parse(readFileSync(infoFile(dir), 'utf8')) as ClusterInfo) : null;
}

/**
 * Starts the cluster kept in `dir` (nothing when it runs already).
 * @throws Error with the end of the server's log when it does not start.
 */
export async function startCluster(dir: string): Promise<ClusterInfo> {
  const info = readClusterInfo(dir);
  if (info === null)
    throw new Error(`${dir} holds no cluster (make one with: npm run department -- start --dir ${dir})`);
  if (await isRunning(dir)) return info;
  try {
    await pgRun('pg_ctl', ['-D', dataDir(dir), '-l', join(dir, 'log'), '-w', '-t', '60', 'start']);
  } catch (e) {
    throw new Error(`the cluster in ${dir} did not start: ${logTail(dir) || (e as Error).message}`, { cause: e });
  }
  return info;
}

/**
 * Stops the cluster kept in `dir` (nothing when it is not running). `fast` ends sessions and shuts down
 * cleanly; `immediate` is a crash as far as the server knows (it recovers at the next start).
 */
export async function stopCluster(dir: string, mode: 'fast' | 'immediate' = 'fast'): Promise<void> {
  if (!(await isRunning(dir))) return;
  await pgRun('pg_ctl', ['-D', dataDir(dir), '-m', mode, '-w', '-t', '60', 'stop']);
}

/**
 * Makes a new cluster in `dir` (created, or empty) and starts it: the superuser `admin` with
 * `adminPassword`, the database `rinkside`, a free port unless `port` is given, and TLS with the given
 * certificate when `tls` is.
 * @throws Error when `dir` already holds a cluster, when the `postgres` user cannot reach it (as root), or
 *   when initdb or the start fails (with the end of the server's log).
 */
export async function createCluster(opts: {
  dir: string;
  adminPassword: string;
  port?: number;
  tls?: ServerTls;
}): Promise<ClusterInfo> {
  const { dir } = opts;
  if (existsSync(dataDir(dir))) throw new Error(`${dir} already holds a cluster`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (isRoot()) {
    const { uid, gid } = await postgresIds();
    chownSync(dir, uid, gid);
    await run('runuser', ['-u', 'postgres', '--', 'test', '-w', dir]).catch(() => {
      throw new Error(
        `the postgres user cannot reach ${dir} (a folder above it is closed to it): choose another --dir`,
      );
    });
  }
  const pwfile = join(dir, 'admin-password');
  await writeServerFile(pwfile, `${opts.adminPassword}\n`);
  try {
    await pgRun(
      'initdb',
      ['-D', dataDir(dir), '-A', 'scram-sha-256', `--pwfile=${pwfile}`, '-U', ADMIN].concat([
        '-E',
        'UTF8',
        '--no-locale',
        '--no-sync',
        '--no-instructions',
      ]),
    );
  } finally {
    rmSync(pwfile, { force: true });
  }
  if (opts.tls) await installTls(dir, opts.tls);
  const conf = join(dataDir(dir), 'postgresql.conf');
  writeFileSync(conf, `${readFileSync(conf, 'utf8')}\ninclude 'rinkside.conf'\n`);
  const info: ClusterInfo = {
    dir,
    host: '127.0.0.1',
    port: 0,
    socketDir: dir,
    admin: ADMIN,
    database: DATABASE,
    tls: !!opts.tls,
  };
  // Another process may take the free port before the server binds it: then another port, twice more.
  for (let attempt = 1; ; attempt++) {
    info.port = opts.port ?? (await freePort());
    await writeSettings(info);
    writeFileSync(infoFile(dir), `${JSON.stringify(info, null, 2)}\n`);
    try {
      await startCluster(dir);
      break;
    } catch (e) {
      if (opts.port !== undefined || attempt === 3 || !/could not bind|in use/i.test(logTail(dir))) throw e;
    }
  }
  const admin = new pg.Client({
    host: info.host,
    port: info.port,
    user: ADMIN,
    password: opts.adminPassword,
    database: 'postgres',
  });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
  return info;
}
