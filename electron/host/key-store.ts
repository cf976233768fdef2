import type { KeySource, KeyStatus } from '../../shared/bridge.ts';
import type { Result } from '../../shared/errors.ts';
import { type Keychain, KeychainUnavailable } from './keychain.ts';

/**
 * Which API key the host sends: the scout's own key from the OS keychain, or one kept in this session's
 * memory only (when the scout chose so or no keychain answers), or, on the embedded local service only,
 * its built-in demo key. Every key of the scout is bound to the service it was saved for (its scope: the
 * base URL, or {@link EMBEDDED_SCOPE}); a key is sent only while that same service is in use, so changing
 * the base URL never hands the old key to the new server. The key lives in this closure and leaves it
 * only through {@link KeyStore.currentKey}; everything the page sees is a {@link KeyStatus}.
 */
export interface KeyStore {
  /** Reads the keychain once (and learns whether it answers). Never rejects. */
  init(): Promise<void>;
  /** What the page may know: the key's source for the service in use and whether a keychain answers. */
  status(): KeyStatus;
  /**
   * Stores the scout's key for the service in use: in the keychain (replacing any there), or for this
   * session only. A keychain that does not answer gives `keychain-unavailable`, and the page can offer the
   * session instead.
   */
  setKey(key: string, persist: 'keychain' | 'session'): Promise<Result<KeyStatus>>;
  /** Forgets the scout's key for the service in use (session and keychain). The demo key, where it applies, takes over. */
  clearKey(): Promise<Result<KeyStatus>>;
  /** The key to send to the service in use and where it came from; `key` null when there is none. Host-internal. */
  currentKey(): { key: string | null; source: KeySource };
}

/** The scope of keys saved while the embedded local service was in use (its port changes every launch). */
export const EMBEDDED_SCOPE = 'embedded';

export interface KeyStoreOptions {
  keychain: Keychain;
  /** The service in use now: its normalised base URL, or {@link EMBEDDED_SCOPE}. */
  scope: () => string;
  /** The demo key when the embedded local service is in use, else null (never sent anywhere else). */
  demoKey: () => string | null;
}

interface BoundKey {
  scope: string;
  key: string;
}

/**
 * The keychain secret: JSON `{"scope": …, "key": …}`. A secret in the older plain form (the key alone)
 * is bound to `fallbackScope`, the service in use when it is first read.
 */
function decodeSecret(secret: string, fallbackScope: string): BoundKey {
  try {
    const v = JSON.parse(secret) as unknown;
    if (v !== null && typeof v === 'object') {
      const { scope, key } = v as Record<string, unknown>;
      if (typeof scope === 'string' && typeof key === 'string') return { scope, key };
    }
  } catch {
    // The plain form: not JSON.
  }
  return { scope: fallbackScope, key: secret };
}

export function createKeyStore(opts: KeyStoreOptions): KeyStore {
  let keychainKey: BoundKey | null = null;
  let sessionKey: BoundKey | null = null;
  let available = false;
  let unavailableMessage: string | undefined;

  function markUnavailable(err: unknown): string {
    available = false;
    unavailableMessage = err instanceof KeychainUnavailable ? err.message : 'The system keychain could not be used.';
    return unavailableMessage;
  }
  function markAvailable() {
    available = true;
    unavailableMessage = undefined;
  }

  const store: KeyStore = {
    async init() {
      try {
        const secret = await opts.keychain.get();
        keychainKey = secret === null ? null : decodeSecret(secret, opts.scope());
        markAvailable();
      } catch (err) {
        markUnavailable(err);
      }
    },

    status() {
      const s: KeyStatus = {
        source: store.currentKey().source,
        keychainAvailable: available,
        builtInAvailable: opts.demoKey() !== null,
      };
      if (!available && unavailableMessage !== undefined) s.keychainMessage = unavailableMessage;
      return s;
    },

    async setKey(key, persist) {
      const bound = { scope: opts.scope(), key };
      if (persist === 'session') {
        sessionKey = bound;
        return { ok: true, value: store.status() };
      }
      try {
        await opts.keychain.set(JSON.stringify(bound));
        markAvailable();
        keychainKey = bound;
        sessionKey = null;
        return { ok: true, value: store.status() };
      } catch (err) {
        const message = markUnavailable(err);
        return {
          ok: false,
          error: { kind: 'keychain-unavailable', message: `${message} The key can be kept for this session only.` },
        };
      }
    },

    async clearKey() {
      const scope = opts.scope();
      if (sessionKey?.scope === scope) sessionKey = null;
      // A keychain key saved for another service stays: it is not the one in use.
      if (keychainKey === null || keychainKey.scope === scope) {
        try {
          await opts.keychain.delete();
          markAvailable();
          keychainKey = null;
        } catch (err) {
          markUnavailable(err);
          keychainKey = null;
        }
      }
      return { ok: true, value: store.status() };
    },

    currentKey() {
      const scope = opts.scope();
      if (sessionKey?.scope === scope) return { key: sessionKey.key, source: 'session' };
      if (keychainKey?.scope === scope) return { key: keychainKey.key, source: 'keychain' };
      const demo = opts.demoKey();
      if (demo !== null) return { key: demo, source: 'demo' };
      return { key: null, source: 'none' };
    },
  };
  return store;
}
