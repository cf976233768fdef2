import { isIP } from 'node:net';
import type { ConnectionOptions } from 'node:tls';

/**
 * How Rinkside reaches a department's server: in the clear only on this computer (loopback or a Unix
 * socket); anywhere else TLS with the server's certificate verified against a CA and its name checked
 * (what libpq calls `sslmode=verify-full`; `pg` does it with `ssl: { ca, rejectUnauthorized: true }` and the
 * host's name or address). Verification is never turned off. Used by the app's driver and the admin command.
 */

/** Where a connection goes, and the CA file its user named (PEM), if any. */
export interface ConnectionTarget {
  host: string;
  caFile?: string | null;
}

/**
 * The transport for a target: `plain` (loopback, no CA named), or `verify-full` against `caFile` (null:
 * the CAs Node trusts, as for a managed server with a public certificate).
 */
export type TransportPolicy = { tls: false } | { tls: true; caFile: string | null };

/**
 * Whether `host` is this computer for certain: `localhost`, an address in 127.0.0.0/8, `::1` (or
 * `::ffff:127.x.y.z`), or a Unix socket folder (an absolute path). Anything else, names that merely start
 * or end like these included, is not.
 */
export function isLoopback(host: string): boolean {
  if (host.startsWith('/')) return true;
  const h = host.toLowerCase();
  if (h === 'localhost') return true;
  if (isIP(h) === 4) return h.startsWith('127.');
  if (isIP(h) === 6) return h === '::1' || h === '0:0:0:0:0:0:0:1' || /^::ffff:127\.\d+\.\d+\.\d+$/.test(h);
  return false;
}

/**
 * The transport a target must use: TLS with verification off loopback; on loopback, TLS (verified) only
 * when a CA file is named.
 * @throws Error for an empty host or one with spaces or control characters.
 */
export function connectionPolicy(target: ConnectionTarget): TransportPolicy {
  const host = target.host;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  if (host === '' || /[\s\u0000-\u001f\u007f]/.test(host))
    throw new Error(`"${host}" is not a server's name or address`);
  const caFile = target.caFile?.trim() ? target.caFile : null;
  if (isLoopback(host) && caFile === null) return { tls: false };
  return { tls: true, caFile };
}

/**
 * The `ssl` option of a `pg` connection for a policy: false, or verification on with the CA read by
 * `readCa` (the host's name or address is checked by `pg` against the certificate).
 */
export function sslOptions(policy: TransportPolicy, readCa: (file: string) => string): false | ConnectionOptions {
  if (!policy.tls) return false;
  return policy.caFile === null
    ? { rejectUnauthorized: true }
    : { ca: readCa(policy.caFile), rejectUnauthorized: true };
}
