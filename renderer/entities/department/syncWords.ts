import type { DepartmentSyncStatus } from '../../../shared/department/bridge.ts';
import { formatCount, formatDateTime } from '../../format/index.ts';

/*
 * The department's sync counts in words, the same in the top bar's status and Settings → Department:
 * counted with thousands separators and their noun (`1,500 changes waiting`), never a bare `1500 waiting`.
 */

/** Changes written here and not sent yet, after a status: ` · 2 changes waiting`; '' for none. */
export const waitingText = (n: number): string => (n === 0 ? '' : ` · ${formatCount(n, 'change')} waiting`);

/** Records a first connection found to send: `; 1,500 records to send`; '' for none. */
export const queuedText = (n: number): string => (n === 0 ? '' : `; ${formatCount(n, 'record')} to send`);

/** Settings → Department's sync line: what is wrong, else when it last synced; then what waits. */
export function settingsSyncLine(st: DepartmentSyncStatus): string {
  const base = st.message ?? (st.syncedAt ? `Synced ${formatDateTime(st.syncedAt)}` : 'Not synced yet');
  return `${base}${waitingText(st.waiting)}`;
}
