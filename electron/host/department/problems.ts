import type { DepartmentSyncState } from '../../../shared/department/bridge.ts';
import { CaFileError, type DepartmentTarget } from './transport.ts';

/**
 * What went wrong with the department's server, in one plain sentence the scout can act on, and what the
 * sync does about it. Every sentence is built here from the set-up (server, port, database, login: never
 * the password) and known words; a message of the server or of Node is only ever quoted after the password
 * is scrubbed from it.
 */

/** A problem the scout sees, and which field of Settings → Department fixes it. */
export interface Problem {
  /** `offline`: tried again by itself soon; `password`, `tls`: waits for Settings; `paused`, `error`: tried at the next regular sync. */
  state: Exclude<DepartmentSyncState, 'off' | 'syncing' | 'synced'>;
  message: string;
  /** The field of the set-up to fix, for `departmentSave`'s error. */
  field: 'server' | 'database' | 'user' | 'password' | 'caFile';
}

/** The server is reached but the app will not sync through this login (server-check.ts `syncProblem`). */
export class SyncRefusal extends Error {
  override name = 'SyncRefusal';
  /** `role`: not a scout, or a superuser / a role that bypasses RLS; `schema`: a schema this app does not know. */
  readonly why: 'role' | 'schema';
  constructor(why: 'role' | 'schema', message: string) {
    super(message);
    this.why = why;
  }
}

/** Node's codes of a server that cannot be reached. */
const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'EPIPE',
  'ECONNABORTED',
]);
/** `pg`'s own messages when a connection is lost or a server stays silent (it gives them no code). */
const LOST =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection ended/i;
/** What Node's TLS says of a certificate it does not trust, by code (`signer`: not signed by a CA it was given). */
const CERTIFICATE: Readonly<Record<string, string>> = {
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'signer',
  UNABLE_TO_GET_ISSUER_CERT: 'signer',
  UNABLE_TO_GET_ISSUER_CERT_LOCALLY: 'signer',
  SELF_SIGNED_CERT_IN_CHAIN: 'signer',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'signer',
  CERT_SIGNATURE_FAILURE: 'its signature is wrong',
  CERT_HAS_EXPIRED: 'it has expired',
  CERT_NOT_YET_VALID: 'it is not valid yet',
  ERR_TLS_CERT_ALTNAME_INVALID: 'it is made out for another name',
};
/** SQLSTATE classes and codes of a server going away or not taking connections (08: connection exception). */
const SERVER_AWAY = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08004', '08006']);

/** `text` without the password, in any form it could be quoted in. */
export function scrub(text: string, password: string | null): string {
  if (!password) return text;
  let out = text;
  for (const form of new Set([password, encodeURIComponent(password), JSON.stringify(password).slice(1, -1)]))
    out = out.split(form).join('•••');
  return out;
}

/** A quoted message, shortened and scrubbed. */
const quote = (raw: string, password: string | null) => {
  const one = scrub(raw, password).replace(/\s+/g, ' ').trim();
  return one.length > 160 ? `${one.slice(0, 157)}…` : one;
};

/** Where a problem is shown: the sync's status (what happens next), or the answer to saving a set-up. */
export type ProblemContext = 'status' | 'save';

/**
 * The problem `err` (thrown while connecting or syncing with `target`) is for the scout, worded for
 * `context`: the status says what happens next; a save says that nothing was kept.
 * @param password the password in use, scrubbed from anything quoted.
 */
export function problemOf(
  err: unknown,
  target: DepartmentTarget,
  password: string | null,
  context: ProblemContext = 'status',
): Problem {
  const p = rawProblem(err, target, password);
  // A refusal of the server's is whole sentences already.
  if (context === 'save')
    return { ...p, message: p.core.endsWith('.') ? `${p.core} Nothing was saved.` : `${p.core}; nothing was saved.` };
  const next =
    p.state === 'offline'
      ? '; changes wait on this computer.'
      : p.state === 'password'
        ? ' (changed on the server?): enter the current one in Settings → Department.'
        : p.state === 'tls'
          ? ': check the CA file in Settings → Department.'
          : '.';
  return { ...p, message: p.state === 'paused' ? p.core : `${p.core}${next}` };
}

/** A problem's words without their end (a refusal's sentence whole). */
function rawProblem(
  err: unknown,
  target: DepartmentTarget,
  password: string | null,
): Omit<Problem, 'message'> & { core: string } {
  const where = `${target.server}:${target.port}`;
  const e = err as { code?: unknown; message?: unknown; name?: unknown };
  const code = typeof e?.code === 'string' ? e.code : '';
  const message = typeof e?.message === 'string' ? e.message : String(err);

  if (err instanceof SyncRefusal)
    return { state: 'paused', core: err.message, field: err.why === 'role' ? 'user' : 'server' };
  if (err instanceof CaFileError) return { state: 'tls', core: err.message.replace(/\.$/, ''), field: 'caFile' };
  if (code === '28P01')
    return {
      state: 'password',
      core: `The department's server at ${where} refused the password of ${target.user}`,
      field: 'password',
    };
  if (code in CERTIFICATE)
    return {
      state: 'tls',
      core: `Rinkside refused the certificate of the department's server at ${where}: ${
        CERTIFICATE[code] !== 'signer'
          ? CERTIFICATE[code]
          : `it is not signed by ${target.caFile ? `the CA of ${target.caFile}` : 'a CA this computer trusts (no CA file is named)'}`
      }`,
      field: 'caFile',
    };
  if (/does not support SSL/i.test(message) || code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS'))
    return {
      state: 'tls',
      core: `The department's server at ${where} does not offer the TLS Rinkside requires off this computer (${quote(message, password)})`,
      field: 'caFile',
    };
  if (code === '3D000')
    return {
      state: 'error',
      core: `The department's server at ${where} has no database "${target.database}"`,
      field: 'database',
    };
  if (code === '28000')
    return {
      state: 'error',
      core: `The department's server at ${where} does not let ${target.user} in from this computer (its access rules: ask its admin)`,
      field: 'user',
    };
  if (UNREACHABLE.has(code) || SERVER_AWAY.has(code) || LOST.test(message)) {
    const why = SERVER_AWAY.has(code) ? 'it is shutting down or starting' : quote(code || message, password);
    return {
      state: 'offline',
      core: `The department's server at ${where} cannot be reached (${why})`,
      field: 'server',
    };
  }
  if (code === '57014')
    return { state: 'offline', core: `The department's server at ${where} did not finish in time`, field: 'server' };
  const name = typeof e?.name === 'string' && e.name !== 'Error' ? `${e.name}: ` : '';
  return {
    state: 'error',
    core: `Sync with the department's server at ${where} failed: ${name}${quote(message, password).replace(/\.$/, '')}${code ? ` (${code})` : ''}`,
    field: 'server',
  };
}
