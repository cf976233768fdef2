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

/** What the controls of a list's filters are given besides the definition (see {@link FilterControls}). */
export interface ControlsProps {
  definition: ListDefinition;
  filters: Readonly<Record<string, string>>;
  setFilter: (key: string, value: string, replace?: boolean) => void;
  options?: Readonly<Record<string, readonly Option[]>>;
  anyLabels?: Readonly<Record<string, string>>;
  imperial?: Readonly<Record<string, (value: number) => string>>;
  hidden?: readonly string[];
  disabled?: Readonly<Record<string, boolean>>;
}

/**
 * The controls of a list's filters, drawn from its definition (shared/query/lists/): a select per filter
 * (a closed set's values as the definition labels them, or `options` the view gives by filter name: leagues,
 * countries), a min–max pair per range (each box bounded by the filter's kind). `anyLabels` overrides a
 * select's first option (`Loading…`), `imperial` shows a range's bounds in another unit by range name,
 * `disabled` greys a select out; `hidden` leaves filters and ranges out. A range's boxes replace the URL
 * entry as the scout types; a select adds one.
 */
export function FilterControls(props: ControlsProps) {
  const { filters, setFilter } = props;
  return barControls(props.definition, props.hidden).map((c) =>
    c.type === 'select' ? (
      <FilterSelect
        key={c.name}
        label={c.label}
        value={filters[c.name] ?? ''}
        anyLabel={props.anyLabels?.[c.name] ?? c.anyLabel}
        options={c.options ?? props.options?.[c.name] ?? []}
        onChange={(v) => setFilter(c.name, v)}
        disabled={props.disabled?.[c.name] === true}
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
        onChange={(key, v) => setFilter(key, v, true)}
      />
    ),
  );
}

/**
 * A list's filter bar: the search box its definition declares, the controls of its filters
 * ({@link FilterControls}), then Clear filters.
 */
export function FilterBar(props: Omit<ControlsProps, 'setFilter'> & { f: BarFilters; className?: string }) {
  const { f, className, ...controls } = props;
  const placeholder = searchPlaceholder(props.definition);
  return (
    <search className={className ? `toolbar ${className}` : 'toolbar'}>
      {placeholder === null ? null : (
        <SearchBox value={f.text} placeholder={placeholder} onChange={f.setText} onSubmit={f.submit} />
      )}
      <FilterControls {...controls} setFilter={f.setFilter} />
      <ClearFilters filtered={f.filtered} onClear={f.clear} />
    </search>
  );
}
