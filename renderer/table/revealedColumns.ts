import { useSyncExternalStore } from 'react';

/**
 * The columns the scout chose to see although they hold one value on every row (shared/columns,
 * `visibleColumns`): a preference for this session, by column id, read by every table and by its Export
 * menu (so a file has the columns the table has). A tiny external store: tables and menus are siblings.
 */

const NONE: readonly string[] = [];
let revealed: readonly string[] = NONE;
const listeners = new Set<() => void>();

/** The column ids shown on request. */
export function useRevealedColumns(): readonly string[] {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => revealed,
  );
}

/** Shows (`on`) or leaves out again the columns with these ids wherever they hold one value. */
export function revealColumns(ids: readonly string[], on: boolean): void {
  const next = on ? [...new Set([...revealed, ...ids])] : revealed.filter((id) => !ids.includes(id));
  revealed = next.length === 0 ? NONE : next;
  for (const l of listeners) l();
}
