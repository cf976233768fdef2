import { describe, expect, it } from 'vitest';
import { bootstrapDraws, percentileInterval, ratioOfSums } from '../../../store/cache/nhle/bootstrap.ts';
import { choosePaths } from '../../../store/cache/nhle/paths.ts';

describe('league factor arithmetic', () => {
  it('is a ratio of sums, not a mean of ratios', () => {
    const moves = [
      { gpA: 60, ptsA: 60, gpB: 40, ptsB: 20 },
      { gpA: 20, ptsA: 40, gpB: 70, ptsB: 14 },
    ];
    // (34 / 110) / (100 / 80), worked out by hand.
    expect(ratioOfSums(moves)).toBeCloseTo(34 / 110 / (100 / 80), 12);
    expect(ratioOfSums([{ gpA: 30, ptsA: 0, gpB: 30, ptsB: 5 }])).toBeNull();
  });

  it('draws the same replicates for the same seed, and its 90 % interval brackets the factor', () => {
    const moves = Array.from({ length: 40 }, (_, i) => ({
      gpA: 40 + (i % 7),
      ptsA: 20 + i,
      gpB: 30,
      ptsB: 5 + (i % 11),
    }));
    const a = bootstrapDraws(moves, 1000, 42);
    const b = bootstrapDraws(moves, 1000, 42);
    const c = bootstrapDraws(moves, 1000, 43);
    expect(Array.from(a)).toEqual(Array.from(b));
    expect(Array.from(a)).not.toEqual(Array.from(c));
    const f = ratioOfSums(moves) as number;
    const [lo, hi] = percentileInterval(a, 0.9) as [number, number];
    expect(lo).toBeLessThan(f);
    expect(hi).toBeGreaterThan(f);
    // About 90 % of the replicates lie inside (the percentile method's own definition).
    const inside = Array.from(a).filter((d) => d >= lo && d <= hi).length;
    expect(inside).toBeGreaterThanOrEqual(895);
    expect(inside).toBeLessThanOrEqual(905);
  });
});

describe('paths into the NHL', () => {
  const edge = (from: string, to: string, sample: number) => ({ from, to, sample });

  it('takes the path whose weakest link has the most players; a direct pair always wins', () => {
    const paths = choosePaths(
      [
        edge('ahl', 'nhl', 300),
        edge('ohl', 'ahl', 120),
        edge('ohl', 'shl', 500),
        edge('shl', 'nhl', 40),
        edge('ushl', 'ncaa', 90),
        edge('ncaa', 'ahl', 60),
        edge('ncaa', 'nhl', 5),
      ],
      'nhl',
    );
    expect(paths.get('ohl')).toEqual({ leagues: ['ohl', 'ahl', 'nhl'], weakest: 120 });
    // ncaa has a direct pair (5 players): it is used, however thin.
    expect(paths.get('ncaa')).toEqual({ leagues: ['ncaa', 'nhl'], weakest: 5 });
    // ushl: via ncaa→ahl→nhl (weakest 60) rather than ncaa→nhl (weakest 5).
    expect(paths.get('ushl')).toEqual({ leagues: ['ushl', 'ncaa', 'ahl', 'nhl'], weakest: 60 });
    expect(paths.get('nhl')?.leagues).toEqual(['nhl']);
  });

  it('breaks a tie of weakest links by fewer steps; a league that never reaches the NHL has no path', () => {
    const paths = choosePaths(
      [
        edge('a', 'b', 50),
        edge('b', 'c', 50),
        edge('c', 'nhl', 50),
        edge('a', 'd', 50),
        edge('d', 'nhl', 50),
        edge('x', 'y', 9),
      ],
      'nhl',
    );
    // a has no direct pair; a→d→nhl and a→b→c→nhl both have a weakest link of 50: the shorter wins.
    expect(paths.get('a')?.leagues).toEqual(['a', 'd', 'nhl']);
    expect(paths.has('x')).toBe(false);
  });
});
