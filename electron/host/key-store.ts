import type { KeySource, KeyStatus } from '../../shared/bridge.ts';
import type { Result } from '../../shared/errors.ts';
import { type Keychain, KeychainUnavailable } from './keychain.ts';

/**
 * Which API key the host sends (issue 3, "keychain"): the scout's own key from the OS keychain, or one
 * kept in this session's memory only (when the scout chose so or no keychain answers), or, on the
 * embedded local service only, its built-in demo key. The key lives in this closure and leaves it only
 * through {@link KeyStore.currentKey}, which the service client alone calls; everything the page sees is
 * a {@link KeyStatus}.
 */
export interface KeyStore {
  /** Reads the keychain once (and learns whether it answers). Never rejects. */
  init(): Promise<void>;
  /** What the page may know: the key's source and whether a keychain answers. */
  status(): KeyStatus;
  /**
   * Stores the scout's key: in the keychain (replacing any there), or for this session only. A keychain
   * that does not answer gives `keychain-unavailable`, and the page can offer the session instead.
   */
  setKey(key: string, persist: 'keychain' | 'session'): Promise<Result<KeyStatus>>;
  /** Forgets the scout's key (session and keychain). The demo key, where it applies, takes over. */
  clearKey(): Promise<Result<KeyStatus>>;
  /** The key to send and where it came from; `key` null when there is none. Host-internal. */
  currentKey(): { key: string | null; source: KeySource };
}

export interface KeyStoreOptions {
  keychain: Keychain;
  /** The demo key when the embedded local service is in use, else null (never sent anywhere else). */
  demoKey: () => string | null;
}

export function createKeyStore(opts: KeyStoreOptions): KeyStore {
  let keychainKey: string | null = null;
  let sessionKey: string | null = null;
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
        keychainKey = await opts.keychain.get();
        markAvailable();
      } catch (err) {
        markUnavailable(err);
      }
    },

    status() {
      const s: KeyStatus = { source: store.currentKey().source, keychainAvailable: available };
      if (!available && unavailableMessage !== undefined) s.keychainMessage = unavailableMessage;
      return s;
    },

    async setKey(key, persist) {
      if (persist === 'session') {
        sessionKey = key;
        return { ok: true, value: store.status() };
      }
      try {
        await opts.keychain.set(key);
        markAvailable();
        keychainKey = key;
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
      sessionKey = null;
      try {
        await opts.keychain.delete();
        markAvailable();
      } catch (err) {
        markUnavailable(err);
      }
      keychainKey = null;
      return { ok: true, value: store.status() };
    },

    currentKey() {
      if (sessionKey !== null) return { key: sessionKey, source: 'session' };
      if (keychainKey !== null) return { key: keychainKey, source: 'keychain' };
      const demo = opts.demoKey();
      if (demo !== null) return { key: demo, source: 'demo' };
      return { key: null, source: 'none' };
    },
  };
  return store;
}
