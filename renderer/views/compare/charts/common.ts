import { createElement } from 'react';
import type { LegendEntry } from '../../../charts/axes.tsx';
import { CHART_HEIGHT } from '../../../charts/ChartFrame.tsx';
import { formatFixed, formatInt } from '../../../format/index.ts';
import { formatMetric, type TeamFigures } from '../model.ts';

/** What every Compare chart reads: the words of its title and files, the chosen teams and their legend. */
export interface ChartBase {
  words: Readonly<Record<string, string>>;
  /** False until the chart's turn to be drawn: its frame shows, the chart area is kept empty. */
  drawn: boolean;
  /** True while the numbers the chart needs still load (the area says so, {@link WAITING}). */
  waiting: boolean;
  context: string;
  fileStem: string;
  chosen: readonly TeamFigures[];
  legend: readonly LegendEntry[];
}

/** A count as the tables show it: `—` when unknown. */
export const count = (v: number | null) => formatInt(v);
/** Two decimals (GF/GP, GAA): `—` when unknown. */
export const f2 = (v: number | null) => formatFixed(v, 2);
/** SV% as hockey writes it (`.915`). */
export const svp = (v: number | null) => formatMetric('SVP', v);

/** The chart area of a chart whose numbers still load: at the chart's height, saying so. */
export const WAITING = createElement(
  'div',
  { className: 'chart-pending', style: { height: CHART_HEIGHT }, 'aria-busy': true },
  createElement('p', { className: 'muted small', role: 'status' }, 'Loading the numbers…'),
);
