import { createHash, createHmac, pbkdf2Sync, randomBytes } from 'node:crypto';
import type { ClientBase } from 'pg';

/**
 * Scouts are PostgreSQL login roles: members of `rinkside_scout` (and of `rinkside_director` for a
 * director), with a SCRAM-SHA-256 password and no power over the server (NOSUPERUSER NOBYPASSRLS
 * NOCREATEROLE NOCREATEDB NOREPLICATION), so the server's row-level security binds them. Their records keep
 * their role's name as `owner`: a removed name added again is that scout again.
 */

/** A scout's role name: lower-case letters, digits and `_`, starting with a letter, 2-63 characters, and
 * not one of PostgreSQL's (`pg_…`) or Rinkside's (`rinkside_…`) own. */
export function checkScoutName(name: string): string {
  if (!/^[a-z][a-z0-9_]{1,62}$/.test(name)) {
    throw new Error(`"${name}" is not a scout name: 2-63 lower-case letters, digits or _, starting with a letter`);
  }
  if (name.startsWith('pg_') || name.startsWith('rinkside_')) throw new Error(`"${name}" is a name the server keeps`);
  return name;
}

/** A password a scout can type: printable ASCII (so every client hashes it alike), 12-100 characters. */
export function checkPassword(password: string): string {
  if (!/^[\x20-\x7e]{12,100}$/.test(password)) {
    throw new Error('a scout password is 12 to 100 printable ASCII characters');
  }
  return password;
}

/** A new random password: 24 characters of base64url (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for `password` (RFC 5802, RFC 7677; the format of
 * PostgreSQL's `pg_authid.rolpassword`). Made here, as psql's `\password` does, so the password itself never
 * reaches the server, its logs or its statistics, whatever `password_encryption` says.
 */
export function scramVerifier(password: string, salt: Buffer = randomBytes(16), iterations = 4096): string {
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest('base64');
  const serverKey = createHmac('sha256', salted).update('Server Key').digest('base64');
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey}:${serverKey}`;
}

/** The server's error as a sentence for the admin; `what` names the scout. */
function adminError(e: unknown, what: string): Error {
  const code = (e as { code?: string }).code;
  if (code === '42710') return new Error(`a role named ${what} exists already`, { cause: e });
  if (code === '42704') return new Error(`${(e as Error).message}: run init first`, { cause: e });
  return e instanceof Error ? e : new Error(String(e));
}

/**
 * Creates the scout `name` with `password`, a director too when `director`.
 * @throws Error when the name or password breaks the rules above, the role exists, or the department is
 *   not set up (init); the server's own error otherwise.
 */
export async function addScout(client: ClientBase, name: string, password: string, director = false): Promise<void> {
  checkScoutName(name);
  checkPassword(password);
  const groups = director ? 'rinkside_scout, rinkside_director' : 'rinkside_scout';
  await client
    .query(
      `CREATE ROLE ${client.escapeIdentifier(name)} LOGIN PASSWORD ${client.escapeLiteral(scramVerifier(password))}
        NOSUPERUSER NOBYPASSRLS NOCREATEROLE NOCREATEDB NOREPLICATION INHERIT IN ROLE ${groups}`,
    )
    .catch((e: unknown) => {
      throw adminError(e, name);
    });
}

/**
 * Removes the scout `name`: no more logins, his sessions ended (when the admin may), his role dropped. His
 * records stay, under his name.
 * @throws Error when `name` is no scout of this department (a guard against dropping any other role).
 */
export async function removeScout(client: ClientBase, name: string): Promise<void> {
  checkScoutName(name);
  const { rows } = await client.query<{ scout: boolean }>(
    `SELECT pg_has_role(r.rolname, 'rinkside_scout', 'MEMBER') AND NOT r.rolsuper AS scout
       FROM pg_catalog.pg_roles r WHERE r.rolname = $1 AND to_regrole('rinkside_scout') IS NOT NULL`,
    [name],
  );
  if (!rows[0]?.scout) throw new Error(`${name} is not a scout of this department`);
  const role = client.escapeIdentifier(name);
  await client.query(`ALTER ROLE ${role} NOLOGIN`);
  await client
    .query('SELECT pg_terminate_backend(pid) FROM pg_catalog.pg_stat_activity WHERE usename = $1', [name])
    .catch(() => undefined); // an admin without pg_signal_backend: his sessions end at their next reconnect
  await client.query(`DROP ROLE ${role}`);
}
