import { type FocusEvent, type KeyboardEvent, type RefObject, useEffect, useRef, useState } from 'react';
import { nextRowIndex, rowsPerPage } from './gridKeys.ts';
import { historyEntryKey, openedRow } from './rowMemory.ts';
import { ROW_HEIGHT } from './rowMetrics.ts';
import type { RowWindow } from './useRowWindow.ts';

/** Focuses a body row without the browser's own scroll, then scrolls it just into view (below the sticky header). */
function focusRow(tr: HTMLElement): void {
  tr.focus({ preventScroll: true });
  tr.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
}

/** The rendered body row with this id, if it is in the DOM (a virtualised body renders only some). */
function findRow(body: HTMLTableSectionElement | null, id: string): HTMLTableRowElement | undefined {
  if (!body) return undefined;
  for (const tr of body.rows) if (tr.dataset.rowId === id) return tr;
  return undefined;
}

/** What {@link useGridKeyboard} reads from the table. */
export interface GridKeyboardInput<Row> {
  /** The table's accessible name: the key its opened row is remembered under. */
  label: string;
  rows: readonly Row[];
  /** `getRowId` of each row, in order. */
  rowIds: readonly string[];
  /** True while the first page loads (skeleton rows). */
  loading: boolean;
  /** True until a page is in (the rows are undefined, also when an error is shown instead). */
  awaitingRows: boolean;
  window: RowWindow<Row>;
  /** The scroll container (for PageUp/PageDown's page height and to tell focus inside from outside). */
  scrollRef: RefObject<HTMLDivElement | null>;
  onOpen: ((row: Row) => void) | undefined;
  /** Up on the first row leaves the body for the header row (its Tab stop). */
  onUpFromTop?: () => void;
}

/**
 * The table as one Tab stop (roving tabindex: only the active body row is tabbable). Arrow keys,
 * PageUp/PageDown and Home/End move the active row (gridKeys.ts), scrolling it into view (virtualised
 * bodies too); Enter opens it when the table has `onOpen`. After Back, the row opened from this history
 * entry (rowMemory.ts) is active again and gets focus once it is rendered, unless the scout has focused
 * something else meanwhile. Up on the first row goes to the header row (`onUpFromTop`).
 *
 * Returns the id of the tabbable row, the body's ref, its key and focus handlers, and `focusActive`,
 * which puts focus on the tabbable row (Down from the header row).
 */
export function useGridKeyboard<Row>(p: GridKeyboardInput<Row>) {
  const { rowIds, rows, scrollRef, onOpen } = p;
  const { items, itemOfRow, virtual, virtualizer } = p.window;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const [activeId, setActiveId] = useState<string | undefined>(() => openedRow(historyEntryKey(), p.label));
  const pendingFocus = useRef<string | undefined>(activeId);
  // True while that focus after Back is pending: it gives way if the scout has focused something else.
  const restoring = useRef(activeId !== undefined);
  const activeIndex = Math.max(0, activeId === undefined ? 0 : rowIds.indexOf(activeId));
  let tabbableId = rowIds[activeIndex];
  if (virtual && !p.loading) {
    // The active row scrolled out of the rendered window: the first rendered row takes the Tab stop, so
    // Tab never skips the table.
    const rendered = virtualizer.getVirtualItems().map((v) => v.index);
    if (!rendered.includes(itemOfRow[activeIndex] ?? -1)) {
      const first = rendered.map((i) => items[i]).find((it) => it?.kind === 'row');
      if (first?.kind === 'row') tabbableId = rowIds[first.index];
    }
  }

  // Focus a row asked for by a key or by Back once it is rendered (a virtualised body renders it after
  // scrolling to it).
  useEffect(() => {
    const id = pendingFocus.current;
    if (id === undefined || p.awaitingRows) return;
    const index = rowIds.indexOf(id);
    const focused = document.activeElement;
    const elsewhere = focused !== null && focused !== document.body && !scrollRef.current?.contains(focused);
    if (index < 0 || (restoring.current && elsewhere)) {
      pendingFocus.current = undefined;
      restoring.current = false;
      return;
    }
    const tr = findRow(bodyRef.current, id);
    if (tr) {
      pendingFocus.current = undefined;
      restoring.current = false;
      focusRow(tr);
    } else if (virtual) {
      virtualizer.scrollToIndex(itemOfRow[index] ?? index, { align: 'center' });
    }
  });

  const moveTo = (index: number) => {
    const id = rowIds[index];
    if (id === undefined) return;
    setActiveId(id);
    restoring.current = false;
    const tr = findRow(bodyRef.current, id);
    if (tr) {
      focusRow(tr);
    } else {
      pendingFocus.current = id;
      if (virtual) virtualizer.scrollToIndex(itemOfRow[index] ?? index, { align: 'auto' });
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const tr = e.target as HTMLElement;
    // Keys typed inside a cell's own control (a link) keep their meaning; Alt/Meta combinations are the
    // browser's (Alt+Left is Back).
    if (e.altKey || e.metaKey || tr.tagName !== 'TR' || tr.dataset.rowId === undefined) return;
    const index = rowIds.indexOf(tr.dataset.rowId);
    const row = rows[index];
    if (row === undefined) return;
    if (e.key === 'ArrowUp' && index === 0 && p.onUpFromTop) {
      e.preventDefault();
      p.onUpFromTop();
      return;
    }
    if (e.key === 'Enter') {
      if (onOpen) {
        e.preventDefault();
        onOpen(row);
      }
      return;
    }
    const scroller = scrollRef.current;
    const headerPx = scroller?.querySelector('thead')?.getBoundingClientRect().height ?? 0;
    const page = rowsPerPage(scroller?.clientHeight ?? 0, headerPx, ROW_HEIGHT);
    const next = nextRowIndex(e.key, index, rows.length, page);
    if (next === null) return;
    e.preventDefault();
    moveTo(next);
  };

  const onFocus = (e: FocusEvent<HTMLTableSectionElement>) => {
    const id = (e.target as HTMLElement).closest<HTMLElement>('tr[data-row-id]')?.dataset.rowId;
    if (id !== undefined && id !== activeId) setActiveId(id);
  };

  const focusActive = () => {
    const index = tabbableId === undefined ? -1 : rowIds.indexOf(tabbableId);
    if (index >= 0) moveTo(index);
  };

  return { tabbableId, bodyRef, onKeyDown, onFocus, focusActive };
}
