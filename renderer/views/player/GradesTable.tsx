import { AREA_LABELS, type GradeArea } from '../../../shared/domain/report-areas.ts';
import type { ReportsSummary } from '../../../shared/domain/reports.ts';
import { gradeText } from '../../entities/reports/useReports.ts';
import { formatFixed } from '../../format/index.ts';

/** A range of grades as scouts write it: `6–8`, `7` when all agree, `—` when none. */
const rangeText = (min: number | null, max: number | null) =>
  min === null ? '—' : min === max ? gradeText(min) : `${gradeText(min)}–${gradeText(max)}`;

/**
 * Each area's mean and range over final reports, and how many graded it: the scout's own file, or the
 * department's with the scout's own mean beside it (`yours`) and the areas the scouts disagree on
 * (`disagree`: their range is over the department's threshold) marked and said. `className`: the table's
 * own look.
 */
export function GradesTable(props: {
  summary: ReportsSummary;
  label: string;
  meanLabel: string;
  countLabel: string;
  yours?: ReportsSummary;
  disagree?: readonly GradeArea[];
  className: string;
}) {
  const { summary, yours } = props;
  return (
    <table className={props.className} aria-label={props.label}>
      <thead>
        <tr>
          <th scope="col">Area</th>
          <th scope="col" className="num">
            {props.meanLabel}
          </th>
          <th scope="col" className="num">
            Range
          </th>
          <th scope="col" className="num">
            {props.countLabel}
          </th>
          {yours ? (
            <th scope="col" className="num">
              Yours
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody>
        {summary.areas.map((a) => (
          <tr key={a.area} className={props.disagree?.includes(a.area) ? 'grades-disagree' : undefined}>
            <th scope="row">
              {AREA_LABELS[a.area]}
              {props.disagree?.includes(a.area) ? <span className="grades-flag"> · scouts disagree</span> : null}
            </th>
            <td className="num strong">{formatFixed(a.mean, 1)}</td>
            <td className="num">{rangeText(a.min, a.max)}</td>
            <td className="num muted">{a.graded}</td>
            {yours ? (
              <td className="num">{formatFixed(yours.areas.find((o) => o.area === a.area)?.mean ?? null, 1)}</td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
