import { AREA_LABELS, areasOf } from '../../../shared/domain/report-areas.ts';
import type { Grades, ReportKind } from '../../../shared/domain/reports.ts';

/** Every grade a scout can give: 1 to 10 in half points. */
const STEPS = Array.from({ length: 19 }, (_, i) => 1 + i / 2);

/**
 * The six graded areas of a report (a goalie's own six), each a select of 1 to 10 in half points with
 * "Not seen" first, so a scout at the rink grades with the keyboard alone (Tab, then the first digit).
 */
export function GradeFields(props: {
  kind: ReportKind;
  grades: Grades;
  onChange: (grades: Grades) => void;
  invalid: string | null;
}) {
  return (
    <fieldset className="report-grades">
      <legend>
        Grades <span className="muted small">1–10, half points · 5 average prospect, 8 top of the draft, 10 elite</span>
      </legend>
      {areasOf(props.kind).map((area) => {
        const g = props.grades[area];
        const bad = props.invalid === `grades.${area}` || props.invalid === 'grades';
        return (
          <label key={area} className={bad ? 'grade-row invalid' : 'grade-row'}>
            <span>{AREA_LABELS[area]}</span>
            <select
              aria-label={`${AREA_LABELS[area]} grade`}
              aria-invalid={bad || undefined}
              value={typeof g === 'number' ? String(g) : ''}
              onChange={(e) =>
                props.onChange({ ...props.grades, [area]: e.target.value === '' ? null : Number(e.target.value) })
              }
            >
              <option value="">Not seen</option>
              {STEPS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
            <span className="grade-bar" aria-hidden="true">
              <span style={{ width: `${typeof g === 'number' ? g * 10 : 0}%` }} />
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}
