import { join } from 'node:path';
import { createBridgeHandlers, createDispatcher, type Dispatch } from '../../../electron/host/bridge/handlers.ts';
import { openSettings } from '../../../electron/host/common/settings.ts';
import { createKeyStore } from '../../../electron/host/keys/key-store.ts';
import { type Keychain, KeychainUnavailable } from '../../../electron/host/keys/keychain.ts';
import { createListsHost, type ListsHost } from '../../../electron/host/lists/lists-host.ts';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';

/**
 * The bridge's dispatcher over the host's real handlers and a real lists host in `dir/host`, as the page
 * calls it; the data in use is `embedded:test-db` and the service unreachable (lists never need it). The
 * keychain is the one stand-in: a machine without a Secret Service.
 */
export async function listsDispatcher(dir: string): Promise<{ dispatch: Dispatch; listsHost: ListsHost }> {
  const noKeychain: Keychain = {
    get: () => Promise.reject(new KeychainUnavailable('No system keychain is reachable.')),
    set: () => Promise.reject(new KeychainUnavailable('No system keychain is reachable.')),
    delete: () => Promise.reject(new KeychainUnavailable('No system keychain is reachable.')),
    probe: async () => ({ available: false, message: 'No system keychain is reachable.' }),
  };
  const hostDir = join(dir, 'host');
  const settings = await openSettings(hostDir);
  const connection = {
    baseUrl: () => 'http://127.0.0.1:9/v1',
    embeddedBaseUrl: () => null,
    keyScope: () => 'embedded',
    dataSource: () => 'embedded:test-db',
  };
  const keys = createKeyStore({
    keyring: { entry: () => noKeychain },
    scope: connection.keyScope,
    demoKey: () => null,
  });
  await keys.init();
  const client = createServiceClient({ timeoutMs: 500, maxAttempts: 1 });
  const listsHost = createListsHost({ dataDir: hostDir, settings, source: connection.dataSource });
  const dispatch = createDispatcher(
    createBridgeHandlers({
      client,
      keys,
      settings,
      connection,
      shell: 'browser',
      version: '0.1.0',
      lists: listsHost,
      openExternal: async () => {},
    }),
  );
  return { dispatch, listsHost };
}
