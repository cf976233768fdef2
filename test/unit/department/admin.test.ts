import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { isRunning } from '../../../department/cluster/local-cluster.ts';
import { migrate, migrationFiles } from '../../../department/migrate.ts';
import { serverIdentity, syncProblem } from '../../../department/sync/server-check.ts';
import { SCHEMA_VERSION } from '../../../shared/department/schema.ts';
import { REPO_ROOT } from '../structure/import-graph.ts';
import { start, type TestCluster } from './cluster.ts';
import { refusal } from './department.ts';

/**
 * `npm run department -- …` as its admin runs it (a real process on a real server): init, add-scout,
 * remove-scout, and the schema version a newer Rinkside would leave behind; start and stop of the
 * throwaway cluster last.
 */

let cluster: TestCluster;
let admin: pg.Client;
beforeAll(async () => {
  cluster = await start();
  admin = await cluster.adminClient();
});
afterAll(async () => {
  await cluster?.stop();
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the admin command with `args`, the cluster's admin in the environment (PGPASSWORD unless `password`
 * is false) and `stdin` piped in. */
function department(args: string[], opts: { stdin?: string; password?: boolean } = {}): Promise<Run> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PGHOST: cluster.info.host,
    PGPORT: String(cluster.info.port),
    PGUSER: cluster.info.admin,
    PGDATABASE: cluster.info.database,
  };
  delete env.PGPASSWORD;
  if (opts.password !== false) env.PGPASSWORD = cluster.adminPassword;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['department/cli.ts', ...args], { cwd: REPO_ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(opts.stdin ?? '');
  });
}

const roleOf = async (name: string) =>
  (
    await admin.query(
      `SELECT r.rolcanlogin, r.rolsuper, r.rolbypassrls, r.rolcreaterole, r.rolcreatedb, r.rolreplication,
         a.rolpassword LIKE 'SCRAM-SHA-256$4096:%' AS scram,
         pg_has_role(r.rolname, 'rinkside_scout', 'MEMBER') AS scout,
         pg_has_role(r.rolname, 'rinkside_director', 'MEMBER') AS director
       FROM pg_roles r JOIN pg_authid a ON a.oid = r.oid WHERE r.rolname = $1`,
      [name],
    )
  ).rows[0];

describe('the migrations', () => {
  it('are numbered 001… without gaps, and the newest is the version this Rinkside knows', () => {
    const files = migrationFiles();
    expect(files.map((m) => m.version)).toEqual(files.map((_, i) => i + 1));
    expect(files.at(-1)?.version).toBe(SCHEMA_VERSION);
  });
});

describe('npm run department', () => {
  it('init creates roles and schema once; a second init does nothing', async () => {
    expect((await serverIdentity(admin)).schemaVersion).toBe(0);
    const first = await department(['init']);
    expect(first).toMatchObject({
      code: 0,
      stdout: `applied migrations 1, 2, 3, 4, 5, 6, 7, 8; schema version ${SCHEMA_VERSION}\n`,
    });
    const again = await department(['init']);
    expect(again).toMatchObject({ code: 0, stdout: `schema version ${SCHEMA_VERSION}: nothing to do\n` });
    const { rows } = await admin.query('SELECT version, name FROM rinkside.schema_migrations ORDER BY version');
    expect(rows.map((r) => `${r.version}-${r.name}`)).toEqual(migrationFiles().map((m) => `${m.version}-${m.name}`));
    const owners = await admin.query(
      "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'rinkside' UNION SELECT nspowner::regrole::text FROM pg_namespace WHERE nspname = 'rinkside'",
    );
    expect(owners.rows).toEqual([{ tableowner: 'rinkside_owner' }]);
    const forced = await admin.query(
      "SELECT relname FROM pg_class WHERE relnamespace = 'rinkside'::regnamespace AND relkind = 'r' AND NOT (relrowsecurity AND relforcerowsecurity)",
    );
    expect(forced.rows).toEqual([]);
  });

  it('add-scout prints a generated password once; the role logs in with SCRAM and no power over the server', async () => {
    const run = await department(['add-scout', 'alice']);
    expect(run.code).toBe(0);
    const password = /^password: (\S+) {2}\(shown this once: give it to alice\)$/m.exec(run.stdout)?.[1] as string;
    expect(password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(run.stdout.split(password)).toHaveLength(2);
    expect(await roleOf('alice')).toEqual({
      rolcanlogin: true,
      rolsuper: false,
      rolbypassrls: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolreplication: false,
      scram: true,
      scout: true,
      director: false,
    });
    const alice = await cluster.clientAs('alice', password);
    expect(syncProblem(await serverIdentity(alice))).toBeNull();
  });

  it('add-scout --director --password-stdin takes the password from stdin and never prints it', async () => {
    const password = 'rink side director 2025';
    const run = await department(['add-scout', 'bob', '--director', '--password-stdin'], { stdin: `${password}\n` });
    expect(run).toMatchObject({ code: 0, stdout: 'added director bob\n' });
    expect(await roleOf('bob')).toMatchObject({ scout: true, director: true, scram: true, rolsuper: false });
    const bob = await cluster.clientAs('bob', password);
    expect(await serverIdentity(bob)).toMatchObject({ user: 'bob', scout: true, director: true });
  });

  it('refuses a taken name, a bad name and a short password, with a plain sentence', async () => {
    expect(await department(['add-scout', 'alice'])).toMatchObject({
      code: 1,
      stderr: 'department: a role named alice exists already\n',
    });
    const bad = await department(['add-scout', 'Alice; DROP ROLE admin']);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('is not a scout name');
    const short = await department(['add-scout', 'carol', '--password-stdin'], { stdin: 'short\n' });
    expect(short).toMatchObject({
      code: 1,
      stderr: 'department: a scout password is 12 to 100 printable ASCII characters\n',
    });
    expect(await department([])).toMatchObject({ code: 2 });
    expect(await department(['init', 'extra'])).toMatchObject({ code: 2 });
  });

  it('remove-scout ends the login (the admin password read from stdin, not printed); it refuses non-scouts', async () => {
    const run = await department(['remove-scout', 'alice'], { stdin: `${cluster.adminPassword}\n`, password: false });
    expect(run).toMatchObject({ code: 0, stdout: 'removed alice; the records stay under that name\n' });
    expect(run.stdout + run.stderr).not.toContain(cluster.adminPassword);
    const err = await refusal(cluster.clientAs('alice', 'whatever-it-was'));
    expect(err).toEqual({ code: '28P01', message: 'password authentication failed for user "alice"' });
    expect(await department(['remove-scout', 'admin'])).toMatchObject({
      code: 1,
      stderr: 'department: admin is not a scout of this department\n',
    });
  });
});

describe('a server set up by a newer Rinkside', () => {
  it('is detected from its schema version: sync pauses with a plain sentence, init refuses to touch it', async () => {
    await admin.query("INSERT INTO rinkside.schema_migrations (version, name) VALUES ($1, 'from-the-future')", [
      SCHEMA_VERSION + 1,
    ]);
    try {
      const bob = await cluster.clientAs('bob', 'rink side director 2025');
      const id = await serverIdentity(bob);
      expect(id.schemaVersion).toBe(SCHEMA_VERSION + 1);
      expect(syncProblem(id)).toBe(
        `The department's server was set up by a newer Rinkside (schema ${SCHEMA_VERSION + 1}; this one knows up to ${SCHEMA_VERSION}). Sync is paused; everything works on this computer.`,
      );
      expect(await department(['init'])).toMatchObject({
        code: 1,
        stderr: `department: the server's schema is newer (version ${SCHEMA_VERSION + 1}) than this Rinkside knows (${SCHEMA_VERSION}): update Rinkside before running init\n`,
      });
    } finally {
      await admin.query('DELETE FROM rinkside.schema_migrations WHERE version = $1', [SCHEMA_VERSION + 1]);
    }
  });

  it('a failed migration leaves nothing half-applied (a second department database on the same server)', async () => {
    await admin.query('CREATE DATABASE second_department');
    const other = await cluster.adminClient('second_department');
    const broken = [
      ...migrationFiles(),
      { version: SCHEMA_VERSION + 1, name: 'broken', sql: 'CREATE TABLE rinkside.x (); SELECT * FROM nowhere' },
    ];
    await expect(migrate(other, broken)).rejects.toThrow(
      `migration 00${SCHEMA_VERSION + 1}-broken.sql failed: relation "nowhere" does not exist`,
    );
    expect((await serverIdentity(other)).schemaVersion).toBe(SCHEMA_VERSION);
    expect((await other.query("SELECT to_regclass('rinkside.x') AS x")).rows).toEqual([{ x: null }]);
  });
});

describe('start and stop', () => {
  it('start makes a throwaway cluster and prints how to connect; stop stops it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rinkside-pg-cli-'));
    try {
      const run = await department(['start', '--dir', dir]);
      expect(run.code).toBe(0);
      const port = Number(/on 127\.0\.0\.1:(\d+) \(database rinkside\)/.exec(run.stdout)?.[1]);
      const password = /Its admin is admin, password (\S+) /.exec(run.stdout)?.[1];
      expect(run.stdout).toContain(
        `PGHOST=127.0.0.1 PGPORT=${port} PGUSER=admin PGDATABASE=rinkside npm run department -- init`,
      );
      const client = new pg.Client({ host: '127.0.0.1', port, user: 'admin', password, database: 'rinkside' });
      await client.connect();
      expect((await client.query('SELECT current_database() AS db')).rows).toEqual([{ db: 'rinkside' }]);
      await client.end();
      const again = await department(['start', '--dir', dir]);
      expect(again.code).toBe(0);
      expect(again.stdout).not.toContain('password');
      const stop = await department(['stop', '--dir', dir]);
      expect(stop.code).toBe(0);
      expect(await isRunning(dir)).toBe(false);
    } finally {
      await department(['stop', '--dir', dir]);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
