/**
 * Labels beside a chart's highlighted points, placed so they do not cover each other or leave the plot:
 * right of the point, else left, above or below it; a label with no free place is left out (the point's
 * tooltip and focus tip still say it). Recharts draws a series' points one by one, each knowing only its
 * own place, so the labels placed so far are kept by point (a re-render of the same point at the same
 * place takes the same spot), in one placer per chart width.
 */

/** Rough width of a character of an 11 px label, in CSS pixels (enough to keep labels apart). */
const CHAR_WIDTH = 6.3;
/** Line height of a label line, in CSS pixels. */
const LINE = 12;
/** Gap between a point and its label, in CSS pixels (beyond the point's radius). */
const GAP = 5;

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** A placed label: the text's anchor point and alignment, and the box it covers. */
export interface LabelSpot {
  x: number;
  y: number;
  anchor: 'start' | 'middle' | 'end';
}

const overlaps = (a: Box, b: Box) => a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * A placer for one chart drawn `width` × `height` CSS pixels: `place(key, cx, cy, r, lines)` answers where
 * the label of the point `key` at (cx, cy), radius `r`, goes (its first line's baseline), or null when
 * it fits nowhere.
 */
export function labelPlacer(width: number, height: number) {
  const placed = new Map<string, { cx: number; cy: number; box: Box; spot: LabelSpot }>();
  return (key: string, cx: number, cy: number, r: number, lines: readonly string[]): LabelSpot | null => {
    const kept = placed.get(key);
    if (kept && kept.cx === cx && kept.cy === cy) return kept.spot;
    placed.delete(key);
    const w = Math.max(...lines.map((l) => l.length)) * CHAR_WIDTH;
    const h = lines.length * LINE;
    const d = r + GAP;
    const tries: { box: Box; spot: LabelSpot }[] = [
      {
        box: { x0: cx + d, y0: cy - h / 2, x1: cx + d + w, y1: cy + h / 2 },
        spot: { x: cx + d, y: 0, anchor: 'start' },
      },
      { box: { x0: cx - d - w, y0: cy - h / 2, x1: cx - d, y1: cy + h / 2 }, spot: { x: cx - d, y: 0, anchor: 'end' } },
      { box: { x0: cx - w / 2, y0: cy - d - h, x1: cx + w / 2, y1: cy - d }, spot: { x: cx, y: 0, anchor: 'middle' } },
      { box: { x0: cx - w / 2, y0: cy + d, x1: cx + w / 2, y1: cy + d + h }, spot: { x: cx, y: 0, anchor: 'middle' } },
    ];
    for (const t of tries) {
      const { box } = t;
      if (box.x0 < 0 || box.y0 < 0 || box.x1 > width || box.y1 > height) continue;
      if ([...placed.values()].some((p) => overlaps(p.box, box))) continue;
      // The first line's baseline sits one line below the box's top, less the descent.
      const spot = { ...t.spot, y: box.y0 + LINE - 3 };
      placed.set(key, { cx, cy, box, spot });
      return spot;
    }
    return null;
  };
}

/** A label's lines as SVG text at a {@link LabelSpot}: the first line bold, the rest smaller. */
export function PointLabel(props: { spot: LabelSpot; lines: readonly string[] }) {
  const { spot } = props;
  return (
    <text x={spot.x} y={spot.y} textAnchor={spot.anchor} className="point-label" fontSize={11} fill="#222">
      {props.lines.map((line, i) => (
        <tspan
          // biome-ignore lint/suspicious/noArrayIndexKey: a line's place in the label is its identity
          key={i}
          x={spot.x}
          dy={i === 0 ? undefined : LINE}
          fontWeight={i === 0 ? 600 : undefined}
          fontSize={i === 0 ? undefined : 10}
        >
          {line}
        </tspan>
      ))}
    </text>
  );
}
