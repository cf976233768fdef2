import { useCallback, useRef } from 'react';
import { historyEntryKey, rememberOpenedRow } from './rowMemory.ts';

/**
 * A stable function that remembers the row as this history entry's opened row, then calls the latest
 * `open` (views pass a new arrow on every render; memoised rows must not re-render for it). Undefined
 * when the table has no `open`.
 */
export function useStableOpen<Row>(
  open: ((row: Row) => void) | undefined,
  table: string,
  idOf: (row: Row) => string,
): ((row: Row) => void) | undefined {
  const ref = useRef({ open, table, idOf });
  ref.current = { open, table, idOf };
  const stable = useCallback((row: Row) => {
    const { open: latest, table: name, idOf: id } = ref.current;
    rememberOpenedRow(historyEntryKey(), name, id(row));
    latest?.(row);
  }, []);
  return open ? stable : undefined;
}
