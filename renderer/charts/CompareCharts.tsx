import { useEffect, useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  Scatter,
  ScatterChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import {
  formatMetric,
  type GoalieRow,
  goaliePoints,
  type LeagueReference,
  profileRows,
  type TeamFigures,
  type TrendRow,
} from '../views/compare/model.ts';
import { ChartFrame } from './ChartFrame.tsx';
import { BarMark, PointMark, type ShapeProps } from './marks.tsx';
import { colourOf, OTHER } from './palette.ts';

/** Size of each chart in CSS pixels (fixed, so saved images have a known size). */
export const CHART_WIDTH = 760;
export const CHART_HEIGHT = 340;

/** What the Compare view hands the charts. */
export interface CompareChartsProps {
  /** `NHL 2017-2018`, for titles and file names. */
  context: string;
  fileStem: string;
  chosen: readonly TeamFigures[];
  all: readonly TeamFigures[];
  reference: LeagueReference;
  trend: readonly TrendRow[];
  trendNote?: string;
  goalies: ReadonlyMap<number, readonly GoalieRow[]>;
  /** Whether the season has shots (SV%): false before 1983-84 in the Databank. */
  shots: boolean;
  /** Notes about teams whose goalies could not be read (a 403, say). */
  goalieNotes: readonly string[];
  /**
   * True while the numbers load: the module renders a status line instead of the charts. The view mounts
   * this component before its data arrives, so the chunk is in when it does (a lazy component that
   * suspends at that moment would be revealed only after React's suspense throttle).
   */
  loading?: boolean;
}

const count = (v: number | null) => (v === null ? '—' : String(v));
const f2 = (v: number | null) => (v === null ? '—' : v.toFixed(2));
const pct = (v: number | null) => formatMetric('ptsPct', v);
const svp = (v: number | null) => formatMetric('SVP', v);
const AXIS = { fontSize: 11, fill: '#444' };

/** The performance mark set after the charts' frame is painted (read by bench:app). */
export const PAINTED_MARK = 'rinkside:compare-painted';

/** The four Compare charts; the module is loaded lazily so the first view's bundle stays small. */
export default function CompareCharts(p: CompareChartsProps) {
  const loading = p.loading === true;
  useEffect(() => {
    if (loading) return;
    let t: ReturnType<typeof setTimeout> | undefined;
    const raf = requestAnimationFrame(() => {
      t = setTimeout(() => performance.mark(PAINTED_MARK), 0);
    });
    return () => {
      cancelAnimationFrame(raf);
      if (t) clearTimeout(t);
    };
  });
  const legend = p.chosen.map((t, i) => ({ label: t.name, colour: colourOf(i) }));
  if (loading) {
    return (
      <p className="muted" role="status" aria-busy="true">
        Loading the numbers…
      </p>
    );
  }
  return (
    <div className="chart-grid">
      <ProfileChart {...p} legend={legend} />
      <ScatterLeague {...p} legend={legend} />
      <TrendChart {...p} legend={legend} />
      <GoalieChart {...p} legend={legend} />
    </div>
  );
}

type WithLegend = CompareChartsProps & { legend: { label: string; colour: string }[] };

function ProfileChart(p: WithLegend) {
  const rows = profileRows(p.chosen, p.reference);
  const table = {
    columns: ['Metric', 'League average', ...p.chosen.map((t) => t.name)],
    rows: rows.map((r) => [
      r.label,
      formatMetric(r.metric, r.league),
      ...p.chosen.map((t) => formatMetric(r.metric, r.values[t.id] ?? null)),
    ]),
  };
  return (
    <ChartFrame
      id="profile"
      title={`Profile against the league average · ${p.context}`}
      fileName={`${p.fileStem}-profile`}
      legend={[...p.legend, { label: 'League average (0)', colour: '#555' }]}
      table={table}
      note={
        <>
          Bars: league standard deviations from the league average, turned so that up is better for the metrics where
          lower is better (GA/GP, GAA). Exact values in the tooltips and the table.
          {p.shots ? '' : ' No SV%: shots against were not recorded this season.'}
        </>
      }
    >
      <BarChart
        width={CHART_WIDTH}
        height={CHART_HEIGHT}
        data={rows}
        margin={{ top: 10, right: 16, bottom: 24, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={{ ...AXIS, fontSize: 10 }} interval={0} angle={-12} textAnchor="end" height={40} />
        <YAxis
          tick={AXIS}
          label={{
            value: 'SDs from league avg (up = better)',
            angle: -90,
            position: 'insideLeft',
            style: AXIS,
            dy: 90,
          }}
        />
        <Tooltip
          content={({ active, payload }) => {
            const row = active ? (payload?.[0]?.payload as (typeof rows)[number] | undefined) : undefined;
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
        <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 12 }} />
        <ReferenceLine
          y={0}
          stroke="#555"
          strokeDasharray="4 2"
          label={{ value: 'League average', position: 'insideTopRight', style: AXIS }}
        />
        {p.chosen.map((t, i) => (
          <Bar
            key={t.id}
            name={t.name}
            dataKey={(r: (typeof rows)[number]) => r.scores[t.id] ?? null}
            fill={colourOf(i)}
            isAnimationActive={false}
            shape={(s: unknown) => {
              const sp = s as ShapeProps;
              const r = sp.payload as (typeof rows)[number];
              return (
                <BarMark
                  {...sp}
                  fill={colourOf(i)}
                  label={`${t.name}: ${r.label} ${formatMetric(r.metric, r.values[t.id] ?? null)}; league average ${formatMetric(r.metric, r.league)}`}
                />
              );
            }}
          />
        ))}
      </BarChart>
    </ChartFrame>
  );
}

function ScatterLeague(p: WithLegend) {
  const chosenIds = new Set(p.chosen.map((t) => t.id));
  const points = p.all.filter((t) => t.gfPerGame !== null && t.gaPerGame !== null);
  const others = points.filter((t) => !chosenIds.has(t.id));
  const label = (t: TeamFigures) => `${t.name}: GF/GP ${f2(t.gfPerGame)}, GA/GP ${f2(t.gaPerGame)}`;
  const table = {
    columns: ['Team', 'GP', 'PTS', 'GF', 'GA', 'GF/GP', 'GA/GP', 'Chosen'],
    rows: points.map((t) => [
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
  const gf = p.reference.gfPerGame.average;
  const ga = p.reference.gaPerGame.average;
  return (
    <ChartFrame
      id="scatter"
      title={`Goals for and against per game, every team · ${p.context}`}
      fileName={`${p.fileStem}-scatter`}
      legend={[...p.legend, { label: 'Other teams', colour: OTHER }]}
      table={table}
      note={`GA/GP axis reversed: up and right is good. Dashed lines: league averages (GF/GP ${f2(gf)}, GA/GP ${f2(ga)}).`}
    >
      <ScatterChart width={CHART_WIDTH} height={CHART_HEIGHT} margin={{ top: 10, right: 96, bottom: 24, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis
          type="number"
          dataKey="gfPerGame"
          name="GF/GP"
          domain={['auto', 'auto']}
          tick={AXIS}
          label={{ value: 'GF/GP', position: 'insideBottom', offset: -12, style: AXIS }}
        />
        <YAxis
          type="number"
          dataKey="gaPerGame"
          name="GA/GP"
          reversed
          domain={['auto', 'auto']}
          tick={AXIS}
          label={{ value: 'GA/GP (lower is better)', angle: -90, position: 'insideLeft', style: AXIS, dy: 60 }}
        />
        <Tooltip
          content={({ active, payload }) => {
            const t = active ? (payload?.[0]?.payload as TeamFigures | undefined) : undefined;
            return t ? <div className="chart-tip">{label(t)}</div> : null;
          }}
        />
        <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 12 }} />
        {gf !== null ? <ReferenceLine x={gf} stroke="#555" strokeDasharray="4 2" /> : null}
        {ga !== null ? <ReferenceLine y={ga} stroke="#555" strokeDasharray="4 2" /> : null}
        <Scatter
          name="Other teams"
          data={others}
          fill={OTHER}
          isAnimationActive={false}
          shape={(s: unknown) => {
            const sp = s as ShapeProps;
            return <PointMark cx={sp.cx} cy={sp.cy} r={4} fill={OTHER} label={label(sp.payload as TeamFigures)} />;
          }}
        />
        {p.chosen.map((t, i) => (
          <Scatter
            key={t.id}
            name={t.name}
            data={points.filter((x) => x.id === t.id)}
            fill={colourOf(i)}
            isAnimationActive={false}
            shape={(s: unknown) => {
              const sp = s as ShapeProps;
              return (
                <PointMark
                  cx={sp.cx}
                  cy={sp.cy}
                  r={7}
                  fill={colourOf(i)}
                  stroke="#222"
                  label={label(sp.payload as TeamFigures)}
                />
              );
            }}
          >
            <LabelList dataKey="name" position="right" style={{ fontSize: 11, fill: '#222' }} />
          </Scatter>
        ))}
      </ScatterChart>
    </ChartFrame>
  );
}

function TrendChart(p: WithLegend) {
  const data = p.trend.map((r) => ({
    season: r.season,
    ...Object.fromEntries(p.chosen.map((t) => [`t${t.id}`, r.values[t.id] ?? null])),
  }));
  const table = {
    columns: ['Season', ...p.chosen.map((t) => t.name)],
    rows: p.trend.map((r) => [r.season, ...p.chosen.map((t) => pct(r.values[t.id] ?? null))]),
  };
  return (
    <ChartFrame
      id="trend"
      title={`PTS% by season · ${p.context.split(' ')[0]}`}
      fileName={`${p.fileStem}-trend`}
      legend={p.legend}
      table={table}
      note={p.trendNote ?? 'PTS% = PTS / (2·GP), from the standings of each season your key can see.'}
    >
      <LineChart
        width={CHART_WIDTH}
        height={CHART_HEIGHT}
        data={data}
        margin={{ top: 10, right: 96, bottom: 24, left: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="season" tick={{ ...AXIS, fontSize: 10 }} tickFormatter={(s: string) => s.slice(0, 4)} />
        <YAxis
          tick={AXIS}
          domain={['auto', 'auto']}
          tickFormatter={(v: number) => pct(v)}
          label={{ value: 'PTS%', angle: -90, position: 'insideLeft', style: AXIS }}
        />
        <Tooltip
          content={({ active, payload, label: season }) => {
            if (!active || !payload?.length) return null;
            return (
              <div className="chart-tip">
                <strong>{String(season)}</strong>
                {p.chosen.map((t, i) => {
                  const row = p.trend.find((r) => r.season === season);
                  return (
                    <div key={t.id} style={{ color: colourOf(i) }}>
                      {t.name}: {pct(row?.values[t.id] ?? null)}
                    </div>
                  );
                })}
              </div>
            );
          }}
        />
        <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 12 }} />
        <ReferenceLine
          y={0.5}
          stroke="#555"
          strokeDasharray="4 2"
          label={{ value: '.500', position: 'insideTopLeft', style: AXIS }}
        />
        {p.chosen.map((t, i) => (
          <Line
            key={t.id}
            name={t.name}
            dataKey={`t${t.id}`}
            stroke={colourOf(i)}
            strokeWidth={2}
            isAnimationActive={false}
            connectNulls={false}
            dot={(s: unknown) => {
              const sp = s as ShapeProps & { value?: number | null; key?: string };
              const row = sp.payload as { season: string };
              if (sp.value === null || sp.value === undefined) return <g key={`${t.id}-${row.season}`} />;
              return (
                <PointMark
                  key={`${t.id}-${row.season}`}
                  cx={sp.cx}
                  cy={sp.cy}
                  r={3.5}
                  fill={colourOf(i)}
                  label={`${t.name}, ${row.season}: PTS% ${pct(sp.value)}`}
                />
              );
            }}
          />
        ))}
      </LineChart>
    </ChartFrame>
  );
}

function GoalieChart(p: WithLegend) {
  const [minGP, setMinGP] = useState(10);
  const points = goaliePoints(p.chosen, p.goalies, minGP);
  const label = (g: (typeof points)[number]) =>
    `${g.name} (${g.teamName}): GP ${g.GP ?? '—'}, SV% ${svp(g.SVP)}, GAA ${f2(g.GAA)}`;
  const table = {
    columns: ['Goalie', 'Team', 'GP', 'SV%', 'GAA'],
    rows: points.map((g) => [g.name, g.teamName, g.GP === null ? '—' : String(g.GP), svp(g.SVP), f2(g.GAA)]),
  };
  const plotted = points.filter((g) => g.SVP !== null && g.GAA !== null);
  const controls = (
    <label className="inline-field">
      <span className="field-label">Min GP</span>
      <input
        type="number"
        min={0}
        max={82}
        value={minGP}
        onChange={(e) => setMinGP(Math.max(0, Number(e.currentTarget.value) || 0))}
        style={{ width: '4.5em' }}
      />
    </label>
  );
  return (
    <ChartFrame
      id="goalies"
      title={`Goalies: SV% against GAA · ${p.context}`}
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
      {p.shots ? (
        <ScatterChart width={CHART_WIDTH} height={CHART_HEIGHT} margin={{ top: 10, right: 96, bottom: 24, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            type="number"
            dataKey="SVP"
            name="SV%"
            domain={['auto', 'auto']}
            tick={AXIS}
            tickFormatter={(v: number) => svp(v)}
            label={{ value: 'SV%', position: 'insideBottom', offset: -12, style: AXIS }}
          />
          <YAxis
            type="number"
            dataKey="GAA"
            name="GAA"
            reversed
            domain={['auto', 'auto']}
            tick={AXIS}
            label={{ value: 'GAA (lower is better)', angle: -90, position: 'insideLeft', style: AXIS, dy: 60 }}
          />
          <Tooltip
            content={({ active, payload }) => {
              const g = active ? (payload?.[0]?.payload as (typeof points)[number] | undefined) : undefined;
              return g ? <div className="chart-tip">{label(g)}</div> : null;
            }}
          />
          <Legend verticalAlign="top" height={28} wrapperStyle={{ fontSize: 12 }} />
          {p.chosen.map((t, i) => (
            <Scatter
              key={t.id}
              name={t.name}
              data={plotted.filter((g) => g.teamId === t.id)}
              fill={colourOf(i)}
              isAnimationActive={false}
              shape={(s: unknown) => {
                const sp = s as ShapeProps;
                return (
                  <PointMark
                    cx={sp.cx}
                    cy={sp.cy}
                    r={6}
                    fill={colourOf(i)}
                    label={label(sp.payload as (typeof points)[number])}
                  />
                );
              }}
            />
          ))}
        </ScatterChart>
      ) : (
        <p className="muted">No SV% axis for this season.</p>
      )}
    </ChartFrame>
  );
}
