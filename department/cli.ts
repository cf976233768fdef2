/**
 * `npm run department -- COMMAND`: set up and run a scouting department's PostgreSQL server.
 *
 *   init                              create the roles and the schema, apply the migrations
 *   add-scout NAME [--director] [--password-stdin]
 *                                     a scout's login (password generated and printed once, or read from stdin)
 *   remove-scout NAME                 end a scout's login (his records stay)
 *   start [--dir DIR] [--port N]      make (first time) and start a throwaway local cluster
 *   stop [--dir DIR]                  stop it
 *
 * init, add-scout and remove-scout connect as an admin: --host, --port, --user, --database, --ca FILE, else
 * PGHOST, PGPORT, PGUSER, PGDATABASE, PGSSLROOTCERT; the password from PGPASSWORD or asked for, never
 * printed. Exit codes: 0 done, 1 failed, 2 usage error.
 */
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type pg from 'pg';
import { connectAdmin } from './admin/connect.ts';
import { askSecret, readStdinLine } from './admin/prompt.ts';
import { addScout, generatePassword, removeScout } from './admin/scouts.ts';
import { createCluster, readClusterInfo, startCluster, stopCluster } from './cluster/local-cluster.ts';
import { migrate } from './migrate.ts';

const USAGE = `usage: npm run department -- init | add-scout NAME [--director] [--password-stdin] | remove-scout NAME | start [--dir DIR] [--port N] | stop [--dir DIR]
  admin connection: [--host H] [--port N] [--user U] [--database D] [--ca FILE] (else PGHOST PGPORT PGUSER PGDATABASE PGSSLROOTCERT; password: PGPASSWORD or asked)`;

class UsageError extends Error {}

/** The throwaway cluster's default folder: the user's data folder; as root, the temp folder (the postgres
 * user, who runs the server, cannot reach root's home). */
function defaultClusterDir(env: NodeJS.ProcessEnv = process.env): string {
  if (process.getuid?.() === 0) return join(tmpdir(), 'rinkside-department');
  const base = env.XDG_DATA_HOME?.startsWith('/') ? env.XDG_DATA_HOME : join(homedir(), '.local', 'share');
  return join(base, 'rinkside', 'department-cluster');
}

type Flags = Record<string, string | boolean | undefined>;

/** Runs `work` on an admin connection, closing it after. */
async function asAdmin<T>(flags: Flags, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const str = (k: string) => (typeof flags[k] === 'string' ? (flags[k] as string) : undefined);
  const client = await connectAdmin(
    { host: str('host'), port: str('port'), user: str('user'), database: str('database'), ca: str('ca') },
    () => {
      if (flags['password-stdin']) throw new Error('set PGPASSWORD: standard input carries the scout password');
      return askSecret('admin password: ');
    },
  );
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function start(flags: Flags): Promise<void> {
  const dir = typeof flags.dir === 'string' ? flags.dir : defaultClusterDir();
  let password: string | undefined;
  let info = readClusterInfo(dir);
  if (info === null) {
    password = generatePassword();
    const port = typeof flags.port === 'string' ? Number(flags.port) : undefined;
    if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536))
      throw new UsageError('--port N: a port');
    info = await createCluster({ dir, adminPassword: password, port });
  } else {
    info = await startCluster(dir);
  }
  const env = `PGHOST=${info.host} PGPORT=${info.port} PGUSER=${info.admin} PGDATABASE=${info.database}`;
  console.log(`PostgreSQL runs in ${dir}, on ${info.host}:${info.port} (database ${info.database}).`);
  if (password !== undefined) {
    console.log(`Its admin is ${info.admin}, password ${password} (shown this once, kept nowhere).`);
  }
  console.log(`Set up the department:  ${env} npm run department -- init`);
  console.log(`Add a scout:            ${env} npm run department -- add-scout NAME [--director]`);
  console.log(
    `In Rinkside (Settings → Department): server ${info.host}, port ${info.port}, database ${info.database}.`,
  );
  console.log(`Stop it:                npm run department -- stop${flags.dir ? ` --dir ${dir}` : ''}`);
}

async function main(argv: string[]): Promise<void> {
  const { values: flags, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      director: { type: 'boolean' },
      'password-stdin': { type: 'boolean' },
      dir: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      user: { type: 'string' },
      database: { type: 'string' },
      ca: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, name, ...extra] = positionals;
  if (flags.help) return void console.log(USAGE);
  const named = command === 'add-scout' || command === 'remove-scout';
  if (extra.length > 0 || (named ? name === undefined : name !== undefined)) throw new UsageError('wrong arguments');
  switch (command) {
    case 'init': {
      const { applied, version } = await asAdmin(flags, (c) => migrate(c));
      console.log(
        applied.length
          ? `applied migrations ${applied.join(', ')}; schema version ${version}`
          : `schema version ${version}: nothing to do`,
      );
      return;
    }
    case 'add-scout': {
      const password = flags['password-stdin'] ? await readStdinLine() : generatePassword();
      await asAdmin(flags, (c) => addScout(c, name as string, password, flags.director === true));
      console.log(`added ${flags.director ? 'director' : 'scout'} ${name}`);
      if (!flags['password-stdin']) console.log(`password: ${password}  (shown this once: give it to ${name})`);
      return;
    }
    case 'remove-scout':
      await asAdmin(flags, (c) => removeScout(c, name as string));
      return void console.log(`removed ${name}; the records stay under that name`);
    case 'start':
      return start(flags);
    case 'stop': {
      const dir = typeof flags.dir === 'string' ? flags.dir : defaultClusterDir();
      if (readClusterInfo(dir) === null) throw new Error(`${dir} holds no cluster`);
      await stopCluster(dir);
      return void console.log(`stopped the cluster in ${dir} (its files stay; delete the folder to throw it away)`);
    }
    default:
      throw new UsageError(command === undefined ? 'a command is needed' : `no command "${command}"`);
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  const usage = e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS');
  console.error(`department: ${e instanceof Error ? e.message : String(e)}${usage ? `\n${USAGE}` : ''}`);
  process.exit(usage ? 2 : 1);
});
