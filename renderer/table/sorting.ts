import type { SortingState } from '@tanstack/react-table';
import type { ColumnSpec } from '../../shared/columns/index.ts';
import { isDescending, sortKeyOf, sortToken } from '../../shared/query/query.ts';

/**
 * The bridge between the URL's `sort` tokens (`-regularStats.SVP`) and TanStack
 * Table's sorting state (`[{id: 'regularStats.SVP', desc: true}]`), through the
 * column catalog's sort keys. Tokens no visible column sorts by (the standings'
 * `group` when its column is hidden, say) are not shown as a column's state.
 */
export function sortingFromTokens(tokens: readonly string[], columns: readonly ColumnSpec[]): SortingState {
  const out: SortingState = [];
  for (const token of tokens) {
    const column = columns.find((c) => c.sortKey === sortKeyOf(token));
    if (column) out.push({ id: column.id, desc: isDescending(token) });
  }
  return out;
}

/** Sort tokens of a TanStack sorting state, through each column's sort key. */
export function tokensFromSorting(sorting: SortingState, columns: readonly ColumnSpec[]): string[] {
  const out: string[] = [];
  for (const s of sorting) {
    const key = columns.find((c) => c.id === s.id)?.sortKey;
    if (key) out.push(sortToken(key, s.desc));
  }
  return out;
}

/** `aria-sort` of a column header. */
export function ariaSort(direction: false | 'asc' | 'desc'): 'ascending' | 'descending' | 'none' {
  return direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none';
}

/**
 * A sort button's accessible name: the header as shown first, as a word of its own (WCAG 2.5.3, label in
 * name), then what it stands for unless the title already starts with that word. `W` of Wins →
 * `W (Wins): sort`; `Team` of Team name → `Team name: sort`.
 */
export function sortButtonLabel(abbr: string, title: string | undefined): string {
  if (!title || title === abbr) return `${abbr}: sort`;
  const firstWord = title.split(/[\s,]/)[0] ?? '';
  return firstWord.toLowerCase() === abbr.toLowerCase() ? `${title}: sort` : `${abbr} (${title}): sort`;
}
