import pg from 'pg';
import { type ServerIdentity, serverIdentity, syncProblem } from '../../../department/sync/server-check.ts';
import { SyncRefusal } from './problems.ts';
import { connectionConfig, type DepartmentTarget, type DepartmentTimeouts } from './transport.ts';

/**
 * Who the connection is on the server, refused with a {@link SyncRefusal} when the app will not sync as it
 * (server-check.ts `syncProblem`: a superuser, a role that bypasses row-level security, no scout, or a schema
 * this Rinkside does not know).
 */
export async function checkedIdentity(client: pg.ClientBase): Promise<ServerIdentity> {
  const identity = await serverIdentity(client);
  const problem = syncProblem(identity);
  if (problem !== null) {
    const role = identity.superuser || identity.bypassRls || !identity.scout;
    throw new SyncRefusal(role ? 'role' : 'schema', problem);
  }
  return identity;
}

/**
 * Tries a set-up before it is kept: connects as `target.user` with `password` (over the transport of
 * transport.ts) and checks the login with {@link checkedIdentity}; the one connection is closed again.
 * @throws the `pg` or Node error of a failed connection, CaFileError, or SyncRefusal (problems.ts words them).
 */
export async function tryLogin(
  target: DepartmentTarget,
  password: string,
  timeouts?: DepartmentTimeouts,
): Promise<ServerIdentity> {
  const client = new pg.Client(connectionConfig(target, password, timeouts));
  // A connection that breaks after the check fails nothing: the error is observed and dropped.
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await checkedIdentity(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}
