import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/**
 * Where PostgreSQL's server programs (initdb, pg_ctl, postgres) are: `RINKSIDE_PG_BIN` when set; else the
 * newest of Debian's /usr/lib/postgresql/<major>/bin; else a folder of PATH that has `initdb` (Homebrew,
 * Postgres.app, other distributions).
 * @throws Error saying how to install them when none is found.
 */
export function pgBinDir(env: NodeJS.ProcessEnv = process.env, debianRoot = '/usr/lib/postgresql'): string {
  if (env.RINKSIDE_PG_BIN) {
    if (!existsSync(join(env.RINKSIDE_PG_BIN, 'initdb'))) {
      throw new Error(`RINKSIDE_PG_BIN=${env.RINKSIDE_PG_BIN} has no initdb`);
    }
    return env.RINKSIDE_PG_BIN;
  }
  const majors = existsSync(debianRoot)
    ? readdirSync(debianRoot)
        .filter((d) => /^\d+$/.test(d) && existsSync(join(debianRoot, d, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (majors[0] !== undefined) return join(debianRoot, majors[0], 'bin');
  const onPath = (env.PATH ?? '').split(delimiter).find((d) => d !== '' && existsSync(join(d, 'initdb')));
  if (onPath !== undefined) return onPath;
  throw new Error(
    "PostgreSQL's server programs (initdb, pg_ctl) were not found: install PostgreSQL 15 or newer (on Debian, bash scripts/setup-system.sh does), or set RINKSIDE_PG_BIN to their folder",
  );
}
