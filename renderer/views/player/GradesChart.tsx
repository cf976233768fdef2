import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { AREA_LABELS, areasOf } from '../../../shared/domain/report-areas.ts';
import type { ReportKind, ScoutingReport } from '../../../shared/domain/reports.ts';
import { colourOf } from '../../charts/palette.ts';
import { formatMonthDay } from '../../format/index.ts';

/**
 * A player's grades over time: one line per area over his final reports, oldest game first (a small chart
 * beside the file's numbers). Loaded lazily with Recharts, so the player page's first paint never waits
 * for it. Areas a report left "not seen" are gaps in their line, not zeros.
 */
export default function GradesChart(props: { reports: readonly ScoutingReport[]; kind: ReportKind }) {
  const finals = props.reports.filter((r) => r.status === 'final' && r.kind === props.kind);
  const data = [...finals]
    .sort((a, b) => a.gameDate.localeCompare(b.gameDate) || a.createdAt.localeCompare(b.createdAt))
    .map((r) => ({ date: r.gameDate, ...r.grades }));
  const areas = areasOf(props.kind);
  return (
    <figure className="grades-chart" aria-label="Grades over time">
      <ResponsiveContainer width="100%" height={180}>
        <LineChart data={data} margin={{ top: 6, right: 12, bottom: 0, left: -18 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
          <XAxis dataKey="date" tick={{ fontSize: 10 }} tickFormatter={formatMonthDay} />
          <YAxis domain={[1, 10]} ticks={[2, 4, 6, 8, 10]} tick={{ fontSize: 10 }} />
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 11 }} iconSize={8} />
          {areas.map((a, i) => (
            <Line
              key={a}
              dataKey={a}
              name={AREA_LABELS[a]}
              stroke={colourOf(i)}
              strokeWidth={1.5}
              dot={{ r: 2 }}
              connectNulls
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}
