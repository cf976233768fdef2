import { join } from 'node:path';
import { openSettings } from '../../../electron/host/common/settings.ts';
import { createExports, type Exports } from '../../../electron/host/export/export-handlers.ts';
import { createServiceClient } from '../../../electron/host/service-client/service-client.ts';
import type { ExportStatus } from '../../../shared/bridge/bridge.ts';
import type { Fixture } from '../../contract/service-fixture.ts';

/** Polls an export job every 20 ms, as the page does, until it is no longer running; its last status. */
export async function settleExport(ex: Pick<Exports, 'handlers'>, id: string): Promise<ExportStatus> {
  for (;;) {
    const s = await ex.handlers.exportStatus({ id });
    if (!s.ok) throw new Error(s.error.message);
    if (s.value.state !== 'running') return s.value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The export operations over a fixture's service with its full key; the save dialog answers with the
 * suggested name in `outDir`, the browser shell's downloads go to `outDir/downloads`.
 */
export async function fixtureExports(fx: Fixture, outDir: string): Promise<Exports> {
  return createExports({
    client: createServiceClient(),
    settings: await openSettings(join(outDir, 'settings')),
    baseUrl: () => fx.base,
    keyFor: () => fx.keys.full,
    chooseFile: async (suggested) => join(outDir, suggested.split('/').at(-1) as string),
    downloadDir: join(outDir, 'downloads'),
  });
}
