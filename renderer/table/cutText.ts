import type { MouseEvent } from 'react';

/**
 * On hover over a body cell: a cell whose text its column's width cuts (an ellipsis; the widths are kept
 * through a re-sort, useFrozenWidths.ts) shows its whole text as a tooltip; any other cell shows none.
 * Worked out on each hover, as rows change under a kept width.
 */
export function titleCutCell(e: MouseEvent<HTMLElement>): void {
  const td = (e.target as Element).closest('td');
  if (!(td instanceof HTMLElement)) return;
  if (td.scrollWidth > td.clientWidth + 1) td.title = td.textContent ?? '';
  else td.removeAttribute('title');
}
