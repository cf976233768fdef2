import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import type { AsyncEntry as AsyncEntryType, EntryOptions } from '@napi-rs/keyring';

/**
 * The OS keychain through @napi-rs/keyring (the maintained N-API successor to keytar): macOS Keychain,
 * Windows Credential Manager, the Secret Service (gnome-keyring, KWallet) on Linux. Service name
 * `rinkside`, one account per secret (saved-keys.ts lays them out: one per service, and an index).
 *
 * On Linux the entry is pinned to the Secret Service: the library's default would otherwise fall back
 * to the kernel keyring, which forgets the key at logout while the scout believes it is saved.
 * When no keychain answers, operations report {@link KeychainUnavailable} with a plain message; nothing
 * ever falls back to a file.
 */

export const KEYCHAIN_SERVICE = 'rinkside';

/**
 * The keychain service name of a data folder: {@link KEYCHAIN_SERVICE} for the default one
 * (paths.ts defaultDataDir), `rinkside <absolute folder>` for any other (`--data-dir`). A second profile
 * of the app on the same account then neither reads nor replaces the first one's keys: the embedded
 * service's key has the same scope (`embedded`) in every profile, so without this a key saved in one
 * profile would be sent to, and refused by, the other profile's local service.
 */
export function keychainServiceFor(dataDir: string, defaultDir: string): string {
  const dir = resolve(dataDir);
  return dir === resolve(defaultDir) ? KEYCHAIN_SERVICE : `${KEYCHAIN_SERVICE} ${dir}`;
}

/** The keychain could not be reached (no Secret Service, locked, denied). `message` is for the scout. */
export class KeychainUnavailable extends Error {
  override name = 'KeychainUnavailable';
}

export interface Keychain {
  /** The stored secret, or null when there is none. Rejects with KeychainUnavailable. */
  get(): Promise<string | null>;
  /** Stores or replaces the secret. Rejects with KeychainUnavailable. */
  set(secret: string): Promise<void>;
  /** Removes the secret; true when there was one. Rejects with KeychainUnavailable. */
  delete(): Promise<boolean>;
  /** Whether a keychain answers now; `message` says why not. Never rejects. */
  probe(): Promise<{ available: true } | { available: false; message: string }>;
}

/** Turns a library error into a plain sentence without the library's internals (or any secret). */
export function describeKeychainError(err: unknown): string {
  const raw = err instanceof Error ? `${err.message} ${String((err as { cause?: unknown }).cause ?? '')}` : String(err);
  if (/platform storage|dbus|secret service|org\.freedesktop|autolaunch|connect to socket/i.test(raw)) {
    return process.platform === 'linux'
      ? 'No system keychain is reachable (no Secret Service such as GNOME Keyring or KWallet is running).'
      : 'The system keychain could not be reached.';
  }
  if (/locked|no result found|prompt|dismissed|denied/i.test(raw)) {
    return 'The system keychain is locked or refused access.';
  }
  return 'The system keychain could not be used.';
}

type EntryCtor = new (service: string, account: string, options?: EntryOptions | null) => AsyncEntryType;

let cachedCtor: EntryCtor | null | undefined;
/** Loads the native module lazily, so a missing binary is "keychain unavailable", not a crash at import. */
function entryCtor(): EntryCtor | null {
  if (cachedCtor !== undefined) return cachedCtor;
  try {
    const req = createRequire(import.meta.url);
    cachedCtor = (req('@napi-rs/keyring') as { AsyncEntry: EntryCtor }).AsyncEntry;
  } catch {
    cachedCtor = null;
  }
  return cachedCtor;
}

/** The app's entries of the keychain: one {@link Keychain} per account, all under one service name. */
export interface Keyring {
  entry(account: string): Keychain;
}

/** The OS keychain's entries under `service` (default `rinkside`; tests use a name of their own). */
export function createOsKeyring(service = KEYCHAIN_SERVICE): Keyring {
  return { entry: (account) => createOsKeychain(account, service) };
}

/** The OS keychain entry `service` / `account`. */
export function createOsKeychain(account: string, service = KEYCHAIN_SERVICE): Keychain {
  function entry(): AsyncEntryType {
    const Ctor = entryCtor();
    if (Ctor === null) throw new KeychainUnavailable('The keychain module could not be loaded on this system.');
    try {
      // Pinning may throw at construction when the Secret Service is absent: that is "unavailable".
      return process.platform === 'linux'
        ? new Ctor(service, account, { linux: { store: 'secret-service' } })
        : new Ctor(service, account);
    } catch (err) {
      throw new KeychainUnavailable(describeKeychainError(err));
    }
  }
  async function call<T>(fn: (e: AsyncEntryType) => Promise<T>): Promise<T> {
    const e = entry();
    try {
      return await fn(e);
    } catch (err) {
      throw new KeychainUnavailable(describeKeychainError(err));
    }
  }
  const keychain: Keychain = {
    get: () => call((e) => e.getPassword()).then((v) => (v === null || v === undefined || v === '' ? null : v)),
    set: (secret) => call((e) => e.setPassword(secret)),
    delete: () => call((e) => e.deletePassword()),
    async probe() {
      try {
        await keychain.get();
        return { available: true };
      } catch (err) {
        return {
          available: false,
          message: err instanceof KeychainUnavailable ? err.message : describeKeychainError(err),
        };
      }
    },
  };
  return keychain;
}
