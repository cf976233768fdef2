import { useEffect, useMemo, useState } from 'react';
import { colourOf } from '../../../charts/palette.ts';
import { useMarkAfterPaint } from '../../../charts/useMarkAfterPaint.ts';
import type { GoalieRow, LeagueReference, TeamFigures, TrendMetric, TrendRow } from '../model.ts';
import { GoalieChart } from './GoalieChart.tsx';
import { ProfileChart } from './ProfileChart.tsx';
import { ScatterLeague } from './ScatterLeague.tsx';
import { TrendChart } from './TrendChart.tsx';

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
   * Which groups of numbers are in: `figures` (the season's standings, team comparison and every team's
   * goalies: the profile, the league scatter and the goalies) and `trend` (the standings of the trend's
   * seasons). A chart is drawn once its group is in; the others' frames say their numbers are loading. Until
   * either group is in, one status line stands for the charts.
   */
  ready: Readonly<Record<ChartNeeds, boolean>>;
}

/** The performance mark set after the charts' frame is painted (read by bench:app). */
export const PAINTED_MARK = 'rinkside:compare-painted';
/** The performance mark set after the first chart's frame is painted (read by bench:app). */
export const FIRST_PAINTED_MARK = 'rinkside:compare-first-painted';
/** What a chart needs before it is drawn (see {@link CompareChartsProps.ready}). */
export type ChartNeeds = 'figures' | 'trend';
/** The charts, top first, each with the group of numbers it needs. */
const CHARTS = [
  { key: 'profile', needs: 'figures' },
  { key: 'scatter', needs: 'figures' },
  { key: 'trend', needs: 'trend' },
  { key: 'goalies', needs: 'figures' },
] as const;
type ChartKey = (typeof CHARTS)[number]['key'];
const NEEDS = Object.fromEntries(CHARTS.map((c) => [c.key, c.needs])) as Record<ChartKey, ChartNeeds>;

/**
 * The four Compare charts; the module is loaded lazily so the first view's bundle stays small. Each chart
 * is drawn as soon as the numbers it needs are in, while the others' still load, one chart per frame, top
 * first: each is one Recharts tree whose mount costs a long synchronous render, and four at once held the
 * page in one long task. Their frames (title, legend, buttons) are there from the start, at their final
 * height.
 */
export default function CompareCharts(p: CompareChartsProps) {
  const [committed, setDrawn] = useState<readonly ChartKey[]>([]);
  // A group of numbers loading again (another season, other teams): its charts are staged again.
  const drawn = committed.filter((k) => p.ready[NEEDS[k]]);
  if (drawn.length !== committed.length) setDrawn(drawn);
  // The next chart to draw is drawn in this render; once its frame is painted, it is kept and the next one
  // (if its numbers are in) is drawn. Keyed on the chart alone: the view's re-renders as other answers
  // arrive do not hold the staging back.
  const pending = CHARTS.find((c) => p.ready[c.needs] && !drawn.includes(c.key))?.key;
  const first = drawn.length === 0;
  const all = p.ready.figures && p.ready.trend;
  // The frame with the last chart painted is the frame with all four.
  const last = all && drawn.length === CHARTS.length - 1;
  useEffect(() => {
    if (pending === undefined) return;
    let t: ReturnType<typeof setTimeout> | undefined;
    const raf = requestAnimationFrame(() => {
      t = setTimeout(() => {
        if (first) performance.mark(FIRST_PAINTED_MARK);
        if (last) performance.mark(PAINTED_MARK);
        setDrawn((d) => (d.includes(pending) ? d : [...d, pending]));
      }, 0);
    });
    return () => {
      cancelAnimationFrame(raf);
      if (t) clearTimeout(t);
    };
  }, [pending, first, last]);
  // Charts redrawn once all four are (other numbers, another trend metric): marked again once painted.
  useMarkAfterPaint(all && drawn.length === CHARTS.length, () => performance.mark(PAINTED_MARK));
  const isDrawn = (key: ChartKey) => drawn.includes(key) || pending === key;
  // The trend and every legend read the chosen teams' names alone: kept while the names are, so the answers
  // that change the teams' other figures do not redraw them.
  const namesKey = p.chosen.map((t) => `${t.id}:${t.name}`).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: namesKey is the chosen teams' ids and names
  const teams = useMemo(() => p.chosen.map((t) => ({ id: t.id, name: t.name })), [namesKey]);
  const legend = useMemo(() => teams.map((t, i) => ({ label: t.name, colour: colourOf(i) })), [teams]);
  if (!p.ready.figures && !p.ready.trend) {
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
      <ProfileChart
        drawn={isDrawn('profile')}
        waiting={!p.ready.figures}
        {...common}
        reference={p.reference}
        shots={p.shots}
      />
      <ScatterLeague
        drawn={isDrawn('scatter')}
        waiting={!p.ready.figures}
        {...common}
        all={p.all}
        reference={p.reference}
      />
      <TrendChart
        drawn={isDrawn('trend')}
        waiting={!p.ready.trend}
        {...common}
        chosen={teams}
        trend={p.trend}
        trendNote={p.trendNote}
        metric={p.trendMetric}
        onMetric={p.onTrendMetric}
      />
      <GoalieChart
        drawn={isDrawn('goalies')}
        waiting={!p.ready.figures}
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
