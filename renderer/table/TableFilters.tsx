import type { ListEndpointName } from '../../shared/contract/endpoints.ts';
import { ClearFilters } from '../components/ClearFilters.tsx';
import { FilterSelect } from '../components/Field.tsx';
import { type ControlsProps, FilterControls } from '../components/FilterBar.tsx';
import { barFilterKeys, searchPlaceholder } from '../components/filter-bar.ts';
import { SearchField } from '../components/SearchField.tsx';
import type { ListTable } from './useListTable.ts';

/** A select of one of a list table's filters (its value in the URL; "any" removes it), back to page one. */
export function TableFilterSelect<E extends ListEndpointName>(props: {
  table: ListTable<E>;
  name: string;
  label: string;
  anyLabel?: string;
  options: readonly { value: string; label: string }[];
  disabled?: boolean;
}) {
  const { table, name, ...rest } = props;
  return (
    <FilterSelect {...rest} value={table.urlQuery.filters[name] ?? ''} onChange={(v) => table.setFilter(name, v)} />
  );
}

/** The search box of a list table's `q` filter; the URL follows the typing after a pause. */
export function TableSearch<E extends ListEndpointName>(props: {
  table: ListTable<E>;
  placeholder: string;
  label?: string;
}) {
  return (
    <SearchField
      label={props.label ?? 'Search by name'}
      value={props.table.urlQuery.filters.q ?? ''}
      placeholder={props.placeholder}
      onSearch={(text, replace) => props.table.setFilter('q', text, replace)}
    />
  );
}

/**
 * A list table's filters drawn from its list's definition (shared/query/lists/): the search box when the
 * definition has one, then its selects and ranges ({@link FilterControls}), bound to the table's URL; with
 * `clear`, the Clear filters button, enabled while a filter of the bar is set. `setFilter` replaces the
 * table's own where a choice moves another (a league takes its season away).
 */
export function TableFilterBar<E extends ListEndpointName>(
  props: Omit<ControlsProps, 'filters' | 'setFilter'> & {
    table: ListTable<E>;
    setFilter?: ControlsProps['setFilter'];
    clear?: boolean;
  },
) {
  const { table, setFilter, clear, ...controls } = props;
  const placeholder = searchPlaceholder(props.definition);
  const searchLabel = Object.values(props.definition.filters).find((f) => f.ui?.control === 'search')?.ui?.label;
  const filters = table.urlQuery.filters;
  return (
    <>
      {placeholder === null ? null : <TableSearch table={table} placeholder={placeholder} label={searchLabel} />}
      <FilterControls {...controls} filters={filters} setFilter={setFilter ?? table.setFilter} />
      {clear ? (
        <ClearFilters filtered={barFilterKeys(props.definition).some((k) => filters[k])} onClear={table.clearFilters} />
      ) : null}
    </>
  );
}
