import { type ColumnSpec, LIST_ENTRY_COLUMNS } from '../../../shared/columns/index.ts';
import { ENTRY_DEFAULT_SORT, ENTRY_SORT_KEYS } from '../../../shared/domain/list-limits.ts';
import type { ScoutingList } from '../../../shared/domain/lists.ts';
import type { ListQuery, ListQueryOptions } from '../../../shared/query/query.ts';
import type { ListTableSpec } from '../../../shared/query/table-spec.ts';

/** The pure parts of the Lists view: its URL state, its table spec (for the export) and its columns. */

/** How a list's table reads its query from the URL: no filters, the store's sort keys, best rated first. */
export function listTableOptions(pageSize: number): ListQueryOptions {
  return {
    filterKeys: [],
    defaultSort: ENTRY_DEFAULT_SORT,
    defaultLimit: pageSize,
    sortKeys: ENTRY_SORT_KEYS,
  };
}

/** The last column of a list's table: the button that removes the player (the table's own, never exported). */
export const REMOVE_COLUMN: ColumnSpec = {
  id: 'remove',
  field: 'id',
  label: 'Remove',
  abbr: '',
  title: 'Remove from this list',
  format: 'text',
  numeric: false,
  sortDescFirst: false,
  fields: 'id',
};

/**
 * The catalog columns a list's table shows and exports, in order: the scout's own rating and note right
 * after the name (what a list is for, and in sight without scrolling), then the latest stats.
 */
export const LIST_COLUMNS: readonly ColumnSpec[] = [
  'name',
  'rating',
  'note',
  'position',
  'latestSeason',
  'team',
  'GP',
  'G',
  'A',
  'PTS',
  'GAA',
  'SVP',
].map((id) => {
  const c = LIST_ENTRY_COLUMNS.find((x) => x.id === id);
  if (c === undefined) throw new Error(`no list column ${id}`);
  return c;
});

/** The columns shown: the list's columns, then the remove button. */
export const SHOWN_COLUMNS: readonly ColumnSpec[] = [...LIST_COLUMNS, REMOVE_COLUMN];

/** A list's table as the export sends it: the list, its query, the catalog columns and the list's name. */
export function listTableSpec(list: Pick<ScoutingList, 'id' | 'name'>, query: ListQuery): ListTableSpec {
  return {
    source: 'scoutingList',
    listId: list.id,
    query,
    columns: LIST_COLUMNS,
    context: { view: 'Scouting list', list: list.name },
  };
}
