import { useMemo } from 'react';
import type { ResourceCatalog } from '../../shared/columns/index.ts';
import type { ListDefinition } from '../../shared/query/lists/definition.ts';
import type { ControlsProps } from '../components/FilterBar.tsx';
import { barFilterKeys } from '../components/filter-bar.ts';
import { EmptyState } from '../components/States.tsx';
import { NO_PATH } from '../state/leagues.ts';
import { ListSection, type ListSectionProps, type TableEndpointName } from './ListSection.tsx';
import { TableFilterBar } from './TableFilters.tsx';

/** What {@link PageList} draws: a page list's definition, its columns' cells and the words around it. */
export type PageListProps<E extends TableEndpointName> = Omit<
  ListSectionProps<E>,
  'variant' | 'endpoint' | 'path' | 'prefix' | 'resource' | 'context' | 'label' | 'filterKeys' | 'empty'
> & {
  /** The catalog of the list's resource (shared/columns), which names its endpoint. */
  resource: ResourceCatalog & { endpoint: E };
  /** The list's definition (shared/query/lists/): the filters its bar shows and the URL keeps. */
  definition: ListDefinition;
  /** The table's accessible name; default the title. */
  label?: string;
  /** The filters the URL keeps, when more than the bar shows (a team a link names). */
  filterKeys?: readonly string[];
  /** The options of the bar's selects by filter name (countries), for the default bar. */
  options?: ControlsProps['options'];
  /** The default bar's Clear filters button. */
  clear?: boolean;
  /** What the empty state says when no record matches (`No league matches these filters.`). */
  empty: string;
};

/**
 * A view that is one server-driven list without path parameters (Leagues, Agencies, Stars, Coaching
 * staff), read from the endpoint its catalog names: the view's section named by its title, holding the
 * list as the page's table ({@link ListSection}, `page`) with its state at the URL's top level, the
 * view's title as the export's context, an empty state saying `empty`, and its definition's filter bar
 * ({@link TableFilterBar}) unless the view draws its own `toolbar`.
 */
export function PageList<E extends TableEndpointName>(props: PageListProps<E>) {
  const { definition, options, clear, title, empty, ...section } = props;
  const filterKeys = useMemo(() => props.filterKeys ?? barFilterKeys(definition), [props.filterKeys, definition]);
  return (
    <section className="view" aria-label={title}>
      <ListSection<E>
        {...section}
        variant="page"
        endpoint={props.resource.endpoint}
        path={NO_PATH}
        prefix=""
        filterKeys={filterKeys}
        context={{ view: title }}
        title={title}
        label={props.label ?? title}
        empty={<EmptyState title={empty} />}
        toolbar={
          props.toolbar ?? ((t) => <TableFilterBar table={t} definition={definition} options={options} clear={clear} />)
        }
      />
    </section>
  );
}
