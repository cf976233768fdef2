import type { ReactNode } from 'react';
import { ClearFilters } from './ClearFilters.tsx';
import './filter-fieldset.css';

/**
 * A view's own filter boxes in the app's filter bar (a group named "Filters"), ended by "Clear filters"
 * as every bar ends: for a view whose filters are typed boxes rather than a list definition's
 * (FilterBar.tsx), such as Coverage's and the viewing log's. The boxes are the caller's `children`.
 */
export function FilterFieldset(props: { filtered: boolean; onClear: () => void; children: ReactNode }) {
  return (
    <fieldset className="toolbar filter-bar filter-fieldset">
      <legend className="visually-hidden">Filters</legend>
      {props.children}
      <ClearFilters filtered={props.filtered} onClear={props.onClear} />
    </fieldset>
  );
}
