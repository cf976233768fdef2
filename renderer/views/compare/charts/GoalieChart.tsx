import { memo, useMemo } from 'react';
import { CartesianGrid, Scatter, ScatterChart, Tooltip, XAxis, YAxis } from 'recharts';
import { AUTO, AXIS, MARGIN_LABELLED, PENDING, TICK, type TipProps } from '../../../charts/axes.tsx';
import { CHART_HEIGHT, ChartFrame } from '../../../charts/ChartFrame.tsx';
import { PointMark, type ShapeProps } from '../../../charts/marks.tsx';
import { colourOf, OTHER } from '../../../charts/palette.ts';
import { labelPlacer, PointLabel } from '../../../charts/pointLabels.tsx';
import { type GoalieRow, goaliePoints, type TeamFigures } from '../model.ts';
import { type ChartBase, f2, svp, WAITING } from './common.ts';

/** The largest Min GP the URL takes (as on the goaltending leaders' page). */
const MAX_MIN_GP = 200;
const svpTick = (v: number) => svp(v);

/** The chosen teams' goalies by SV% and GAA (GAA alone in seasons without shots), above a Min GP. */
export const GoalieChart = memo(function GoalieChart(
  p: ChartBase & {
    goalies: ReadonlyMap<number, readonly GoalieRow[]>;
    shots: boolean;
    goalieNotes: readonly string[];
    minGP: number;
    onMinGP: (n: number) => void;
  },
) {
  const minGP = p.minGP;
  const points = useMemo(() => goaliePoints(p.chosen, p.goalies, minGP), [p.chosen, p.goalies, minGP]);
  const table = useMemo(
    () => ({
      columns: ['Goalie', 'Team', 'GP', 'SV%', 'GAA'],
      rows: points.map((g) => [g.name, g.teamName, g.GP === null ? '—' : String(g.GP), svp(g.SVP), f2(g.GAA)]),
    }),
    [points],
  );
  const { plotted, shapeAt } = useMemo(() => goalieMarks(points, p.chosen), [points, p.chosen]);
  const controls = (
    <label className="inline-field">
      <span className="field-label">Min GP</span>
      <input
        type="number"
        min={0}
        max={MAX_MIN_GP}
        value={minGP}
        onChange={(e) => p.onMinGP(Math.min(MAX_MIN_GP, Math.max(0, Math.trunc(Number(e.currentTarget.value) || 0))))}
        style={{ width: '4.5em' }}
      />
    </label>
  );
  return (
    <ChartFrame
      id="goalies"
      exportContext={{ view: 'Compare goalies', ...p.words }}
      title={p.shots ? `Goalies: SV% against GAA · ${p.context}` : `Goalies: GAA (no shots recorded) · ${p.context}`}
      fileName={`${p.fileStem}-goalies`}
      legend={p.legend}
      table={table}
      controls={controls}
      note={
        <>
          {p.shots
            ? `Goalies of the chosen teams with at least ${minGP} GP; each team's busiest one named. GAA axis reversed: up and right is good.`
            : 'Shots against were not recorded this season (the Databank has them from 1983-84), so there is no SV% axis: the table lists each goalie’s GP and GAA.'}
          {p.goalieNotes.map((n) => (
            <span key={n}> {n}</span>
          ))}
        </>
      }
    >
      {(width) =>
        !p.drawn ? (
          p.waiting ? (
            WAITING
          ) : (
            PENDING
          )
        ) : p.shots ? (
          <ScatterChart width={width} height={CHART_HEIGHT} margin={MARGIN_LABELLED}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis
              type="number"
              dataKey="SVP"
              name="SV%"
              domain={AUTO}
              tick={TICK}
              interval={0}
              tickFormatter={svpTick}
              label={SVP_LABEL}
            />
            <YAxis
              type="number"
              dataKey="GAA"
              name="GAA"
              reversed
              domain={AUTO}
              tick={TICK}
              interval={0}
              label={GAA_LABEL}
            />
            <Tooltip isAnimationActive={false} content={goalieTip} />
            <Scatter name="Goalies" data={plotted} fill={OTHER} isAnimationActive={false} shape={shapeAt(width)} />
          </ScatterChart>
        ) : (
          <p className="muted">No SV% axis for this season.</p>
        )
      }
    </ChartFrame>
  );
});
type GoaliePoint = ReturnType<typeof goaliePoints>[number];

/**
 * The goalie chart's points and their shapes: every goalie in one series, coloured by the place of his
 * team among the chosen; each team's busiest goalie highlighted (larger, outlined, named with his team
 * beside the dot, pointLabels.tsx) and drawn last. `shapeAt(width)`: the shape for a chart that wide (one
 * label placer per width).
 */
function goalieMarks(points: readonly GoaliePoint[], chosen: readonly TeamFigures[]) {
  const place = new Map(chosen.map((t, i) => [t.id, i]));
  const shown = points.filter((g) => g.SVP !== null && g.GAA !== null);
  const lead = busiestByTeam(shown);
  const ordered = [...shown.filter((g) => !lead.has(g.id)), ...shown.filter((g) => lead.has(g.id))];
  const draw = (width: number) => {
    const placeLabel = labelPlacer(width, CHART_HEIGHT);
    return (s: unknown) => {
      const sp = s as ShapeProps;
      const g = sp.payload as GoaliePoint;
      const fill = colourOf(place.get(g.teamId) ?? 0);
      if (!lead.has(g.id)) return <PointMark cx={sp.cx} cy={sp.cy} r={5} fill={fill} label={goalieLabel(g)} />;
      const lines = [g.name, g.teamName];
      const spot =
        typeof sp.cx === 'number' && typeof sp.cy === 'number'
          ? placeLabel(String(g.id), sp.cx, sp.cy, 7, lines)
          : null;
      return (
        <g>
          <PointMark cx={sp.cx} cy={sp.cy} r={7} fill={fill} stroke="#222" label={goalieLabel(g)} />
          {spot ? <PointLabel spot={spot} lines={lines} /> : null}
        </g>
      );
    };
  };
  const byWidth = new Map<number, ReturnType<typeof draw>>();
  const at = (width: number) => {
    const kept = byWidth.get(width) ?? draw(width);
    byWidth.set(width, kept);
    return kept;
  };
  return { plotted: ordered, shapeAt: at };
}

/** The ids of each team's busiest goalie (most GP; the first listed on a tie). */
function busiestByTeam(goalies: readonly GoaliePoint[]): Set<number> {
  const best = new Map<number, GoaliePoint>();
  for (const g of goalies) {
    const b = best.get(g.teamId);
    if (!b || (g.GP ?? 0) > (b.GP ?? 0)) best.set(g.teamId, g);
  }
  return new Set([...best.values()].map((g) => g.id));
}
const goalieLabel = (g: GoaliePoint) =>
  `${g.name} (${g.teamName}): GP ${g.GP ?? '—'}, SV% ${svp(g.SVP)}, GAA ${f2(g.GAA)}`;
const goalieTip = ({ active, payload }: TipProps) => {
  const g = active ? (payload?.[0]?.payload as GoaliePoint | undefined) : undefined;
  return g ? <div className="chart-tip">{goalieLabel(g)}</div> : null;
};
const SVP_LABEL = { value: 'SV%', position: 'insideBottom', offset: -12, style: AXIS } as const;
const GAA_LABEL = {
  value: 'GAA (lower is better)',
  angle: -90,
  position: 'insideLeft',
  style: AXIS,
  dy: 60,
} as const;
