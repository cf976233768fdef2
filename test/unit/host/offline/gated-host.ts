import { existsSync, writeFileSync } from 'node:fs';
import { createOfflineHost, type OfflineHost } from '../../../../electron/host/offline/offline-host.ts';
import { createServiceClient } from '../../../../electron/host/service-client/service-client.ts';
import { storeFile } from '../../../../store/index.ts';

/**
 * An offline host on `dataDir` whose store worker is the real one but for its derive after a download,
 * which waits for the test (gated-store-worker.ts): {@link gateWaiting} resolves once it waits,
 * {@link openGate} lets it go on.
 */
export function gatedHost(dataDir: string): OfflineHost {
  return createOfflineHost({
    dataDir,
    client: createServiceClient({ baseDelayMs: 10 }),
    workerUrl: new URL('./gated-store-worker.ts', import.meta.url),
  });
}

/** Resolves once the gated worker of `dataDir` waits in its derive (it then answers nothing at all). */
export async function gateWaiting(dataDir: string): Promise<void> {
  while (!existsSync(`${storeFile(dataDir)}.waiting`)) await new Promise((r) => setTimeout(r, 20));
}

/** Lets the gated worker of `dataDir` go on with its derive, and every later one. */
export function openGate(dataDir: string): void {
  writeFileSync(`${storeFile(dataDir)}.go`, '');
}
