import type { CoverageRow } from '../../../shared/department/desk.ts';
import { disagreeText } from '../../entities/department/coverage.ts';
import { formatDay, formatGrade, formatInt } from '../../format/index.ts';

/**
 * The department's key figures on the player (his row of the Coverage view, for this one player): how many
 * final reports, by which scouts, the first and last viewing; and whether the scouts disagree (an area's
 * range over the department's `threshold`). The projections and each area's figures are the panel's
 * own (DepartmentPanel.tsx), said once.
 */
export function DepartmentFacts({ row, threshold }: { row: CoverageRow; threshold: number }) {
  const facts: [string, string, string?][] = [
    ['Final reports', formatInt(row.reports)],
    ['Scouts', formatInt(row.scouts), row.scoutNames.join(', ')],
    ['First viewing', formatDay(row.firstSeen)],
    ['Last viewing', formatDay(row.lastSeen)],
  ];
  // A span of grades, written as grades are (as Coverage's setting writes it).
  const limit = formatGrade(threshold);
  return (
    <>
      <dl className="cov-facts">
        {facts.map(([term, value, more]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>
              <span className="cov-value">{value}</span>
              {more && more !== value ? <span className="muted small cov-more">{more}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
      {row.disagreeAreas.length > 0 ? (
        <p className="cov-verdict cov-verdict-split" role="note">
          Scouts disagree on {disagreeText(row)}: the grades range over the department’s threshold of {limit}.
        </p>
      ) : (
        <p className="cov-verdict muted small" role="note">
          Scouts agree: no area’s grades range over the department’s threshold of {limit}.
        </p>
      )}
    </>
  );
}
