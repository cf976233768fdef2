import { memo, useMemo } from 'react';
import { CartesianGrid, Line, LineChart, ReferenceLine, Tooltip, XAxis, YAxis } from 'recharts';
import { AUTO, AXIS, MARGIN_LABELLED, PENDING, TICK, TICK_SMALL } from '../../../charts/axes.tsx';
import { CHART_HEIGHT, ChartFrame } from '../../../charts/ChartFrame.tsx';
import { PointMark, type ShapeProps } from '../../../charts/marks.tsx';
import { colourOf } from '../../../charts/palette.ts';
import { formatSeasonShort } from '../../../format/index.ts';
import { formatTrend, type TeamFigures, TREND_METRICS, type TrendMetric, type TrendRow, trendLabel } from '../model.ts';
import { type ChartBase, WAITING } from './common.ts';

/** Most season labels the trend's axis shows: a fixed step spares Recharts measuring every label's width. */
const TREND_TICKS = 12;

/** A metric of the chosen teams season by season, over the seasons the key can see. */
export const TrendChart = memo(function TrendChart(
  p: Omit<ChartBase, 'chosen'> & {
    /** The chosen teams, in the order chosen (their lines' colours). */
    chosen: readonly TeamName[];
    trend: readonly TrendRow[];
    trendNote?: string;
    metric: TrendMetric;
    onMetric: (m: TrendMetric) => void;
  },
) {
  const metric = p.metric;
  const label = trendLabel(metric);
  const data = useMemo(
    () =>
      p.trend.map((r) => ({
        season: r.season,
        ...Object.fromEntries(p.chosen.map((t) => [`t${t.id}`, r.values[t.id] ?? null])),
      })),
    [p.trend, p.chosen],
  );
  const table = useMemo(
    () => ({
      columns: ['Season', ...p.chosen.map((t) => t.name)],
      rows: p.trend.map((r) => [r.season, ...p.chosen.map((t) => formatTrend(metric, r.values[t.id] ?? null))]),
    }),
    [p.trend, p.chosen, metric],
  );
  const lines = useTrendLines(p.chosen, metric);
  const tooltip = useTrendTooltip(p.trend, p.chosen, metric);
  const tick = useMemo(() => (v: number) => formatTrend(metric, v), [metric]);
  const yLabel = useMemo(() => ({ ...Y_LABEL, value: label }), [label]);
  const controls = <TrendMetricSelect metric={metric} onMetric={p.onMetric} />;
  return (
    <ChartFrame
      id="trend"
      exportContext={{ view: `Compare trend ${metric.label}`, ...p.words }}
      title={`${label} by season · ${p.context.split(' ')[0]}`}
      fileName={`${p.fileStem}-trend-${metric.key}`}
      legend={p.legend}
      table={table}
      controls={controls}
      note={
        <>
          {p.trendNote ?? `${metric.title}, from the standings of each season your key can see.`}
          {metric.better === 'lower' ? ` Lower is better: the ${metric.label} axis is reversed, so up is good.` : ''}
        </>
      }
    >
      {(width) =>
        p.drawn ? (
          <LineChart width={width} height={CHART_HEIGHT} data={data} margin={MARGIN_LABELLED}>
            {/* No vertical lines: Recharts would place them by measuring every season label in the DOM. */}
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="season"
              tick={TICK_SMALL}
              tickFormatter={formatSeasonShort}
              interval={Math.max(0, Math.ceil(data.length / TREND_TICKS) - 1)}
            />
            <YAxis
              tick={TICK}
              domain={AUTO}
              interval={0}
              tickFormatter={tick}
              label={yLabel}
              reversed={metric.better === 'lower'}
            />
            {tooltip}
            {metric.key === 'pts-pct' ? (
              <ReferenceLine y={0.5} stroke="#555" strokeDasharray="4 2" label={HALF_LABEL} />
            ) : metric.key === 'gd' ? (
              <ReferenceLine y={0} stroke="#555" strokeDasharray="4 2" />
            ) : null}
            {lines}
          </LineChart>
        ) : p.waiting ? (
          WAITING
        ) : (
          PENDING
        )
      }
    </ChartFrame>
  );
});
const Y_LABEL = { angle: -90, position: 'insideLeft', style: AXIS } as const;
const HALF_LABEL = { value: '.500', position: 'insideTopLeft', style: AXIS } as const;

/** A chosen team as the trend names it. */
type TeamName = Pick<TeamFigures, 'id' | 'name'>;

/** One line per chosen team, each point a focusable mark with its exact value. */
function useTrendLines(chosen: readonly TeamName[], metric: TrendMetric) {
  const label = trendLabel(metric);
  return useMemo(
    () =>
      chosen.map((t, i) => {
        const colour = colourOf(i);
        const dot = (s: unknown) => {
          const sp = s as ShapeProps & { value?: number | null };
          const row = sp.payload as { season: string };
          if (sp.value === null || sp.value === undefined) return <g key={`${t.id}-${row.season}`} />;
          return (
            <PointMark
              key={`${t.id}-${row.season}`}
              cx={sp.cx}
              cy={sp.cy}
              r={3.5}
              fill={colour}
              label={`${t.name}, ${row.season}: ${label} ${formatTrend(metric, sp.value)}`}
            />
          );
        };
        return (
          <Line
            key={t.id}
            name={t.name}
            dataKey={`t${t.id}`}
            stroke={colour}
            strokeWidth={2}
            isAnimationActive={false}
            connectNulls={false}
            dot={dot}
            activeDot={false}
          />
        );
      }),
    [chosen, metric, label],
  );
}

/** The tooltip of a season: each chosen team's value. */
function useTrendTooltip(trend: readonly TrendRow[], chosen: readonly TeamName[], metric: TrendMetric) {
  const label = trendLabel(metric);
  return useMemo(
    () => (
      <Tooltip
        isAnimationActive={false}
        content={({ active, payload, label: season }) => {
          if (!active || !payload?.length) return null;
          const row = trend.find((r) => r.season === season);
          return (
            <div className="chart-tip">
              <strong>
                {String(season)} · {label}
              </strong>
              {chosen.map((t, i) => (
                <div key={t.id} style={{ color: colourOf(i) }}>
                  {t.name}: {formatTrend(metric, row?.values[t.id] ?? null)}
                </div>
              ))}
            </div>
          );
        }}
      />
    ),
    [trend, chosen, metric, label],
  );
}

/** The trend's metric select: PTS%, GD, GF/GP … (TREND_METRICS). */
function TrendMetricSelect(props: { metric: TrendMetric; onMetric: (m: TrendMetric) => void }) {
  return (
    <label className="inline-field">
      <span className="field-label">Metric</span>
      <select
        value={props.metric.key}
        onChange={(e) => {
          const next = TREND_METRICS.find((m) => m.key === e.currentTarget.value);
          if (next) props.onMetric(next);
        }}
      >
        {TREND_METRICS.map((m) => (
          <option key={m.key} value={m.key}>
            {trendLabel(m)}
          </option>
        ))}
      </select>
    </label>
  );
}
