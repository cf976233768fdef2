import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Host, startHost } from '../../../electron/host/app.ts';
import { demoDatabaseFile } from '../../../electron/host/common/paths.ts';
import { LEGACY_ACCOUNT } from '../../../electron/host/keys/saved-keys.ts';
import { BRIDGE_OPS, type Bridge } from '../../../shared/bridge/bridge.ts';
import { testKeyring } from '../host/test-keyring.ts';

/**
 * A running {@link startTestHost}: the host, the page's bridge to it, and `close` (which also removes
 * the keychain entries and the temp folder).
 */
export interface TestHost {
  host: Host;
  bridge: Bridge;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A real host for renderer tests: the host (electron/host/app.ts) on the real local service and a demo
 * SQLite file in a temp folder, the real keychain under a service name of its own, and the page's bridge over
 * its dispatcher (the same validation the preload's IPC goes through). `keys`: the local service's
 * keys file (then there is no built-in key), written into the temp folder.
 */
export async function startTestHost(
  opts: {
    keys?: { key: string; organisation: string; leagues: '*'; seasons: '*'; categories: '*' }[];
    /** A key already in the keychain when the host starts, as an earlier version left it (its one entry, the key alone). */
    storedKey?: string;
  } = {},
): Promise<TestHost> {
  const dir = await mkdtemp(join(tmpdir(), 'rinkside-renderer-'));
  const dataDir = join(dir, 'data');
  const kr = testKeyring('renderer');
  const base = {
    shell: 'browser' as const,
    version: '0.1.0',
    dataDir,
    keyring: kr.keyring,
    openExternal: async () => {},
  };
  if (opts.storedKey !== undefined) await kr.keyring.entry(LEGACY_ACCOUNT).set(opts.storedKey);
  let host = await startHost(base);
  if (opts.keys) {
    // The demo database now exists; a second host serves it with the keys file and no built-in key.
    await host.close();
    const keysFile = join(dir, 'keys.json');
    await writeFile(keysFile, JSON.stringify({ keys: opts.keys }), { mode: 0o600 });
    host = await startHost({ ...base, db: demoDatabaseFile(dataDir), keys: keysFile });
  }
  const live = host;
  const bridge = Object.fromEntries(
    BRIDGE_OPS.map((op) => [op, (args: unknown) => live.dispatch(op, args)]),
  ) as unknown as Bridge;
  return {
    host,
    bridge,
    dataDir,
    async close() {
      await live.close();
      await kr.clear();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
