import { type FocusEvent, type KeyboardEvent, useRef, useState } from 'react';
import { nextHeaderIndex } from './gridKeys.ts';

/**
 * The header row as one Tab stop: a roving tabindex over its sort buttons (only the active one has
 * `tabIndex` 0), as the body rows are one stop (useGridKeyboard.ts). Left/Right move along the row,
 * Home/End to its ends (gridKeys.ts); Enter or Space sorts (the button's own click); Down goes to the
 * body's active row (`onDown`). The active header is the first sortable one until the scout moves or
 * clicks, then the last one focused.
 *
 * `ids`: the sortable columns' ids, in order. Returns the id of the header that takes the Tab stop, the
 * header section's ref and its key and focus handlers.
 */
export function useHeaderKeyboard(ids: readonly string[], onDown: () => void) {
  const headRef = useRef<HTMLTableSectionElement>(null);
  const [activeId, setActiveId] = useState<string | undefined>(undefined);
  const tabbableId = activeId !== undefined && ids.includes(activeId) ? activeId : ids[0];

  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const id = (e.target as HTMLElement).closest<HTMLElement>('[data-col]')?.dataset.col;
    if (id === undefined || e.altKey || e.metaKey || e.ctrlKey) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      onDown();
      return;
    }
    const next = nextHeaderIndex(e.key, ids.indexOf(id), ids.length);
    const nextId = next === null ? undefined : ids[next];
    if (nextId === undefined) return;
    e.preventDefault();
    setActiveId(nextId);
    for (const el of headRef.current?.querySelectorAll<HTMLElement>('[data-col]') ?? []) {
      if (el.dataset.col === nextId) el.focus();
    }
  };

  const onFocus = (e: FocusEvent<HTMLTableSectionElement>) => {
    const id = (e.target as HTMLElement).closest<HTMLElement>('[data-col]')?.dataset.col;
    if (id !== undefined && id !== activeId) setActiveId(id);
  };

  return { tabbableId, headRef, onKeyDown, onFocus };
}
