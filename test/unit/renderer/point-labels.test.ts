import { describe, expect, it } from 'vitest';
import { labelPlacer } from '../../../renderer/charts/pointLabels.tsx';

/** The box a placed label covers, by the placer's own measures (6.3 px a character, 12 px a line). */
function boxOf(spot: { x: number; y: number; anchor: string }, lines: string[]) {
  const w = Math.max(...lines.map((l) => l.length)) * 6.3;
  const x0 = spot.anchor === 'start' ? spot.x : spot.anchor === 'end' ? spot.x - w : spot.x - w / 2;
  const y0 = spot.y - 12 + 3;
  return { x0, y0, x1: x0 + w, y1: y0 + lines.length * 12 };
}

describe('labels beside highlighted chart points', () => {
  const lines = ['Zach Schultz', 'Sioux Falls Sabres'];

  it('goes right of a point, then left, above or below when that place is taken; none when no place is free', () => {
    const place = labelPlacer(800, 340);
    const a = place('a', 100, 100, 7, lines);
    expect(a?.anchor).toBe('start');
    // A point just right of the first: its label cannot go right over the first label's box… nor left over
    // the first point's label; it goes above or below.
    const b = place('b', 130, 100, 7, lines);
    expect(b).not.toBeNull();
    const boxes = [a, b].map((s) => boxOf(s as NonNullable<typeof s>, lines));
    const [p, q] = boxes as [ReturnType<typeof boxOf>, ReturnType<typeof boxOf>];
    expect(p.x0 < q.x1 && q.x0 < p.x1 && p.y0 < q.y1 && q.y0 < p.y1).toBe(false);
    // Every box stays in the chart.
    for (const box of boxes) {
      expect(box.x0).toBeGreaterThanOrEqual(0);
      expect(box.x1).toBeLessThanOrEqual(800);
    }
    // Near the right edge a label goes left.
    expect(place('c', 790, 250, 7, lines)?.anchor).toBe('end');
  });

  it('keeps a point’s spot when it is drawn again at the same place, and moves it with the point', () => {
    const place = labelPlacer(800, 340);
    const first = place('a', 100, 100, 7, lines);
    expect(place('a', 100, 100, 7, lines)).toEqual(first);
    expect(place('a', 400, 200, 7, lines)).toEqual({ x: 412, y: 197, anchor: 'start' });
  });
});
