import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClientBase } from 'pg';

/**
 * The department server's migrations: department/migrations/NNN-name.sql, numbered from 001 without gaps,
 * applied in order, each in one transaction with its record in `rinkside.schema_migrations` (written as
 * `rinkside_owner`, who owns the schema). Run by the admin (`npm run department -- init`), never by the app.
 */

/** One migration file. */
export interface Migration {
  version: number;
  /** The file name's words: `roles-and-schema` for 001-roles-and-schema.sql. */
  name: string;
  sql: string;
}

/** The migrations shipped with this Rinkside. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE = /^(\d{3})-([a-z0-9-]+)\.sql$/;
/** The advisory lock that lets one runner at a time migrate a database (a second waits, then finds them applied). */
const LOCK_KEY = 0x72696e6b;

/**
 * The migrations in `dir`, in order.
 * @throws Error naming the file when one is misnamed or the numbers have a gap.
 */
export function migrationFiles(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return files.map((file, i) => {
    const m = FILE.exec(file);
    if (!m?.[1] || !m[2]) throw new Error(`${file}: a migration is named NNN-words.sql`);
    const version = Number(m[1]);
    if (version !== i + 1) throw new Error(`${file}: migrations are numbered from 001 without gaps`);
    return { version, name: m[2], sql: readFileSync(join(dir, file), 'utf8') };
  });
}

/** What the server has applied: version → name (empty before the first migration). */
async function appliedMigrations(client: ClientBase): Promise<Map<number, string>> {
  const { rows } = await client.query<{ present: boolean }>(
    "SELECT to_regclass('rinkside.schema_migrations') IS NOT NULL AS present",
  );
  if (!rows[0]?.present) return new Map();
  const applied = await client.query<{ version: number; name: string }>(
    'SELECT version, name FROM rinkside.schema_migrations',
  );
  return new Map(applied.rows.map((r) => [r.version, r.name]));
}

/** Refuses a server whose schema this Rinkside does not know: newer, or a version under another name. */
function checkKnown(applied: Map<number, string>, migrations: readonly Migration[]): void {
  const newest = Math.max(0, ...applied.keys());
  if (newest > migrations.length) {
    throw new Error(
      `the server's schema is newer (version ${newest}) than this Rinkside knows (${migrations.length}): update Rinkside before running init`,
    );
  }
  for (const [version, name] of applied) {
    const known = migrations[version - 1];
    if (known && known.name !== name) {
      throw new Error(`the server's migration ${version} is "${name}", this Rinkside's is "${known.name}"`);
    }
  }
}

/**
 * Applies every migration the server lacks, as the connected admin (a superuser, or a role that may create
 * roles). Running it again applies nothing.
 * @returns the versions applied now, and the server's version after.
 * @throws Error "migration NNN-name.sql failed: …" (the server's error as `cause`; that migration and any
 *   after it are not applied), or when the server's schema is one this Rinkside does not know.
 */
export async function migrate(
  client: ClientBase,
  migrations: readonly Migration[] = migrationFiles(),
): Promise<{ applied: number[]; version: number }> {
  const done: number[] = [];
  for (const m of migrations) {
    const file = `${String(m.version).padStart(3, '0')}-${m.name}.sql`;
    await client.query('BEGIN');
    try {
      await client.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const applied = await appliedMigrations(client);
      checkKnown(applied, migrations);
      if (!applied.has(m.version)) {
        await client.query(m.sql).catch((e: unknown) => {
          throw new Error(`migration ${file} failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
        });
        await client.query('SET LOCAL ROLE rinkside_owner');
        await client.query('INSERT INTO rinkside.schema_migrations (version, name) VALUES ($1, $2)', [
          m.version,
          m.name,
        ]);
        done.push(m.version);
      }
      await client.query('COMMIT');
    } catch (e) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw e;
    }
  }
  const version = Math.max(0, ...(await appliedMigrations(client)).keys());
  return { applied: done, version };
}
