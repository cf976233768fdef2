import type { Exports } from '../../../electron/host/export/export-handlers.ts';
import type { ExportStatus } from '../../../shared/bridge/bridge.ts';

/** Polls an export job every 20 ms, as the page does, until it is no longer running; its last status. */
export async function settleExport(ex: Pick<Exports, 'handlers'>, id: string): Promise<ExportStatus> {
  for (;;) {
    const s = await ex.handlers.exportStatus({ id });
    if (!s.ok) throw new Error(s.error.message);
    if (s.value.state !== 'running') return s.value;
    await new Promise((r) => setTimeout(r, 20));
  }
}
