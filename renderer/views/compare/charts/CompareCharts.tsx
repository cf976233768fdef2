import { useMemo, useState } from 'react';
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
   * True while the numbers load: the module renders a status line instead of the charts. The view mounts
   * this component before its data arrives, so the chunk is in when it does (a lazy component that
   * suspends at that moment would be revealed only after React's suspense throttle).
   */
  loading?: boolean;
}

/** The performance mark set after the charts' frame is painted (read by bench:app). */
export const PAINTED_MARK = 'rinkside:compare-painted';
/** The performance mark set after the first chart's frame is painted (read by bench:app). */
export const FIRST_PAINTED_MARK = 'rinkside:compare-first-painted';
/** How many charts the view draws. */
const CHARTS = 4;

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
