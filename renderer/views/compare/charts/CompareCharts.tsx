import { memo, useEffect, useMemo, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_HEIGHT, ChartFrame } from '../../../charts/ChartFrame.tsx';
import { AxisTick, BarMark, PointMark, type ShapeProps } from '../../../charts/marks.tsx';
import { colourOf, OTHER } from '../../../charts/palette.ts';
import {
  formatMetric,
  formatTrend,
  type GoalieRow,
  goaliePoints,
  type LeagueReference,
  profileRows,
  type TeamFigures,
  TREND_METRICS,
  type TrendMetric,
  type TrendRow,
  trendLabel,
} from '../model.ts';

/** What the Compare view hands the charts. */
export interface CompareChartsProps {
  /** `NHL 2017-2018`, for titles and file names. */
  context: string;
  /** The league's short name and the season (`{league: 'NHL', season: '2017-2018'}`): exported files' words. */
  words: Readonly<Record<string, string>>;
  fileStem: string;
  chosen: readonly TeamFigures[];
  all: readonly TeamFigures[];
  reference: LeagueReference;
  trend: readonly TrendRow[];
  trendNote?: string;
  /** What the trend plots (the URL's `trend`): PTS% by default. */
  trendMetric: TrendMetric;
  /** Called with the metric the scout picks for the trend. */
  onTrendMetric: (m: TrendMetric) => void;
  goalies: ReadonlyMap<number, readonly GoalieRow[]>;
  /** Whether the season has shots (SV%): false before 1983-84 in the Databank. */
  shots: boolean;
  /** Notes about teams whose goalies could not be read (a 403, say). */
  goalieNotes: readonly string[];
  /** The goalie chart's qualifier: goalies with at least this many GP (the URL's `minGP`). */
  minGP: number;
  /** Called with a new Min GP (a whole number of games, 0 to 200) when the scout changes it. */
  onMinGP: (n: number) => void;
  /**
   * True while the numbers load: the module renders a status line instead of the charts. The view mounts
   * this component before its data arrives, so the chunk is in when it does (a lazy component that
   * suspends at that moment would be revealed only after React's suspense throttle).
   */
  loading?: boolean;
}

const count = (v: number | null) => (v === null ? '—' : String(v));
const f2 = (v: number | null) => (v === null ? '—' : v.toFixed(2));
const svp = (v: number | null) => formatMetric('SVP', v);
const AXIS = { fontSize: 11, fill: '#444' };
// Axis tick labels as plain text elements (see AxisTick): elements, so Recharts clones them with its tick props.
const TICK = <AxisTick fontSize={11} fill="#444" />;
/** The largest Min GP the URL takes (as on the goaltending leaders' page). */
const MAX_MIN_GP = 200;
/** The empty chart area of a chart not drawn yet, at the chart's height. */
const PENDING = <div className="chart-pending" style={{ height: CHART_HEIGHT }} aria-busy="true" />;
const TICK_SMALL = <AxisTick fontSize={10} fill="#444" />;
// Props that never change live at module level: Recharts compares its props by reference.
const MARGIN = { top: 10, right: 16, bottom: 24, left: 8 };
const MARGIN_LABELLED = { top: 10, right: 96, bottom: 24, left: 8 };
const AUTO: [string, string] = ['auto', 'auto'];
const svpTick = (v: number) => svp(v);
/** `GA/GP (lower is better)` on two lines: the metric, then the note. */
const twoLines = (s: string) => s.replace(' (', '\n(');
const yearTick = (s: string) => s.slice(0, 4);
/** Most season labels the trend's axis shows: a fixed step spares Recharts measuring every label's width. */
const TREND_TICKS = 12;

/** The performance mark set after the charts' frame is painted (read by bench:app). */
export const PAINTED_MARK = 'rinkside:compare-painted';

/** A legend entry: a chosen team (or a reference) and its colour. */
type LegendEntry = { label: string; colour: string };

/** The performance mark set after the first chart's frame is painted (read by bench:app). */
export const FIRST_PAINTED_MARK = 'rinkside:compare-first-painted';
/** How many charts the view draws. */
const CHARTS = 4;

/**
 * Calls `mark` once the frame after this render has been painted (a frame, then a task), unless `when` is
 * false or the component renders again first.
 */
function useMarkAfterPaint(when: boolean, mark: () => void): void {
  useEffect(() => {
    if (!when) return;
    let t: ReturnType<typeof setTimeout> | undefined;
    const raf = requestAnimationFrame(() => {
      t = setTimeout(mark, 0);
    });
    return () => {
      cancelAnimationFrame(raf);
      if (t) clearTimeout(t);
    };
  });
}

/**
 * The four Compare charts; the module is loaded lazily so the first view's bundle stays small. The charts
 * are drawn one per frame, top first: each is one Recharts tree whose mount costs a long synchronous
 * render, and four at once held the page in one long task. Their frames (title, legend, buttons) are
 * there from the start, at their final height.
 */
export default function CompareCharts(p: CompareChartsProps) {
  const loading = p.loading === true;
  const [drawn, setDrawn] = useState(1);
  useMarkAfterPaint(!loading && drawn < CHARTS, () => {
    if (drawn === 1) performance.mark(FIRST_PAINTED_MARK);
    setDrawn((n) => Math.min(CHARTS, n + 1));
  });
  useMarkAfterPaint(!loading && drawn === CHARTS, () => performance.mark(PAINTED_MARK));
  const legend = useMemo(() => p.chosen.map((t, i) => ({ label: t.name, colour: colourOf(i) })), [p.chosen]);
  if (loading) {
    return (
      <p className="muted" role="status" aria-busy="true">
        Loading the numbers…
      </p>
    );
  }
  // Each chart is memoised on the props it reads, so a re-render of the view (a query settling, a
  // refetch) redraws only the charts whose numbers changed (memo compares the spread props one by one).
  const common = { context: p.context, words: p.words, fileStem: p.fileStem, chosen: p.chosen, legend };
  return (
    <div className="chart-grid">
      <ProfileChart drawn={drawn > 0} {...common} reference={p.reference} shots={p.shots} />
      <ScatterLeague drawn={drawn > 1} {...common} all={p.all} reference={p.reference} />
      <TrendChart
        drawn={drawn > 2}
        {...common}
        trend={p.trend}
        trendNote={p.trendNote}
        metric={p.trendMetric}
        onMetric={p.onTrendMetric}
      />
      <GoalieChart
        drawn={drawn > 3}
        {...common}
        goalies={p.goalies}
        shots={p.shots}
        goalieNotes={p.goalieNotes}
        minGP={p.minGP}
        onMinGP={p.onMinGP}
      />
    </div>
  );
}

interface ChartBase {
  words: Readonly<Record<string, string>>;
  /** False until the chart's turn to be drawn: its frame shows, the chart area is kept empty. */
  drawn: boolean;
  context: string;
  fileStem: string;
  chosen: readonly TeamFigures[];
  legend: readonly LegendEntry[];
}

type ProfileRow = ReturnType<typeof profileRows>[number];

const ProfileChart = memo(function ProfileChart(p: ChartBase & { reference: LeagueReference; shots: boolean }) {
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
          Bars: league standard deviations from the league average, turned so that up is better for the metrics where
          lower is better (GA/GP, GAA). Exact values in the tooltips and the table.
          {p.shots ? '' : ' No SV%: shots against were not recorded this season.'}
        </>
      }
    >
      {(width) =>
        p.drawn ? (
          <BarChart width={width} height={CHART_HEIGHT} data={rows} margin={MARGIN}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="label"
              tick={TICK_SMALL}
              tickFormatter={twoLines}
              interval={0}
              angle={-12}
              textAnchor="end"
              height={40}
            />
            <YAxis tick={TICK} interval={0} label={PROFILE_Y_LABEL} />
            {tooltip}
            <ReferenceLine y={0} stroke="#555" strokeDasharray="4 2" />
            {bars}
          </BarChart>
        ) : (
          PENDING
        )
      }
    </ChartFrame>
  );
});
const PROFILE_Y_LABEL = {
  value: 'SDs from league avg (up = better)',
  angle: -90,
  position: 'insideLeft',
  style: AXIS,
  dy: 90,
} as const;

const ScatterLeague = memo(function ScatterLeague(
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
              <text x={sp.cx + 10} y={sp.cy + 4} fontSize={11} fill="#222">
                {t.name}
              </text>
            ) : (
              <text x={sp.cx - 10} y={sp.cy + 4} fontSize={11} fill="#222" textAnchor="end">
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
        ) : (
          PENDING
        )
      }
    </ChartFrame>
  );
});
const teamLabel = (t: TeamFigures) => `${t.name}: GF/GP ${f2(t.gfPerGame)}, GA/GP ${f2(t.gaPerGame)}`;
const teamTip = ({ active, payload }: { active?: boolean; payload?: readonly { payload?: unknown }[] }) => {
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

const TrendChart = memo(function TrendChart(
  p: ChartBase & {
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
  const lines = useMemo(
    () =>
      p.chosen.map((t, i) => {
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
    [p.chosen, metric, label],
  );
  const tooltip = useMemo(
    () => (
      <Tooltip
        isAnimationActive={false}
        content={({ active, payload, label: season }) => {
          if (!active || !payload?.length) return null;
          const row = p.trend.find((r) => r.season === season);
          return (
            <div className="chart-tip">
              <strong>
                {String(season)} · {label}
              </strong>
              {p.chosen.map((t, i) => (
                <div key={t.id} style={{ color: colourOf(i) }}>
                  {t.name}: {formatTrend(metric, row?.values[t.id] ?? null)}
                </div>
              ))}
            </div>
          );
        }}
      />
    ),
    [p.trend, p.chosen, metric, label],
  );
  const tick = useMemo(() => (v: number) => formatTrend(metric, v), [metric]);
  const yLabel = useMemo(() => ({ ...Y_LABEL, value: label }), [label]);
  const controls = (
    <label className="inline-field">
      <span className="field-label">Metric</span>
      <select
        value={metric.key}
        onChange={(e) => {
          const next = TREND_METRICS.find((m) => m.key === e.currentTarget.value);
          if (next) p.onMetric(next);
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
          {metric.lowerIsBetter ? ` Lower is better: the ${metric.label} axis is reversed, so up is good.` : ''}
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
              tickFormatter={yearTick}
              interval={Math.max(0, Math.ceil(data.length / TREND_TICKS) - 1)}
            />
            <YAxis
              tick={TICK}
              domain={AUTO}
              interval={0}
              tickFormatter={tick}
              label={yLabel}
              reversed={metric.lowerIsBetter}
            />
            {tooltip}
            {metric.key === 'pts-pct' ? (
              <ReferenceLine y={0.5} stroke="#555" strokeDasharray="4 2" label={HALF_LABEL} />
            ) : metric.key === 'gd' ? (
              <ReferenceLine y={0} stroke="#555" strokeDasharray="4 2" />
            ) : null}
            {lines}
          </LineChart>
        ) : (
          PENDING
        )
      }
    </ChartFrame>
  );
});
const Y_LABEL = { angle: -90, position: 'insideLeft', style: AXIS } as const;
const HALF_LABEL = { value: '.500', position: 'insideTopLeft', style: AXIS } as const;

const GoalieChart = memo(function GoalieChart(
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
  // Every goalie in one series, coloured by the place of their team among the chosen.
  const { plotted, shape } = useMemo(() => {
    const place = new Map(p.chosen.map((t, i) => [t.id, i]));
    const draw = (s: unknown) => {
      const sp = s as ShapeProps;
      const g = sp.payload as GoaliePoint;
      return <PointMark cx={sp.cx} cy={sp.cy} r={6} fill={colourOf(place.get(g.teamId) ?? 0)} label={goalieLabel(g)} />;
    };
    return { plotted: points.filter((g) => g.SVP !== null && g.GAA !== null), shape: draw };
  }, [points, p.chosen]);
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
            ? `Goalies of the chosen teams with at least ${minGP} GP. GAA axis reversed: up and right is good.`
            : 'Shots against were not recorded this season (the Databank has them from 1983-84), so there is no SV% axis: the table lists each goalie’s GP and GAA.'}
          {p.goalieNotes.map((n) => (
            <span key={n}> {n}</span>
          ))}
        </>
      }
    >
      {(width) =>
        !p.drawn ? (
          PENDING
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
            <Scatter name="Goalies" data={plotted} fill={OTHER} isAnimationActive={false} shape={shape} />
          </ScatterChart>
        ) : (
          <p className="muted">No SV% axis for this season.</p>
        )
      }
    </ChartFrame>
  );
});
type GoaliePoint = ReturnType<typeof goaliePoints>[number];
const goalieLabel = (g: GoaliePoint) =>
  `${g.name} (${g.teamName}): GP ${g.GP ?? '—'}, SV% ${svp(g.SVP)}, GAA ${f2(g.GAA)}`;
const goalieTip = ({ active, payload }: { active?: boolean; payload?: readonly { payload?: unknown }[] }) => {
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
