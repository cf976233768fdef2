import type { ArcPoint, CareerArcs } from '../../../shared/domain/nhle.ts';
import type { ChartTable } from '../../charts/chartExport.ts';
import { colourOf } from '../../charts/palette.ts';
import type { ArcMetric } from '../../entities/player/chartUrl.ts';
import { formatFixed } from '../../format/index.ts';

/**
 * The players chart's numbers (pure): one row per draft age with each player's value (`p<id>`) and the
 * comparables' median (`median`), the chart's table ("Show as table", exports) and its legend.
 */

/** The grey of the comparables' median arc. */
export const MEDIAN_COLOUR = '#6B7280';

const metricValue = (p: ArcPoint | undefined, m: ArcMetric): number | null => (p === undefined ? null : p[m.key]);

/** The draft ages any arc covers, ascending. */
export function arcAges(arcs: CareerArcs): number[] {
  const all = [...arcs.players.flatMap((a) => a.points), ...(arcs.median?.points ?? [])].map((p) => p.draftAge);
  return [...new Set(all)].sort((a, b) => a - b);
}

/** Recharts' rows: `{ draftAge, p<id>: value, median: value }`. */
export function arcRows(arcs: CareerArcs, m: ArcMetric): Record<string, number | null>[] {
  return arcAges(arcs).map((age) => {
    const row: Record<string, number | null> = { draftAge: age };
    for (const a of arcs.players)
      row[`p${a.playerId}`] = metricValue(
        a.points.find((p) => p.draftAge === age),
        m,
      );
    if (arcs.median)
      row.median = metricValue(
        arcs.median.points.find((p) => p.draftAge === age),
        m,
      );
    return row;
  });
}

/** The median's label: `Median of 10 comparables of Wayne Gretzky, 1978-1979 WHA`. */
export function medianLabel(arcs: CareerArcs): string | null {
  const m = arcs.median;
  return m ? `Median of ${m.count} comparables of ${m.of.name}, ${m.of.season} ${m.of.league.toUpperCase()}` : null;
}

/** The legend: each player's colour, then the median's. */
export function arcLegend(arcs: CareerArcs): { label: string; colour: string }[] {
  const out = arcs.players.map((a, i) => ({ label: a.name, colour: colourOf(i) }));
  const label = medianLabel(arcs);
  if (label) out.push({ label, colour: MEDIAN_COLOUR });
  return out;
}

/** The chart as a table: draft age, then each player's value, then the median. */
export function arcTable(arcs: CareerArcs, m: ArcMetric): ChartTable {
  const fmt = (v: number | null | undefined) => formatFixed(v, m.digits);
  const rows = arcRows(arcs, m);
  return {
    columns: ['Draft age', ...arcs.players.map((a) => a.name), ...(arcs.median ? ['Comparables’ median'] : [])],
    rows: rows.map((r) => [
      String(r.draftAge),
      ...arcs.players.map((a) => fmt(r[`p${a.playerId}`])),
      ...(arcs.median ? [fmt(r.median)] : []),
    ]),
  };
}
