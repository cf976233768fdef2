import { KeychainUnavailable, type Keyring } from '../keys/keychain.ts';
import { accountFor, decodeBound } from '../keys/saved-keys.ts';

/**
 * The scout's department password in the OS keychain, and nowhere else (not the settings file, the lists,
 * a log or an answer to the page). Bound like the API keys (keys/saved-keys.ts) to what it was saved for:
 * one entry per server, port, database and login (its scope, {@link departmentScope}), account
 * `department-<first 128 bits of the SHA-256 of the scope>`, secret `{"scope", "key"}`; a secret whose
 * scope is not the one its account was derived from is not used, so a password is only ever sent to the
 * server, port, database and login it was tried and saved for.
 */

/** What a password is bound to. */
export interface PasswordScope {
  server: string;
  port: number;
  database: string;
  user: string;
}

/** The scope of a password: `postgresql://user@server:port/database` (user and database URI-encoded). */
export function departmentScope(t: PasswordScope): string {
  const host = t.server.includes(':') ? `[${t.server}]` : t.server;
  return `postgresql://${encodeURIComponent(t.user)}@${host.toLowerCase()}:${t.port}/${encodeURIComponent(t.database)}`;
}

export interface DepartmentPasswords {
  /** The password saved for `scope`, or null. Rejects with KeychainUnavailable. */
  read(scope: PasswordScope): Promise<string | null>;
  /** Saves (or replaces) the password of `scope`. Rejects with KeychainUnavailable. */
  save(scope: PasswordScope, password: string): Promise<void>;
  /** Removes the password of `scope` (none: nothing happens). Rejects with KeychainUnavailable. */
  remove(scope: PasswordScope): Promise<void>;
  /** Whether the keychain answers now, and if not why, in plain words. Never rejects. */
  probe(): Promise<{ available: true } | { available: false; message: string }>;
}

/** The department passwords on `keyring` (the same keyring, and so the same data-folder service name, as the API keys). */
export function createDepartmentPasswords(keyring: Keyring): DepartmentPasswords {
  const entry = (scope: string) => keyring.entry(accountFor(scope, 'department'));
  return {
    async read(t) {
      const scope = departmentScope(t);
      const secret = await entry(scope).get();
      const bound = secret === null ? null : decodeBound(secret);
      return bound !== null && bound.scope === scope ? bound.key : null;
    },
    async save(t, password) {
      const scope = departmentScope(t);
      await entry(scope).set(JSON.stringify({ scope, key: password }));
    },
    async remove(t) {
      await entry(departmentScope(t)).delete();
    },
    async probe() {
      try {
        await entry('probe').get();
        return { available: true };
      } catch (err) {
        const message = err instanceof KeychainUnavailable ? err.message : 'The system keychain could not be used.';
        return { available: false, message };
      }
    },
  };
}
