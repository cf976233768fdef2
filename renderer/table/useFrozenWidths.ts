import { type RefObject, useEffect, useState } from 'react';

/**
 * Column widths that hold while the scout sorts and pages through one list. The browser's automatic table
 * layout sizes every column by what its cells hold, so a longer team name on the next sort moved every
 * column after it. Instead the widths that layout gives the first page shown of a `key` (the columns and
 * filters) at the table's current width are measured once, after that page is painted, and kept: the
 * table then lays out fixed at those widths (the same picture, so nothing moves when they are taken). A
 * later value wider than its column is cut with an ellipsis. Another key, or a change of the table's
 * width (the window, the sidebar), lets the automatic layout size the columns again.
 *
 * `scrollRef`: the element around the table; `ready`: rows of the key's own are shown (not placeholder
 * rows). Returns the widths in px, one per header cell in order, or null while the layout is automatic.
 */
export function useFrozenWidths(
  scrollRef: RefObject<HTMLElement | null>,
  key: string,
  ready: boolean,
): readonly number[] | null {
  const [frozen, setFrozen] = useState<{ key: string; widths: number[] } | null>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = scrollRef.current;
    // Without a ResizeObserver (a DOM without layout, as in component tests) the layout stays automatic.
    if (el === null || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => {
      const w = entries[0]?.contentRect.width;
      if (w !== undefined) setWidth(Math.round(w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [scrollRef]);
  const at = `${width}|${key}`;
  // After every render: a virtualised body shows its rows a render after the page arrives, and the widths
  // are those of the rows, not of an empty body.
  useEffect(() => {
    if (!ready || width === 0 || frozen?.key === at) return;
    const table = scrollRef.current?.querySelector<HTMLTableElement>(':scope > table');
    if (!table?.querySelector('tbody > tr[data-row-id]')) return;
    const heads = table.querySelectorAll<HTMLElement>(':scope > thead > tr:first-child > th');
    setFrozen({ key: at, widths: Array.from(heads, (th) => th.getBoundingClientRect().width) });
  });
  return frozen?.key === at ? frozen.widths : null;
}
