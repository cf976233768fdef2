import type { ClientBase } from 'pg';
import { SCHEMA_VERSION, schemaProblem } from '../../shared/department/schema.ts';

/**
 * Who a connection is on the department's server and whether the app may sync through it: a scout's login
 * role (a member of `rinkside_scout`), never a superuser or a role that bypasses row-level security (the
 * server's policies would not bind it), on a server whose schema this Rinkside knows.
 */

/** The connected role and the server's schema, as the server reports them. */
export interface ServerIdentity {
  user: string;
  superuser: boolean;
  bypassRls: boolean;
  scout: boolean;
  director: boolean;
  /** `rinkside.schema_version()`; 0 when the database has no Rinkside schema (or the role is no scout). */
  schemaVersion: number;
}

/** Reads the connected role's attributes and memberships and the server's schema version (two round trips). */
export async function serverIdentity(client: ClientBase): Promise<ServerIdentity> {
  const { rows } = await client.query<Omit<ServerIdentity, 'schemaVersion'> & { hasSchema: boolean }>(`
    SELECT current_user AS "user", r.rolsuper AS superuser, r.rolbypassrls AS "bypassRls",
      CASE WHEN to_regrole('rinkside_scout') IS NULL THEN false
        ELSE pg_has_role(current_user, 'rinkside_scout', 'MEMBER') END AS scout,
      CASE WHEN to_regrole('rinkside_director') IS NULL THEN false
        ELSE pg_has_role(current_user, 'rinkside_director', 'MEMBER') END AS director,
      EXISTS (SELECT FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'rinkside' AND p.proname = 'schema_version') AS "hasSchema"
    FROM pg_catalog.pg_roles r WHERE r.rolname = current_user`);
  const row = rows[0];
  if (!row) throw new Error('the server did not report the connected role');
  const { hasSchema, ...identity } = row;
  let schemaVersion = 0;
  // Only a scout (or a superuser) may use the schema; anyone else is refused before its version matters.
  if (hasSchema && (identity.scout || identity.superuser)) {
    const v = await client.query<{ version: number }>('SELECT rinkside.schema_version() AS version');
    schemaVersion = v.rows[0]?.version ?? 0;
  }
  return { ...identity, schemaVersion };
}

/**
 * Why the app will not sync as this identity, in one plain sentence (no secret in it); null when it may.
 * @param known the schema version this Rinkside knows (shared/department/schema.ts).
 */
export function syncProblem(id: ServerIdentity, known: number = SCHEMA_VERSION): string | null {
  if (id.superuser || id.bypassRls) {
    const what = id.superuser ? 'a superuser' : 'a role that bypasses row-level security';
    return `Rinkside does not sync as ${id.user}: it is ${what}, so the server's rules would not bind it. Ask the department's admin for a scout login (npm run department -- add-scout).`;
  }
  if (!id.scout) {
    return `${id.user} is not a scout of this department (not a member of rinkside_scout). Ask the department's admin to add it (npm run department -- add-scout).`;
  }
  return schemaProblem(id.schemaVersion, known);
}
