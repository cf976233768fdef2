import { CHART_HEIGHT } from './ChartFrame.tsx';
import { AxisTick } from './marks.tsx';

/**
 * Pieces every Recharts chart of the app shares. Props that never change live at module level: Recharts
 * compares its props by reference.
 */

/**
 * The style of axis labels (an axis's name beside it). An inline style outranks the stylesheet, so the
 * colour is the scheme's token here, with the saved image's dark grey (white ground) as its fallback.
 */
export const AXIS = { fontSize: 11, fill: 'var(--text-2, #444)' };
// Axis tick labels as plain text elements (see AxisTick): elements, so Recharts clones them with its tick props.
export const TICK = <AxisTick fontSize={11} fill="#444" />;
export const TICK_SMALL = <AxisTick fontSize={10} fill="#444" />;
/** A plot's margins in CSS pixels; the labelled one leaves room on the right for names beside points. */
export const MARGIN = { top: 10, right: 16, bottom: 24, left: 8 };
export const MARGIN_LABELLED = { top: 10, right: 96, bottom: 24, left: 8 };
/** A numeric axis fitted to its data. */
export const AUTO: [string, string] = ['auto', 'auto'];
/** The empty chart area of a chart not drawn yet, at the chart's height. */
export const PENDING = <div className="chart-pending" style={{ height: CHART_HEIGHT }} aria-busy="true" />;

/** A legend entry: a chosen team (or a reference) and its colour. */
export type LegendEntry = { label: string; colour: string };

/** What Recharts hands a custom tooltip's `content`: the hovered point's row in `payload[0].payload`. */
export interface TipProps {
  active?: boolean;
  payload?: readonly { payload?: unknown }[];
}
