import type { KeySource, KeyStatus, SavedKey } from '../../../shared/bridge/bridge.ts';
import type { Result } from '../../../shared/contract/errors.ts';
import { KeychainUnavailable, type Keyring } from './keychain.ts';
import { createSavedKeys, type SavedKeyRow } from './saved-keys.ts';

/**
 * Which API key the host sends: the scout's own key for the service in use, from its entry in the OS
 * keychain (saved-keys.ts: one entry per service) or kept in this session's memory only (when the scout
 * chose so or no keychain answers), or, on the embedded local service only, its built-in demo key. Every
 * key of the scout is bound to the service it was saved for (its scope: the base URL, or
 * {@link EMBEDDED_SCOPE}); a key is sent only while that same service is in use, so changing the base URL
 * never hands the old key to the new server, and saving a key for one service keeps the others'. The
 * keys live in this closure and leave it only through {@link KeyStore.currentKey}; everything the page
 * sees is a {@link KeyStatus} or a list of {@link SavedKey} rows.
 */
export interface KeyStore {
  /**
   * Moves a key saved by an earlier version into its service's entry (bound to the service this launch
   * uses when it was saved unbound), then reads the entry of the service in use. Call once, before any
   * request. Never rejects.
   */
  init(): Promise<void>;
  /** Reads the saved key of the service in use if this launch has not yet (after the base URL changed). Never rejects. */
  load(): Promise<void>;
  /** What the page may know: the key's source for the service in use and whether a keychain answers. */
  status(): KeyStatus;
  /**
   * Stores the scout's key for the service in use: in its keychain entry (replacing the one there), or for
   * this session only. A keychain that does not answer gives `keychain-unavailable`, and the page can offer
   * the session instead.
   */
  setKey(key: string, persist: 'keychain' | 'session'): Promise<Result<KeyStatus>>;
  /** Forgets the scout's key for the service in use (session and keychain). The demo key, where it applies, takes over. */
  clearKey(): Promise<Result<KeyStatus>>;
  /** The services with a key in the keychain, the one in use first, then the latest saved; never a key. */
  savedKeys(): Promise<Result<SavedKey[]>>;
  /** Removes the keychain's key of `scope` (any service); the others stay. Resolves to the list after. */
  removeSavedKey(scope: string): Promise<Result<SavedKey[]>>;
  /** The key to send to the service in use and where it came from; `key` null when there is none. Host-internal. */
  currentKey(): { key: string | null; source: KeySource };
}

/** The scope of keys saved while the embedded local service was in use (its port changes every launch). */
export const EMBEDDED_SCOPE = 'embedded';

export interface KeyStoreOptions {
  /** The keychain's entries of the app (keychain.ts createOsKeyring). */
  keyring: Keyring;
  /** The service in use now: its normalised base URL, or {@link EMBEDDED_SCOPE}. */
  scope: () => string;
  /** The demo key when the embedded local service is in use, else null (never sent anywhere else). */
  demoKey: () => string | null;
}

/** Whether the keychain answered the last call, and if not, why, in plain words. */
function keychainHealth() {
  let available = false;
  let message: string | undefined;
  return {
    get available() {
      return available;
    },
    get message() {
      return message;
    },
    answered() {
      available = true;
      message = undefined;
    },
    /** Records the failure; its message for the scout. */
    failed(err: unknown): string {
      available = false;
      message = err instanceof KeychainUnavailable ? err.message : 'The system keychain could not be used.';
      return message;
    },
  };
}

/** Saved services as the page lists them: the one in use first, then the latest saved. */
function listed(rows: readonly SavedKeyRow[], inUse: string): SavedKey[] {
  return rows
    .map((r) => ({ scope: r.scope, savedAt: r.savedAt, inUse: r.scope === inUse }))
    .sort((a, b) => Number(b.inUse) - Number(a.inUse) || (b.savedAt ?? '').localeCompare(a.savedAt ?? ''));
}

export function createKeyStore(opts: KeyStoreOptions): KeyStore {
  const saved = createSavedKeys(opts.keyring);
  /** The keychain's key of each service read this launch (null: none saved). */
  const keychainKeys = new Map<string, string | null>();
  /** Keys kept for this session only, by service. */
  const sessionKeys = new Map<string, string>();
  const keychain = keychainHealth();
  const unavailable = (err: unknown) => ({
    ok: false as const,
    error: { kind: 'keychain-unavailable' as const, message: keychain.failed(err) },
  });

  const store: KeyStore = {
    async init() {
      try {
        const migrated = await saved.migrateLegacy(opts.scope());
        // Not written to its own entry: it serves the service it is bound to, this session only.
        if (migrated !== null && !migrated.persisted) sessionKeys.set(migrated.scope, migrated.key);
        keychain.answered();
      } catch (err) {
        keychain.failed(err);
        return;
      }
      await store.load();
    },

    async load() {
      const scope = opts.scope();
      if (keychainKeys.has(scope)) return;
      try {
        const key = await saved.read(scope);
        // A setKey or clearKey meanwhile knows better than this read.
        if (!keychainKeys.has(scope)) keychainKeys.set(scope, key);
        keychain.answered();
        // In the background: only Settings' list depends on it.
        if (key !== null) void saved.ensureListed(scope);
      } catch (err) {
        keychain.failed(err);
      }
    },

    status() {
      const s: KeyStatus = {
        source: store.currentKey().source,
        keychainAvailable: keychain.available,
        builtInAvailable: opts.demoKey() !== null,
      };
      if (!keychain.available && keychain.message !== undefined) s.keychainMessage = keychain.message;
      return s;
    },

    async setKey(key, persist) {
      const scope = opts.scope();
      if (persist === 'session') {
        sessionKeys.set(scope, key);
        return { ok: true, value: store.status() };
      }
      try {
        await saved.save(scope, key);
        keychain.answered();
        keychainKeys.set(scope, key);
        sessionKeys.delete(scope);
        return { ok: true, value: store.status() };
      } catch (err) {
        const { error } = unavailable(err);
        return {
          ok: false,
          error: { ...error, message: `${error.message} The key can be kept for this session only.` },
        };
      }
    },

    async clearKey() {
      const scope = opts.scope();
      sessionKeys.delete(scope);
      // Forgotten here even when the keychain does not answer: the scout asked for it not to be sent.
      keychainKeys.set(scope, null);
      try {
        await saved.remove(scope);
        keychain.answered();
      } catch (err) {
        keychain.failed(err);
      }
      return { ok: true, value: store.status() };
    },

    async savedKeys() {
      try {
        const rows = await saved.list();
        keychain.answered();
        return { ok: true, value: listed(rows, opts.scope()) };
      } catch (err) {
        return unavailable(err);
      }
    },

    async removeSavedKey(scope) {
      keychainKeys.set(scope, null);
      try {
        await saved.remove(scope);
      } catch (err) {
        return unavailable(err);
      }
      return store.savedKeys();
    },

    currentKey() {
      const scope = opts.scope();
      const session = sessionKeys.get(scope);
      if (session !== undefined) return { key: session, source: 'session' };
      const kept = keychainKeys.get(scope);
      if (kept != null) return { key: kept, source: 'keychain' };
      const demo = opts.demoKey();
      if (demo !== null) return { key: demo, source: 'demo' };
      return { key: null, source: 'none' };
    },
  };
  return store;
}
