import { useEffect, useSyncExternalStore } from 'react';

/**
 * How many data tables the page shows, for the app's skip link: "Skip to table" while a view has one
 * (any view with a DataTable, present or future), "Skip to content" otherwise. A tiny external store:
 * each DataTable counts itself while it is mounted.
 */

let count = 0;
const listeners = new Set<() => void>();

function set(next: number): void {
  count = next;
  for (const l of listeners) l();
}

/** Counts the calling table as on the page while it is mounted. */
export function useRegisterTable(): void {
  useEffect(() => {
    set(count + 1);
    return () => set(count - 1);
  }, []);
}

/** The number of data tables mounted now. */
export function useTablesOnPage(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => count,
  );
}

/**
 * Puts focus in the first data table inside `root`: its body's Tab stop (the active row), else its
 * header row's (a table still loading). Returns false when `root` holds no table to focus.
 */
export function focusFirstTable(root: ParentNode): boolean {
  const table = root.querySelector('.data-table table');
  const target =
    table?.querySelector<HTMLElement>('tbody tr[tabindex="0"]') ??
    table?.querySelector<HTMLElement>('thead [tabindex="0"]');
  if (!target) return false;
  target.focus({ preventScroll: true });
  target.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  return true;
}
