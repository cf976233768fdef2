import { ChartExportMenu } from '../../charts/ChartExportMenu.tsx';
import { DayInput } from '../../components/DayInput.tsx';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { Field } from '../../components/Field.tsx';
import { FilterFieldset } from '../../components/FilterFieldset.tsx';
import { EmptyState, LoadingState } from '../../components/States.tsx';
import { NoDepartment } from '../../entities/department/NoDepartment.tsx';
import { useDepartmentSettings } from '../../entities/department/useDepartment.ts';
import { DAY_PATTERN_HINT } from '../../format/index.ts';
import { exportTable, scoutsOf, weekRows } from './rows.ts';
import { LOG_FIELDS, useViewingLog } from './useViewingLog.ts';
import { ViewingLogTable } from './ViewingLogTable.tsx';
import './viewing-log.css';

/** The filters: whose log (a director's choice) and the days, kept in the address. */
function Filters(props: {
  params: URLSearchParams;
  set: (fields: Record<string, string>) => void;
  scouts: { owner: string; name: string }[] | null;
}) {
  const { params, set } = props;
  const any = Object.values(LOG_FIELDS).some((k) => params.has(k));
  const chosen = params.get(LOG_FIELDS.scout) ?? '';
  // A scout chosen who has no week in these days stays named in the box (by his login).
  const scouts =
    props.scouts && chosen !== '' && !props.scouts.some((s) => s.owner === chosen)
      ? [...props.scouts, { owner: chosen, name: chosen }]
      : props.scouts;
  return (
    <FilterFieldset filtered={any} onClear={() => set({ scout: '', from: '', to: '' })}>
      {scouts ? (
        <label className="field">
          <span className="field-label">Scout</span>
          <select value={chosen} onChange={(e) => set({ scout: e.currentTarget.value })}>
            <option value="">Every scout</option>
            {scouts.map((s) => (
              <option key={s.owner} value={s.owner}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {(['from', 'to'] as const).map((k) => (
        <Field key={k} label={`${k === 'from' ? 'From' : 'To'} (${DAY_PATTERN_HINT})`}>
          <DayInput value={params.get(LOG_FIELDS[k]) ?? ''} onChange={(v) => set({ [k]: v })} />
        </Field>
      ))}
    </FilterFieldset>
  );
}

/**
 * The viewing log (`#/viewing-log`): per ISO week, newest first, the games each scout saw (his final
 * reports) and his open assignments as planned. A scout reads his own; a director every scout's (or one
 * he chooses), so the department's load shows. From this computer's copy (`departmentViewingLog`), so it
 * answers offline on the last pull; the address keeps the scout and the days.
 */
export function ViewingLogView() {
  const settings = useDepartmentSettings();
  const on = (settings.data?.config ?? null) !== null;
  const director = settings.data?.director === true;
  const { params, set, result, scout } = useViewingLog(director, on);
  const log = result.data ?? [];
  const weeks = weekRows(log, scout);
  const filtered = [...params.keys()].some((k) => Object.values<string>(LOG_FIELDS).includes(k));
  const several = director && scout === null;
  return (
    <section className="view scroll vlog-view" aria-labelledby="vlog-title">
      <header className="view-head">
        <div>
          <h1 id="vlog-title">Viewing log</h1>
          <p className="muted small vlog-note">
            {director
              ? 'Every scout’s games seen (final reports) and open assignments, by week, from this computer’s copy.'
              : 'Your games seen (final reports) and open assignments, by week, from this computer’s copy.'}
          </p>
        </div>
        {weeks.length > 0 ? (
          <ChartExportMenu table={exportTable(weeks)} context={{ view: 'viewing-log', ...(scout ? { scout } : {}) }} />
        ) : null}
      </header>
      {on ? <Filters params={params} set={set} scouts={director ? scoutsOf(log) : null} /> : null}
      {settings.isError || result.isError ? (
        <ErrorPanel
          error={settings.error ?? result.error}
          what="the viewing log"
          onRetry={() => void (settings.isError ? settings.refetch() : result.refetch())}
        />
      ) : !settings.data || (on && !result.data) ? (
        <LoadingState what="the viewing log" card />
      ) : !on ? (
        <NoDepartment what="The viewing log shows a department’s games seen and assignments, week by week." />
      ) : weeks.length === 0 ? (
        <div className="card">
          <EmptyState title={filtered ? 'No viewing in these weeks.' : 'No viewing yet.'}>
            <p className="muted small">
              {filtered
                ? 'Clear a filter to see more weeks.'
                : 'Final reports show here in the week of their game, open assignments in the week they are planned for.'}
            </p>
          </EmptyState>
        </div>
      ) : (
        <ViewingLogTable weeks={weeks} scoutColumn={several} />
      )}
    </section>
  );
}
