import { useMemo } from 'react';
import { CATALOG, formatCount } from '../../../shared/columns/index.ts';
import type { ListQuery } from '../../../shared/query/query.ts';
import type { TableSpec } from '../../../shared/query/table-spec.ts';
import { useList } from '../../bridge/queries.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { SkeletonText } from '../../components/States.tsx';
import { ExportMenu } from '../../table/ExportMenu.tsx';

/** Every year at once: a club's transfer years fit in one page many times over (spec limit 1000). */
const QUERY: ListQuery = { offset: 0, limit: 1000, filters: {} };

/**
 * The years with transfers to or from the team (`GET /teams/{id}/transfers/years`; spec: `data` an array of
 * integers, query `offset` and `limit` only), newest first as the service gives them, as a row of years.
 * The spec has no operation that lists the transfers themselves.
 */
export function TransferYears(props: { teamId: number; teamName: string }) {
  const path = useMemo(() => ({ id: props.teamId }), [props.teamId]);
  const list = useList('teamTransferYears', path, QUERY, { prefetchNext: false });
  const years = list.data?.data;
  const total = list.data?._meta.totalRecords ?? 0;
  const spec = useMemo<TableSpec>(
    () => ({
      endpoint: 'teamTransferYears',
      path,
      query: QUERY,
      columns: CATALOG.transferYears.columns,
      context: { view: 'Transfer years', team: props.teamName },
    }),
    [path, props.teamName],
  );
  return (
    <section className="org-transfers" aria-labelledby="transfer-years-title">
      <header className="section-head">
        <h2 id="transfer-years-title">Transfer years</h2>
        <span className="muted small">{years ? formatCount(total, 'year') : ''}</span>
        <div className="topbar-spacer" />
        <ExportMenu spec={spec} rows={years} totalRecords={total} />
      </header>
      <div className="card org-card">
        {list.isError ? (
          <ErrorPanel
            error={list.error}
            what={`the transfer years of ${props.teamName}`}
            onRetry={() => void list.refetch()}
          />
        ) : years === undefined ? (
          <SkeletonText width="l" />
        ) : years.length === 0 ? (
          <p className="muted small">No transfers to or from {props.teamName} are recorded.</p>
        ) : (
          <>
            <ul className="season-strip" aria-label={`Years with transfers, ${props.teamName}`}>
              {years.map((y) => (
                <li key={y} className="chip static">
                  {y}
                </li>
              ))}
            </ul>
            <p className="muted small">
              The years in which players joined or left {props.teamName}. The service lists the years only, not the
              transfers.
            </p>
          </>
        )}
      </div>
    </section>
  );
}
