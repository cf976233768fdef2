import { memo, useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { AXIS, MARGIN, PENDING, TICK, TICK_SMALL } from '../../../charts/axes.tsx';
import { CHART_HEIGHT, ChartFrame } from '../../../charts/ChartFrame.tsx';
import { BarMark, type ShapeProps } from '../../../charts/marks.tsx';
import { colourOf } from '../../../charts/palette.ts';
import { formatMetric, type LeagueReference, profileRows } from '../model.ts';
import { type ChartBase, WAITING } from './common.ts';

type ProfileRow = ReturnType<typeof profileRows>[number];

/**
 * The chosen teams against the league average: per metric, each team's distance from the average in
 * league standard deviations. Each metric says under its name what up means: better (lower-is-better
 * metrics are turned), or for age, height and weight, which have no better direction, older, taller,
 * heavier (their bars pale).
 */
export const ProfileChart = memo(function ProfileChart(p: ChartBase & { reference: LeagueReference; shots: boolean }) {
  const rows = useMemo(() => profileRows(p.chosen, p.reference), [p.chosen, p.reference]);
  const table = useMemo(
    () => ({
      columns: ['Metric', 'League average', ...p.chosen.map((t) => t.name)],
      rows: rows.map((r) => [
        r.label,
        formatMetric(r.metric, r.league),
        ...p.chosen.map((t) => formatMetric(r.metric, r.values[t.id] ?? null)),
      ]),
    }),
    [rows, p.chosen],
  );
  const legend = useMemo(() => [...p.legend, { label: 'League average (0, dashed)', colour: '#555' }], [p.legend]);
  // One Bar per team (a bar group per metric); its value and shape are made once per team list.
  const bars = useMemo(
    () =>
      p.chosen.map((t, i) => {
        const colour = colourOf(i);
        const value = (r: ProfileRow) => r.scores[t.id] ?? null;
        const shape = (s: unknown) => {
          const sp = s as ShapeProps;
          const r = sp.payload as ProfileRow;
          return (
            <BarMark
              {...sp}
              fill={colour}
              muted={r.better === 'none'}
              label={`${t.name}: ${r.label} ${formatMetric(r.metric, r.values[t.id] ?? null)}; league average ${formatMetric(r.metric, r.league)}`}
            />
          );
        };
        return <Bar key={t.id} name={t.name} dataKey={value} fill={colour} isAnimationActive={false} shape={shape} />;
      }),
    [p.chosen],
  );
  const tooltip = useMemo(
    () => (
      <Tooltip
        isAnimationActive={false}
        content={({ active, payload }) => {
          const row = active ? (payload?.[0]?.payload as ProfileRow | undefined) : undefined;
          if (!row) return null;
          return (
            <div className="chart-tip">
              <strong>{row.label}</strong>
              <div>League average: {formatMetric(row.metric, row.league)}</div>
              {p.chosen.map((t, i) => (
                <div key={t.id} style={{ color: colourOf(i) }}>
                  {t.name}: {formatMetric(row.metric, row.values[t.id] ?? null)}
                </div>
              ))}
            </div>
          );
        }}
      />
    ),
    [p.chosen],
  );
  return (
    <ChartFrame
      id="profile"
      exportContext={{ view: 'Compare profile', ...p.words }}
      title={`Profile against the league average · ${p.context}`}
      fileName={`${p.fileStem}-profile`}
      legend={legend}
      table={table}
      note={
        <>
          Bars: league standard deviations from the league average. Under each metric, what up means: better (GA/GP and
          GAA, where lower is better, are turned), or for age, height and weight, which have no better direction, older,
          taller, heavier (pale bars). Exact values in the tooltips and the table.
          {p.shots ? '' : ' No SV%: shots against were not recorded this season.'}
        </>
      }
    >
      {(width) =>
        p.drawn ? (
          <BarChart width={width} height={CHART_HEIGHT} data={rows} margin={MARGIN}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="axis" tick={TICK_SMALL} interval={0} height={36} />
            <YAxis tick={TICK} interval={0} label={PROFILE_Y_LABEL} />
            {tooltip}
            <ReferenceLine y={0} stroke="#555" strokeDasharray="4 2" />
            {bars}
          </BarChart>
        ) : p.waiting ? (
          WAITING
        ) : (
          PENDING
        )
      }
    </ChartFrame>
  );
});
const PROFILE_Y_LABEL = {
  value: 'SDs from the league average',
  angle: -90,
  position: 'insideLeft',
  style: AXIS,
  dy: 90,
} as const;
