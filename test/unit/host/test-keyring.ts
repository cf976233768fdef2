import { randomBytes } from 'node:crypto';
import { findCredentialsAsync } from '@napi-rs/keyring';
import { createOsKeyring, type Keyring } from '../../../electron/host/keys/keychain.ts';
import { INDEX_ACCOUNT } from '../../../electron/host/keys/saved-keys.ts';

/**
 * The real OS keychain (a Secret Service under scripts/with-keyring.sh) under a service name of the test's
 * own, instead of the app's `rinkside`: the entries the host writes there are the ones a scout's keychain
 * would hold, and the test can list and remove all of them (the Secret Service can search by service).
 */
export interface TestKeyring {
  keyring: Keyring;
  service: string;
  /** Every entry under the test's service name, account and secret. Empty when no keychain answers. */
  entries(): Promise<{ account: string; password: string }[]>;
  /** The entries that hold a key (every entry but the index). */
  keyEntries(): Promise<{ account: string; password: string }[]>;
  /** Deletes every entry under the test's service name. */
  clear(): Promise<void>;
}

export function testKeyring(label: string): TestKeyring {
  const service = `rinkside-test-${label}-${process.pid}-${randomBytes(4).toString('hex')}`;
  const keyring = createOsKeyring(service);
  const entries = async () => {
    try {
      return await findCredentialsAsync(service);
    } catch {
      return [];
    }
  };
  return {
    keyring,
    service,
    entries,
    keyEntries: async () => (await entries()).filter((e) => e.account !== INDEX_ACCOUNT),
    async clear() {
      for (const e of await entries())
        await keyring
          .entry(e.account)
          .delete()
          .catch(() => {});
    },
  };
}
