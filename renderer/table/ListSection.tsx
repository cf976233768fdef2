import { type ReactNode, useId } from 'react';
import { formatCount } from '../../shared/columns/index.ts';
import type { EndpointRecord, ListEndpointName } from '../../shared/contract/endpoints.ts';
import { toServiceError } from '../bridge/client.ts';
import { ErrorPanel } from '../components/ErrorPanel.tsx';
import { DataTable } from './DataTable.tsx';
import { ExportMenu } from './ExportMenu.tsx';
import { type ListTable, type ListTableArgs, useListTable } from './useListTable.ts';
import './list-section.css';

/** List endpoints whose records are objects (a table's rows; transfer years are bare numbers). */
export type TableEndpointName = {
  [K in ListEndpointName]: EndpointRecord<K> extends Record<string, unknown> ? K : never;
}[ListEndpointName];

/** What {@link ListSection} draws: a list table's arguments and how its section reads. */
export type ListSectionProps<E extends TableEndpointName> = ListTableArgs<E> & {
  title: string;
  /** The table's accessible name (`Affiliates of Boston Bruins`). */
  label: string;
  /** What was asked for, for the error panel: `the affiliates of Boston Bruins`. */
  what: string;
  /** The noun of the count beside the title: `team` → `3 teams`. */
  noun: [string, string?];
  empty: ReactNode;
  /** Shown instead of the error panel when the service answers 404 (a season without a team comparison). */
  notFound?: ReactNode;
  getRowId: (row: EndpointRecord<E>, index: number) => string;
  renderCell?: Partial<Record<string, (row: EndpointRecord<E>) => ReactNode>>;
  onOpenRow?: (row: EndpointRecord<E>) => void;
  toolbar?: (table: ListTable<E>) => ReactNode;
  /** Extra actions at the heading's right end (a link to the full list). */
  actions?: ReactNode;
  /** A note under the heading. */
  note?: ReactNode;
  /** `page`: the view's one table, its title the page's heading (h1) and the table filling the view. */
  variant?: 'section' | 'page';
  /** The scroll container's class: `fill` takes the rest of the view; default a capped height. */
  scroll?: string;
  className?: string;
};

/**
 * One server-driven table of a page, as a section: a heading with the record count and the Export menu,
 * the scout's own controls (`toolbar`, given the table's query and setter), and the DataTable with server
 * sort and paging, its state in the URL under the table's prefix. Loading shows skeleton rows; an error
 * (401, 403, 404, …) the error panel naming `what`; no records the `empty` state.
 */
export function ListSection<E extends TableEndpointName>(props: ListSectionProps<E>) {
  const table = useListTable(props);
  const { spec, list, rows, total } = table;
  const titleId = useId();
  const [one, many] = props.noun;
  const page = props.variant === 'page';
  const count = list.data ? formatCount(total, one, many) : list.isError ? '' : 'Loading…';
  const exportMenu = <ExportMenu spec={spec} rows={rows} totalRecords={total} />;
  return (
    <section className={`list-section ${page ? 'fill' : ''} ${props.className ?? ''}`} aria-labelledby={titleId}>
      {page ? (
        <>
          <header className="view-head">
            <div>
              <h1 id={titleId}>{props.title}</h1>
              <p className="muted">{count}</p>
            </div>
            <div className="topbar-spacer" />
            {props.actions}
            {exportMenu}
          </header>
          {props.toolbar ? <search className="toolbar">{props.toolbar(table)}</search> : null}
        </>
      ) : (
        <header className="section-head">
          <h2 id={titleId}>{props.title}</h2>
          <span className="muted small">{list.data ? count : ''}</span>
          {props.toolbar?.(table)}
          <div className="topbar-spacer" />
          {exportMenu}
          {props.actions}
        </header>
      )}
      {props.note}
      <div className={page || props.scroll === 'fill' ? 'card fill' : 'card'}>
        <DataTable<EndpointRecord<E>>
          label={props.label}
          columns={spec.columns}
          rows={props.enabled === false ? undefined : rows}
          totalRecords={total}
          query={spec.query}
          onQueryChange={(q) => table.setQuery(q)}
          // A section's few rows fit on one page: the pager shows only when there are more.
          paging={page || spec.query.offset > 0 || total > spec.query.limit}
          getRowId={props.getRowId}
          renderCell={props.renderCell}
          onOpenRow={props.onOpenRow}
          stale={list.isPlaceholderData && list.isFetching}
          className={page ? 'fill' : (props.scroll ?? 'section-scroll')}
          error={
            !list.isError ? undefined : props.notFound && toServiceError(list.error).kind === 'not-found' ? (
              props.notFound
            ) : (
              <ErrorPanel error={list.error} what={props.what} onRetry={() => void list.refetch()} />
            )
          }
          empty={props.empty}
        />
      </div>
    </section>
  );
}
