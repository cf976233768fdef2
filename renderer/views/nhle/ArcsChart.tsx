import { useMemo } from 'react';
import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { CareerArcs } from '../../../shared/domain/nhle.ts';
import { AUTO, AXIS, MARGIN, TICK } from '../../charts/axes.tsx';
import { CHART_HEIGHT, ChartFrame } from '../../charts/ChartFrame.tsx';
import { PointMark, type ShapeProps } from '../../charts/marks.tsx';
import { colourOf } from '../../charts/palette.ts';
import type { ArcMetric } from '../../entities/player/chartUrl.ts';
import { formatFixed } from '../../format/index.ts';
import { arcLegend, arcRows, arcTable, MEDIAN_COLOUR, medianLabel } from './arcsModel.ts';

const X_LABEL = { value: 'Draft age', position: 'insideBottom', offset: -12, style: AXIS } as const;

/**
 * The players' career arcs by draft age in one metric (a line each, a focusable mark per season with its
 * exact value), and the comparables' median arc dashed in grey; the frame saves it as PNG or SVG and shows
 * it as a table. Loaded lazily (Recharts).
 */
export default function ArcsChart(props: { arcs: CareerArcs; metric: ArcMetric }) {
  const { arcs, metric } = props;
  const data = useMemo(() => arcRows(arcs, metric), [arcs, metric]);
  const table = useMemo(() => arcTable(arcs, metric), [arcs, metric]);
  const legend = useMemo(() => arcLegend(arcs), [arcs]);
  const yLabel = useMemo(
    () => ({ value: metric.label, angle: -90, position: 'insideLeft', style: AXIS }) as const,
    [metric],
  );
  const names = arcs.players.map((a) => a.name);
  const fmt = (v: unknown) => (typeof v === 'number' ? formatFixed(v, metric.digits) : '—');
  const median = medianLabel(arcs);
  return (
    <ChartFrame
      id="arcs"
      title={`${metric.label} by draft age · ${names.join(', ')}`}
      fileName={`players-${metric.value}-by-draft-age`}
      exportContext={{ view: `Players chart ${metric.label}`, players: names.join(', ') }}
      legend={legend}
      table={table}
      note={
        <>
          Each point: one draft age, every league of that season summed (regular season).
          {metric.value === 'nhle'
            ? ' NHLe PTS/GP counts only the lines whose league has a factor; a season with none has no point.'
            : ''}
          {median ? ` Dashed: ${median} (at each draft age, the median of those who played then).` : ''}
        </>
      }
    >
      {(width) => (
        <LineChart width={width} height={CHART_HEIGHT} data={data} margin={MARGIN}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="draftAge"
            type="number"
            domain={['dataMin', 'dataMax']}
            allowDecimals={false}
            tick={TICK}
            label={X_LABEL}
          />
          <YAxis
            tick={TICK}
            domain={AUTO}
            tickFormatter={(v: number) => formatFixed(v, metric.digits)}
            label={yLabel}
          />
          <Tooltip formatter={fmt} labelFormatter={(age) => `Draft age ${age}`} />
          {arcs.median ? (
            <Line
              name={median ?? 'Median'}
              dataKey="median"
              stroke={MEDIAN_COLOUR}
              strokeWidth={2}
              strokeDasharray="6 4"
              dot={false}
              isAnimationActive={false}
              connectNulls
            />
          ) : null}
          {arcs.players.map((a, i) => {
            const colour = colourOf(i);
            const dot = (s: unknown) => {
              const sp = s as ShapeProps & { value?: number | null };
              const row = sp.payload as { draftAge: number };
              if (sp.value === null || sp.value === undefined) return <g key={`${a.playerId}-${row.draftAge}`} />;
              return (
                <PointMark
                  key={`${a.playerId}-${row.draftAge}`}
                  cx={sp.cx}
                  cy={sp.cy}
                  r={3.5}
                  fill={colour}
                  label={`${a.name}, draft age ${row.draftAge}: ${metric.label} ${fmt(sp.value)}`}
                />
              );
            };
            return (
              <Line
                key={a.playerId}
                name={a.name}
                dataKey={`p${a.playerId}`}
                stroke={colour}
                strokeWidth={2}
                dot={dot}
                activeDot={false}
                isAnimationActive={false}
                connectNulls={false}
              />
            );
          })}
        </LineChart>
      )}
    </ChartFrame>
  );
}
