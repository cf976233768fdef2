import { memo, useMemo } from 'react';
import { CartesianGrid, ReferenceLine, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { AUTO, AXIS, MARGIN_LABELLED, PENDING, TICK, type TipProps } from '../../../charts/axes.tsx';
import { CHART_HEIGHT, ChartFrame } from '../../../charts/ChartFrame.tsx';
import { PointMark, type ShapeProps } from '../../../charts/marks.tsx';
import { colourOf, OTHER } from '../../../charts/palette.ts';
import type { LeagueReference, TeamFigures } from '../model.ts';
import { type ChartBase, count, f2, WAITING } from './common.ts';

/** Every team of the league-season by GF/GP and GA/GP, the chosen ones coloured and named. */
export const ScatterLeague = memo(function ScatterLeague(
  p: ChartBase & { all: readonly TeamFigures[]; reference: LeagueReference },
) {
  const table = useMemo(() => {
    const chosenIds = new Set(p.chosen.map((t) => t.id));
    return {
      columns: ['Team', 'GP', 'PTS', 'GF', 'GA', 'GF/GP', 'GA/GP', 'Chosen'],
      rows: p.all
        .filter((t) => t.gfPerGame !== null && t.gaPerGame !== null)
        .map((t) => [
          t.name,
          count(t.GP),
          count(t.PTS),
          count(t.GF),
          count(t.GA),
          f2(t.gfPerGame),
          f2(t.gaPerGame),
          chosenIds.has(t.id) ? 'yes' : '',
        ]),
    };
  }, [p.all, p.chosen]);
  // Every team in one series (a series per team costs Recharts a store entry, a legend item and a pass
  // of its selectors each): the chosen teams last, so they are drawn on top, coloured by their place.
  const { points, shapeAt } = useMemo(() => {
    const place = new Map(p.chosen.map((t, i) => [t.id, i]));
    const plotted = p.all.filter((t) => t.gfPerGame !== null && t.gaPerGame !== null);
    const ordered = [...plotted.filter((t) => !place.has(t.id)), ...plotted.filter((t) => place.has(t.id))];
    // A chosen team's name goes right of its point, or left of it when it would run past the chart's edge.
    const draw = (width: number) => (s: unknown) => {
      const sp = s as ShapeProps;
      const t = sp.payload as TeamFigures;
      const i = place.get(t.id);
      if (i === undefined) return <PointMark cx={sp.cx} cy={sp.cy} r={4} fill={OTHER} label={teamLabel(t)} />;
      return (
        <g>
          <PointMark cx={sp.cx} cy={sp.cy} r={7} fill={colourOf(i)} stroke="#222" label={teamLabel(t)} />
          {typeof sp.cx === 'number' && typeof sp.cy === 'number' ? (
            sp.cx + 10 + t.name.length * LABEL_CHAR_WIDTH <= width ? (
              <text x={sp.cx + 10} y={sp.cy + 4} className="point-label" fontSize={11} fill="#222">
                {t.name}
              </text>
            ) : (
              <text x={sp.cx - 10} y={sp.cy + 4} className="point-label" fontSize={11} fill="#222" textAnchor="end">
                {t.name}
              </text>
            )
          ) : null}
        </g>
      );
    };
    const byWidth = new Map<number, ReturnType<typeof draw>>();
    const at = (width: number) => {
      const kept = byWidth.get(width);
      if (kept) return kept;
      const made = draw(width);
      byWidth.set(width, made);
      return made;
    };
    return { points: ordered, shapeAt: at };
  }, [p.all, p.chosen]);
  const legend = useMemo(() => [...p.legend, { label: 'Other teams', colour: OTHER }], [p.legend]);
  const gf = p.reference.gfPerGame.average;
  const ga = p.reference.gaPerGame.average;
  return (
    <ChartFrame
      id="scatter"
      exportContext={{ view: 'Compare scatter', ...p.words }}
      title={`Goals for and against per game, every team · ${p.context}`}
      fileName={`${p.fileStem}-scatter`}
      legend={legend}
      table={table}
      note={`GA/GP axis reversed: up and right is good. Dashed lines: league averages (GF/GP ${f2(gf)}, GA/GP ${f2(ga)}).`}
    >
      {(width) =>
        p.drawn ? (
          <ScatterChart width={width} height={CHART_HEIGHT} margin={MARGIN_LABELLED}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="gfPerGame"
              name="GF/GP"
              domain={AUTO}
              tick={TICK}
              interval={0}
              label={GF_LABEL}
            />
            <YAxis
              type="number"
              dataKey="gaPerGame"
              name="GA/GP"
              reversed
              domain={AUTO}
              tick={TICK}
              interval={0}
              label={GA_LABEL}
            />
            <Tooltip isAnimationActive={false} content={teamTip} />
            {gf !== null ? <ReferenceLine x={gf} stroke="#555" strokeDasharray="4 2" /> : null}
            {ga !== null ? <ReferenceLine y={ga} stroke="#555" strokeDasharray="4 2" /> : null}
            <Scatter name="Teams" data={points} fill={OTHER} isAnimationActive={false} shape={shapeAt(width)} />
          </ScatterChart>
        ) : p.waiting ? (
          WAITING
        ) : (
          PENDING
        )
      }
    </ChartFrame>
  );
});
const teamLabel = (t: TeamFigures) => `${t.name}: GF/GP ${f2(t.gfPerGame)}, GA/GP ${f2(t.gaPerGame)}`;
const teamTip = ({ active, payload }: TipProps) => {
  const t = active ? (payload?.[0]?.payload as TeamFigures | undefined) : undefined;
  return t ? <div className="chart-tip">{teamLabel(t)}</div> : null;
};
/** Rough width of a character of an 11 px label, in CSS pixels (enough to tell whether a name fits). */
const LABEL_CHAR_WIDTH = 6.5;
const GF_LABEL = { value: 'GF/GP', position: 'insideBottom', offset: -12, style: AXIS } as const;
const GA_LABEL = {
  value: 'GA/GP (lower is better)',
  angle: -90,
  position: 'insideLeft',
  style: AXIS,
  dy: 60,
} as const;
