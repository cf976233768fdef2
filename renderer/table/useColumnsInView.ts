import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * Where a scroll container's parts are, as selectors from it: the header cells, one per column shown and in
 * order (those that stay put while it scrolls sideways first, with a `left`); a drawn row; and the content
 * whose size changes with its columns.
 */
export interface ColumnCells {
  heads: string;
  row: string;
  content: string;
}

/** A `<table>`'s parts (DataTable.tsx). */
export const TABLE_CELLS: ColumnCells = {
  heads: ':scope > table > thead > tr:first-child > th',
  row: ':scope > table > tbody > tr[data-row-id]',
  content: ':scope > table',
};

/**
 * Keeps the columns the scout asked for in sight in a table wider than its card, and says when columns lie
 * beyond its right edge. A column that appears (the era-adjusted goals ticked on, the NHLe columns of a
 * single regular season) or that the table is newly sorted by (a sort from the address, a header reached
 * by the keyboard) is scrolled into view, just right of the columns that stay put (the name, the rank),
 * once the rows it belongs to are shown. `more` counts the columns whose right edge lies past the visible
 * area; `showMore` scrolls the first of them to the columns that stay put; `bars`, the widths of the
 * container's scroll bars (px), so that what is drawn over its edge leaves them clear.
 *
 * `scrollRef`: the table's scroll container; `asked`: the columns the view asks for (a column the rows
 * leave out or bring back is no column the scout added); `shown`: the columns shown, in order, one header
 * cell each; `sortedId`: the column of the first sort key, if shown; `ready`: the rows of the current
 * query are shown; `cells`: where its header cells, rows and content are (a module constant).
 */
export function useColumnsInView(
  scrollRef: RefObject<HTMLElement | null>,
  asked: readonly string[],
  shown: readonly string[],
  sortedId: string | undefined,
  ready: boolean,
  cells: ColumnCells = TABLE_CELLS,
): { more: number; showMore: () => void; bars: { right: number; bottom: number } } {
  const [seenMore, setSeen] = useState({ more: 0, right: 0, bottom: 0 });
  const seen = useRef<{ asked: readonly string[]; sortedId: string | undefined } | null>(null);
  const pending = useRef<string[]>([]);
  const askedKey = asked.join(',');
  const count = useCallback(() => {
    const el = scrollRef.current;
    const next = {
      more: el ? heads(el, cells).filter((th) => th.getBoundingClientRect().right > visibleRight(el) + 1).length : 0,
      right: el ? el.offsetWidth - el.clientWidth - 2 * el.clientLeft : 0,
      bottom: el ? el.offsetHeight - el.clientHeight - 2 * el.clientTop : 0,
    };
    setSeen((s) => (s.more === next.more && s.right === next.right && s.bottom === next.bottom ? s : next));
  }, [scrollRef, cells]);

  useLayoutEffect(() => {
    // What to bring into view: the columns new since the last render, or the newly sorted one.
    const before = seen.current;
    if (before === null || before.asked.join(',') !== askedKey || before.sortedId !== sortedId) {
      const added = before === null ? [] : asked.filter((id) => !before.asked.includes(id));
      if (added.length > 0) pending.current = added;
      else if (sortedId !== undefined && sortedId !== before?.sortedId) pending.current = [sortedId];
      seen.current = { asked, sortedId };
    }
    const el = scrollRef.current;
    if (!ready || el === null || pending.current.length === 0) return;
    // A virtualised body draws its rows a render after the page arrives; the widths are the rows'.
    if (!el.querySelector(cells.row)) return;
    const ths = heads(el, cells);
    const targets = pending.current.map((id) => ths[shown.indexOf(id)]).filter((th) => th !== undefined);
    pending.current = [];
    const [first, last] = [targets[0], targets[targets.length - 1]];
    if (first === undefined || last === undefined) return;
    const edge = stickyRight(el, ths);
    const left = first.getBoundingClientRect().left - edge;
    const right = last.getBoundingClientRect().right - visibleRight(el);
    // Right enough to show the last of them, never so far that the first slides under the fixed columns.
    if (left < 0) el.scrollLeft += left;
    else if (right > 0) el.scrollLeft += Math.min(right, left);
  });

  useEffect(() => {
    const el = scrollRef.current;
    if (el === null) return;
    count();
    let frame = 0;
    const later = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(count);
    };
    el.addEventListener('scroll', later, { passive: true });
    // A new width of the window or the sidebar, columns added or widened by the rows of a new page. (Without
    // a ResizeObserver, a DOM without layout as in component tests, the count follows scrolling only.)
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(later);
    observer?.observe(el);
    // The table is there once rows (or their placeholders) are: watched from then on.
    const table = ready ? el.querySelector(cells.content) : null;
    if (table) observer?.observe(table);
    return () => {
      cancelAnimationFrame(frame);
      el.removeEventListener('scroll', later);
      observer?.disconnect();
    };
  }, [scrollRef, count, ready, cells]);

  const showMore = useCallback(() => {
    const el = scrollRef.current;
    if (el === null) return;
    const ths = heads(el, cells);
    const next = ths.find((th) => th.getBoundingClientRect().right > visibleRight(el) + 1);
    if (next) el.scrollLeft += next.getBoundingClientRect().left - stickyRight(el, ths);
  }, [scrollRef, cells]);

  return { more: seenMore.more, showMore, bars: { right: seenMore.right, bottom: seenMore.bottom } };
}

/** The header cells in the scroll container, one per column. */
function heads(el: HTMLElement, cells: ColumnCells): HTMLElement[] {
  return Array.from(el.querySelectorAll<HTMLElement>(cells.heads));
}

/** The right edge of the container's visible area (its scroll bar left out), in the viewport's pixels. */
function visibleRight(el: HTMLElement): number {
  return el.getBoundingClientRect().left + el.clientLeft + el.clientWidth;
}

/** Where the columns that stay put while the table scrolls sideways end, in the viewport's pixels. */
function stickyRight(el: HTMLElement, cells: readonly HTMLElement[]): number {
  let edge = el.getBoundingClientRect().left + el.clientLeft;
  for (const th of cells) {
    // A header cell that stays put is sticky with a `left` (a sticky header row has `top` only).
    const style = getComputedStyle(th);
    if (style.position !== 'sticky' || style.left === 'auto') break;
    edge = Math.max(edge, th.getBoundingClientRect().right);
  }
  return edge;
}
