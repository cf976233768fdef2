import { useId } from 'react';
import { Link } from 'react-router';
import type { CoverageRow } from '../../../shared/department/desk.ts';
import { AREA_LABELS, GOALIE_AREAS, type GradeArea, SKATER_AREAS } from '../../../shared/domain/report-areas.ts';
import { ErrorPanel } from '../../components/ErrorPanel.tsx';
import { SkeletonText } from '../../components/States.tsx';
import {
  disagreeText,
  projectionsText,
  topProjectionText,
  usePlayerCoverage,
} from '../../entities/department/coverage.ts';
import { useDepartmentSettings } from '../../entities/department/useDepartment.ts';
import { gradeText } from '../../entities/reports/useReports.ts';
import { formatDay, formatFixed, formatInt } from '../../format/index.ts';
import './coverage-section.css';

/** Every grade area in the order a report form shows them (skaters', then the goalies' own). */
const AREAS: readonly GradeArea[] = [...new Set<GradeArea>([...SKATER_AREAS, ...GOALIE_AREAS])];

/** The section's key figures: reports, scouts, first and last viewing, the most common projection. */
function Facts({ row }: { row: CoverageRow }) {
  const facts: [string, string, string?][] = [
    ['Final reports', formatInt(row.reports)],
    ['Scouts', formatInt(row.scouts), row.scoutNames.join(', ')],
    ['First viewing', formatDay(row.firstSeen)],
    ['Last viewing', formatDay(row.lastSeen)],
    ['Most common projection', topProjectionText(row), projectionsText(row)],
  ];
  return (
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
  );
}

/** Each graded area's mean and range; an area whose range is over the threshold marked and said. */
function Areas({ row, name }: { row: CoverageRow; name: string }) {
  return (
    <table className="cov-areas" aria-label={`Department grades of ${name} by area`}>
      <thead>
        <tr>
          <th scope="col">Area</th>
          <th scope="col" className="num">
            Mean
          </th>
          <th scope="col" className="num">
            Range
          </th>
          <th scope="col" className="num">
            Graded
          </th>
        </tr>
      </thead>
      <tbody>
        {AREAS.flatMap((area) => {
          const a = row.areas[area];
          if (!a) return [];
          const wide = row.disagreeAreas.includes(area);
          return [
            <tr key={area} className={wide ? 'cov-disagree' : undefined}>
              <th scope="row">
                {AREA_LABELS[area]}
                {wide ? <span className="cov-flag"> · scouts disagree</span> : null}
              </th>
              <td className="num strong">{formatFixed(a.mean, 1)}</td>
              <td className="num">{a.min === a.max ? gradeText(a.min) : `${gradeText(a.min)}–${gradeText(a.max)}`}</td>
              <td className="num muted">{formatInt(a.graded)}</td>
            </tr>,
          ];
        })}
      </tbody>
    </table>
  );
}

/**
 * The department's coverage of the player, on his page: how many final reports, by which scouts, the first
 * and last viewing, the most common projection and their distribution, each area's mean and range, and
 * whether the scouts disagree (an area's range over the department's threshold). Read with the Coverage
 * view's own query, for this one player, from this computer's copy. Nothing at all when no department is
 * set up.
 */
export function CoverageSection({ player }: { player: { id: number; name: string; dateOfBirth: string | null } }) {
  const id = useId();
  const on = (useDepartmentSettings().data?.config ?? null) !== null;
  const q = usePlayerCoverage(player, on);
  if (!on) return null;
  const row = q.data?.row ?? null;
  const threshold = q.data ? formatFixed(q.data.threshold, 1) : '';
  return (
    <section className="cov-section card" aria-labelledby={`${id}-h`}>
      <header className="cov-head">
        <h3 id={`${id}-h`}>Department coverage</h3>
        <Link to="/coverage" className="small">
          Every player’s coverage
        </Link>
      </header>
      {q.isLoading ? <SkeletonText width="l" /> : null}
      {q.isError ? (
        <ErrorPanel error={q.error} what="the department’s coverage" onRetry={() => void q.refetch()} />
      ) : null}
      {q.data && row === null ? (
        <p className="muted small">
          No final report on <bdi>{player.name}</bdi> from the department yet: nobody has seen him.
        </p>
      ) : null}
      {row ? (
        <>
          <Facts row={row} />
          {row.disagreeAreas.length > 0 ? (
            <p className="cov-verdict cov-verdict-split" role="note">
              Scouts disagree on {disagreeText(row)}: the grades range over the department’s threshold of {threshold}.
            </p>
          ) : (
            <p className="cov-verdict muted small" role="note">
              Scouts agree: no area’s grades range over the department’s threshold of {threshold}.
            </p>
          )}
          <Areas row={row} name={player.name} />
        </>
      ) : null}
    </section>
  );
}
