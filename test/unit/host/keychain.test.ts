import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createKeyStore } from '../../../electron/host/keys/key-store.ts';
import { createOsKeychain } from '../../../electron/host/keys/keychain.ts';
import { accountFor } from '../../../electron/host/keys/saved-keys.ts';
import { testKeyring } from './test-keyring.ts';

// The real keychain: a Secret Service (gnome-keyring) in a private D-Bus session, as
// `bash scripts/with-keyring.sh npx vitest run` gives (TOOLCHAIN.md, "The keychain in tests").
const hasSession = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS);
const account = `test-${process.pid}-${randomBytes(4).toString('hex')}`;
const run = promisify(execFile);

describe.skipIf(!hasSession)('keychain against a real Secret Service (run under scripts/with-keyring.sh)', () => {
  const keychain = createOsKeychain(account);
  afterAll(async () => {
    await keychain.delete().catch(() => {});
  });

  it('answers, and holds nothing for a new account', async () => {
    expect(await keychain.probe()).toEqual({ available: true });
    expect(await keychain.get()).toBeNull();
  });

  it('set, get, replace, delete', async () => {
    await keychain.set('first-key-1');
    expect(await keychain.get()).toBe('first-key-1');
    await keychain.set('second-key-2');
    expect(await keychain.get()).toBe('second-key-2');
    // A second handle (a new Entry) reads what the first wrote: it is in the keyring, not in memory.
    expect(await createOsKeychain(account).get()).toBe('second-key-2');
    expect(await keychain.delete()).toBe(true);
    expect(await keychain.delete()).toBe(false);
    expect(await keychain.get()).toBeNull();
  });

  it('KeyStore: demo key → keychain key → session key → cleared, status never shows the key', async () => {
    const kr = testKeyring('store');
    const entryOf = (scope: string) => kr.keyring.entry(accountFor(scope));
    try {
      const store = createKeyStore({ keyring: kr.keyring, scope: () => 'embedded', demoKey: () => 'demo-key' });
      await store.init();
      expect(store.status()).toEqual({ source: 'demo', keychainAvailable: true, builtInAvailable: true });
      expect(store.currentKey()).toEqual({ key: 'demo-key', source: 'demo' });

      const saved = await store.setKey('scout-key-abc', 'keychain');
      expect(saved).toEqual({
        ok: true,
        value: { source: 'keychain', keychainAvailable: true, builtInAvailable: true },
      });
      expect(JSON.parse((await entryOf('embedded').get()) ?? '{}')).toEqual({
        scope: 'embedded',
        key: 'scout-key-abc',
      });
      expect(store.currentKey()).toEqual({ key: 'scout-key-abc', source: 'keychain' });

      // A new store (the next launch) finds the key in the keychain.
      const nextLaunch = createKeyStore({ keyring: kr.keyring, scope: () => 'embedded', demoKey: () => 'demo-key' });
      await nextLaunch.init();
      expect(nextLaunch.currentKey()).toEqual({ key: 'scout-key-abc', source: 'keychain' });

      const session = await store.setKey('session-key-xyz', 'session');
      expect(session).toEqual({
        ok: true,
        value: { source: 'session', keychainAvailable: true, builtInAvailable: true },
      });
      expect(JSON.parse((await entryOf('embedded').get()) ?? '{}')).toEqual({
        scope: 'embedded',
        key: 'scout-key-abc',
      });

      const cleared = await store.clearKey();
      expect(cleared).toEqual({
        ok: true,
        value: { source: 'demo', keychainAvailable: true, builtInAvailable: true },
      });
      expect(await entryOf('embedded').get()).toBeNull();
      for (const v of [saved, session, cleared, store.status()]) {
        expect(JSON.stringify(v)).not.toMatch(/scout-key|session-key|demo-key/);
      }
    } finally {
      await kr.clear();
    }
  });
});

describe('keychain without a Secret Service (child process, D-Bus address pointing nowhere)', () => {
  it('reports unavailable in plain words, refuses the keychain, keeps the key for the session only', async () => {
    const child = fileURLToPath(new URL('./keychain-child.ts', import.meta.url));
    const { stdout } = await run(process.execPath, [child], {
      env: { ...process.env, DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/rinkside-bus' },
      timeout: 20_000,
    });
    const out = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
    const plain = 'No system keychain is reachable (no Secret Service such as GNOME Keyring or KWallet is running).';
    expect(out.probe).toEqual({ available: false, message: plain });
    expect(out.setError).toEqual({ name: 'KeychainUnavailable', isUnavailable: true, message: plain });
    expect(out.initial).toEqual({
      source: 'none',
      keychainAvailable: false,
      keychainMessage: plain,
      builtInAvailable: false,
    });
    expect(out.toKeychain).toEqual({
      ok: false,
      error: { kind: 'keychain-unavailable', message: `${plain} The key can be kept for this session only.` },
    });
    expect(out.toSession).toEqual({
      ok: true,
      value: { source: 'session', keychainAvailable: false, keychainMessage: plain, builtInAvailable: false },
    });
    expect(out.currentSource).toBe('session');
    expect(out.cleared).toEqual({
      ok: true,
      value: { source: 'none', keychainAvailable: false, keychainMessage: plain, builtInAvailable: false },
    });
    expect(stdout).not.toContain('child-secret-value');
  });
});
