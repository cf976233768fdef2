import type { ReactNode } from 'react';
import type { ListDefinition } from '../../shared/query/lists/definition.ts';
import { ClearFilters } from './ClearFilters.tsx';
import { FilterSelect } from './Field.tsx';
import { barControls, searchPlaceholder } from './filter-bar.ts';
import type { Option } from './options.ts';
import { RangeFilter } from './RangeFilter.tsx';
import { SearchBox } from './SearchBox.tsx';

/** What the bar needs of a view's filters (state/useListFilters.ts). */
export interface BarFilters {
  text: string;
  setText: (text: string) => void;
  submit: () => void;
  setFilter: (key: string, value: string, replace?: boolean) => void;
  clear: () => void;
  filtered: boolean;
}

/**
 * A list's filter bar, drawn from its definition (shared/query/lists/): the search box, a select per filter
 * (a closed set's values as the definition labels them, or `options` the view gives by filter name: leagues,
 * countries), a min–max pair per range (each box bounded by the filter's kind), then Clear filters.
 * `anyLabels` overrides a select's first option (`Loading…`), `imperial` shows a range's bounds in another
 * unit by range name; `hidden` leaves filters out.
 */
export function FilterBar(props: {
  definition: ListDefinition;
  filters: Readonly<Record<string, string>>;
  f: BarFilters;
  options?: Readonly<Record<string, readonly Option[]>>;
  anyLabels?: Readonly<Record<string, string>>;
  imperial?: Readonly<Record<string, (value: number) => string>>;
  hidden?: readonly string[];
  className?: string;
  children?: ReactNode;
}) {
  const { filters, f } = props;
  const placeholder = searchPlaceholder(props.definition);
  return (
    <search className={props.className ? `toolbar ${props.className}` : 'toolbar'}>
      {placeholder === null ? null : (
        <SearchBox value={f.text} placeholder={placeholder} onChange={f.setText} onSubmit={f.submit} />
      )}
      {barControls(props.definition, props.hidden).map((c) =>
        c.type === 'select' ? (
          <FilterSelect
            key={c.name}
            label={c.label}
            value={filters[c.name] ?? ''}
            anyLabel={props.anyLabels?.[c.name] ?? c.anyLabel}
            options={c.options ?? props.options?.[c.name] ?? []}
            onChange={(v) => f.setFilter(c.name, v)}
          />
        ) : (
          <RangeFilter
            key={c.name}
            name={c.name}
            label={c.label}
            {...(c.unit === undefined ? {} : { unit: c.unit })}
            {...(props.imperial?.[c.name] === undefined ? {} : { imperial: props.imperial[c.name] })}
            min={filters[`${c.name}:min`] ?? ''}
            max={filters[`${c.name}:max`] ?? ''}
            limit={c.limit}
            onChange={(key, v) => f.setFilter(key, v, true)}
          />
        ),
      )}
      {props.children}
      <ClearFilters filtered={f.filtered} onClear={f.clear} />
    </search>
  );
}
