import type { BridgeArgs, ExportStatus } from '../../shared/bridge/bridge.ts';
import { BRIDGE_GLOBAL, BRIDGE_TOKEN_HEADER, exportDownloadRoute } from '../../shared/bridge/bridge-ops.ts';
import { listQueryToServiceQuery } from '../../shared/query/query.ts';
import type { ListTableSpec, StoreTableSpec, TableSpec } from '../../shared/query/table-spec.ts';
import { BRIDGE_TOKEN_META, call } from '../bridge/client.ts';
import type { CopiedTable } from './copyTable.ts';

/** How often a running export's progress is read. */
const POLL_MS = 200;

/**
 * The `exportTable` spec on the wire: the service query record and each visible column's id and header,
 * with the endpoint and path of a service table, the list id of a scouting list, or the store's table.
 */
export function wireSpec(spec: TableSpec | ListTableSpec | StoreTableSpec): ExportTableArgs['spec'] {
  const common = {
    query: listQueryToServiceQuery(spec.query),
    columns: spec.columns.map((c) => ({ id: c.id, header: c.abbr })),
    context: { ...spec.context },
  };
  if ('listId' in spec) return { source: spec.source, listId: spec.listId, ...common };
  if ('source' in spec) return { source: spec.source, ...common };
  const after = spec.after && {
    query: listQueryToServiceQuery(spec.after.query),
    marker: { ...spec.after.marker },
  };
  return { endpoint: spec.endpoint, path: { ...spec.path }, ...common, ...(after ? { after } : {}) };
}
type ExportTableArgs = BridgeArgs<'exportTable'>;

/** Polls an export until it is no longer running, reporting each status. */
export async function followExport(first: ExportStatus, onStatus: (s: ExportStatus) => void): Promise<ExportStatus> {
  let s = first;
  onStatus(s);
  while (s.state === 'running') {
    await new Promise((r) => setTimeout(r, POLL_MS));
    s = await call('exportStatus', { id: s.id });
    onStatus(s);
  }
  return s;
}

/**
 * Browser shell: fetches the finished file from the host (per-launch token in a header, never in a link)
 * and hands it to the browser as a download under its suggested name.
 */
export async function downloadExport(s: ExportStatus): Promise<void> {
  const token = document.querySelector<HTMLMetaElement>(`meta[name="${BRIDGE_TOKEN_META}"]`)?.content ?? '';
  const res = await fetch(exportDownloadRoute(s.id), { headers: { [BRIDGE_TOKEN_HEADER]: token } });
  if (!res.ok) throw new Error('The export file could not be downloaded from the app.');
  const url = URL.createObjectURL(await res.blob());
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = s.fileName;
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}

/** Puts TSV and HTML on the clipboard: through the bridge in Electron, `navigator.clipboard` in a browser. */
export async function copyToClipboard(data: CopiedTable): Promise<void> {
  if (typeof window !== 'undefined' && window[BRIDGE_GLOBAL]) {
    await call('writeClipboard', data);
    return;
  }
  await navigator.clipboard.write([
    new ClipboardItem({
      'text/plain': new Blob([data.text], { type: 'text/plain' }),
      'text/html': new Blob([data.html], { type: 'text/html' }),
    }),
  ]);
}
