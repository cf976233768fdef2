import { type Host, startHost } from '../../../electron/host/app.ts';
import type { Keyring } from '../../../electron/host/keys/keychain.ts';

/**
 * A browser-shell host on the embedded local service's database `db`, with the data folder `dataDir` and
 * the keychain `keyring`, handed to `fn` and closed after it (whatever it throws). One service attempt:
 * a test that stops the service sees the failure at once.
 */
export async function withEmbeddedHost<T>(
  keyring: Keyring,
  db: string,
  dataDir: string,
  fn: (host: Host) => Promise<T>,
): Promise<T> {
  const host = await startHost({
    shell: 'browser',
    version: '0.1.0',
    dataDir,
    db,
    keyring,
    openExternal: async () => {},
    client: { maxAttempts: 1 },
  });
  try {
    return await fn(host);
  } finally {
    await host.close();
  }
}
