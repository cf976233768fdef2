import type { ListEndpointName } from '../../shared/contract/endpoints.ts';
import { FilterSelect } from '../components/Field.tsx';
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
export function TableSearch<E extends ListEndpointName>(props: { table: ListTable<E>; placeholder: string }) {
  return (
    <SearchField
      label="Search by name"
      value={props.table.urlQuery.filters.q ?? ''}
      placeholder={props.placeholder}
      onSearch={(text, replace) => props.table.setFilter('q', text, replace)}
    />
  );
}
