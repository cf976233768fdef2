/**
 * Which row of a table was opened, per history entry, so that Back to that entry puts focus back on
 * that row. Keyed by the router's per-entry `key` in `history.state` (a new visit of the same address
 * is a new entry and starts at the top; Back and Forward return to the same entry), falling back to
 * the address when there is none. In memory only: a row id is no secret, but nothing needs it after
 * the page closes.
 */

/** Entries kept at most; the oldest is dropped first (a long session opens many rows). */
const MAX_ENTRIES = 200;
const opened = new Map<string, string>();

/** The current history entry's key: react-router's `history.state.key`, else the URL's hash. */
export function historyEntryKey(): string {
  if (typeof window === 'undefined') return '';
  const state = window.history.state as { key?: unknown } | null;
  return typeof state?.key === 'string' ? `entry:${state.key}` : `url:${window.location.hash}`;
}

/** Remembers that the row `rowId` of the table `table` was opened from history entry `entry`. */
export function rememberOpenedRow(entry: string, table: string, rowId: string): void {
  const k = `${entry}\n${table}`;
  opened.delete(k);
  opened.set(k, rowId);
  if (opened.size > MAX_ENTRIES) {
    const oldest = opened.keys().next().value;
    if (oldest !== undefined) opened.delete(oldest);
  }
}

/** The row of `table` opened from history entry `entry`, if any. */
export function openedRow(entry: string, table: string): string | undefined {
  return opened.get(`${entry}\n${table}`);
}
