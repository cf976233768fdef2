import { join } from 'node:path';
import { type Host, startHost } from '../../../electron/host/app.ts';
import { type Keychain, KeychainUnavailable } from '../../../electron/host/keys/keychain.ts';
import { importDatabank } from '../../../service/data/databank/import.ts';
import { type TeamSeasonPick, writeSample } from '../service-data/databank-sample.ts';

/** A keychain that is never reachable: the host keeps a key for the session only. */
export const noKeychain: Keychain = {
  get: () => Promise.reject(new KeychainUnavailable('No system keychain is reachable.')),
  set: () => Promise.reject(new KeychainUnavailable('No system keychain is reachable.')),
  delete: () => Promise.reject(new KeychainUnavailable('No system keychain is reachable.')),
  probe: async () => ({ available: false, message: 'No system keychain is reachable.' }),
};

/**
 * A browser-shell host on a small Hockey Databank import: the real Databank rows of `picks` written to
 * `dir/csv`, imported into `dir/databank.sqlite` and served by the host's local service; its data folder
 * `dir/data`, no keychain, exports saved into `dir` under their suggested names.
 */
export async function startDatabankHost(
  dir: string,
  picks: readonly TeamSeasonPick[],
): Promise<{ host: Host; db: string }> {
  const csv = join(dir, 'csv');
  writeSample(csv, picks);
  const db = join(dir, 'databank.sqlite');
  await importDatabank(csv, db, { maxSkippedShare: 1 });
  const host = await startHost({
    shell: 'browser',
    version: '0.1.0',
    dataDir: join(dir, 'data'),
    db,
    keyring: { entry: () => noKeychain },
    openExternal: async () => {},
    exports: { chooseFile: async (suggested) => join(dir, suggested.split('/').at(-1) as string) },
  });
  return { host, db };
}
