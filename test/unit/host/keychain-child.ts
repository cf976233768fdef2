// Run by keychain.test.ts in a child process whose D-Bus session address points nowhere, so the real
// @napi-rs/keyring meets "no Secret Service" exactly as on a desktop without one. Prints one JSON line.
import { createKeyStore } from '../../../electron/host/keys/key-store.ts';
import { createOsKeychain, createOsKeyring, KeychainUnavailable } from '../../../electron/host/keys/keychain.ts';

const keychain = createOsKeychain(`test-${process.pid}`);
const probe = await keychain.probe();
let setError: { name: string; isUnavailable: boolean; message: string } | null = null;
try {
  await keychain.set('child-secret-value');
} catch (err) {
  setError = {
    name: (err as Error).name,
    isUnavailable: err instanceof KeychainUnavailable,
    message: (err as Error).message,
  };
}
const store = createKeyStore({
  keyring: createOsKeyring(`rinkside-test-${process.pid}`),
  scope: () => 'embedded',
  demoKey: () => null,
});
await store.init();
const initial = store.status();
const toKeychain = await store.setKey('child-secret-value', 'keychain');
const toSession = await store.setKey('child-secret-value', 'session');
const current = store.currentKey();
const cleared = await store.clearKey();
process.stdout.write(
  `${JSON.stringify({ probe, setError, initial, toKeychain, toSession, currentSource: current.source, cleared })}\n`,
);
