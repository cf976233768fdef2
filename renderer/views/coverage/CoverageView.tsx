import type { CoverageRow } from '../../../shared/department/desk.ts';
import { call } from '../../bridge/client.ts';
import { ChartExportMenu } from '../../charts/ChartExportMenu.tsx';
import type { ChartTable } from '../../charts/chartExport.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { EmptyState, LoadingState } from '../../components/States.tsx';
import { NoDepartment } from '../../entities/department/NoDepartment.tsx';
import { useDepartmentSettings } from '../../entities/department/useDepartment.ts';
import { Pager } from '../../table/Pager.tsx';
import { CoverageFilters } from './CoverageFilters.tsx';
import { CoverageTable } from './CoverageTable.tsx';
import { coverageColumns } from './columns.ts';
import { ThresholdSetting } from './ThresholdSetting.tsx';
import { useCoverage } from './useCoverage.ts';
import './coverage.css';

/** The most rows the coverage query gives at once: an export asks for all of them. */
const EVERY_ROW = 100_000;

/** The rows as the export writes them: each column's full title and its cells' text. */
function tableOf(rows: readonly CoverageRow[]): ChartTable {
  const columns = coverageColumns(rows);
  return { columns: columns.map((c) => c.title), rows: rows.map((r) => columns.map((c) => c.text(r))) };
}

/**
 * Coverage (`#/coverage`): every player the department's final reports are on, with how many reports, by
 * how many scouts, the first and last viewing, each grade area's mean and range, the most common projection
 * and where the scouts disagree (a range over the department's threshold). Filtered, sorted and paged by
 * this computer's copy of the department (`departmentCoverage`), so it answers offline on the last pull; the
 * address keeps the filters, the sort and the page.
 */
export function CoverageView() {
  const { query, result, params, set } = useCoverage();
  const settings = useDepartmentSettings();
  const department = (settings.data?.config ?? null) !== null;
  const director = settings.data?.director === true;
  const data = result.data;
  const rows = data?.rows ?? [];
  const columns = coverageColumns(rows);
  const offset = query.offset ?? 0;
  const limit = query.limit ?? 50;
  const total = data?.total ?? 0;
  const filtered = [...params.keys()].some((k) => !['sort', 'offset', 'limit'].includes(k));
  const page = (o: number) => set({ offset: o > 0 ? String(o) : '' }, true);
  return (
    <section className="view scroll coverage-view" aria-labelledby="coverage-title">
      <header className="view-head">
        <div>
          <h1 id="coverage-title">Coverage</h1>
          <p className="muted small coverage-note">
            The department’s final reports per player, from this computer’s copy (the last sync).
          </p>
        </div>
        {department ? (
          <ChartExportMenu
            table={tableOf(rows)}
            // Every row the filters keep, in the order shown, not only this page.
            load={async () =>
              tableOf((await call('departmentCoverage', { ...query, offset: 0, limit: EVERY_ROW })).rows)
            }
            context={{ view: 'coverage' }}
          />
        ) : null}
      </header>
      {data && department ? <ThresholdSetting threshold={data.threshold} director={director} /> : null}
      {department ? <CoverageFilters params={params} set={set} /> : null}
      {settings.isError || result.isError ? (
        <ErrorPanel
          error={settings.error ?? result.error}
          what="the coverage"
          onRetry={() => void (settings.isError ? settings.refetch() : result.refetch())}
        />
      ) : !settings.data || (department && !data) ? (
        <LoadingState what="the coverage" card />
      ) : !department ? (
        <NoDepartment what="Coverage sums up your department’s final reports, player by player." />
      ) : rows.length === 0 ? (
        <div className="card">
          <EmptyState title={filtered ? 'No player matches these filters.' : 'No final report in the department yet.'}>
            <p className="muted small">
              {filtered
                ? 'Clear a filter to see more players.'
                : 'Scouts’ final reports appear here after their next sync.'}
            </p>
          </EmptyState>
        </div>
      ) : (
        <>
          <CoverageTable
            rows={rows}
            columns={columns}
            query={query}
            busy={result.isFetching}
            onSort={(sort, desc) => set({ sort: `${desc ? '-' : ''}${sort}` })}
          />
          <Pager
            label="Coverage"
            offset={offset}
            limit={limit}
            shown={rows.length}
            total={total}
            canPrev={offset > 0}
            canNext={offset + rows.length < total}
            onFirst={() => page(0)}
            onPrev={() => page(Math.max(0, offset - limit))}
            onNext={() => page(offset + limit)}
            onLast={() => page(Math.floor((total - 1) / limit) * limit)}
            onPageSize={(n) => set({ limit: String(n), offset: '' }, true)}
          />
        </>
      )}
    </section>
  );
}
