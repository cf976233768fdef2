import { describe, expect, it } from 'vitest';
import {
  leagueTotals,
  mean,
  perGame,
  pointsPct,
  standardDeviation,
  standardScore,
  teamGoaltending,
} from '../../../shared/rates.ts';

// Expected values are worked out by hand in the comments, not by the module.
describe('per-game rates', () => {
  it('GF/GP and GA/GP divide the count by games', () => {
    // Nashville 2017-18: 261 GF, 204 GA in 82 games → 3.1829…, 2.4878…
    expect(perGame(261, 82)).toBeCloseTo(3.182927, 6);
    expect(perGame(204, 82)).toBeCloseTo(2.487805, 6);
  });
  it('PTS% is PTS over two points a game', () => {
    // 117 / 164 = 0.713414…
    expect(pointsPct(117, 82)).toBeCloseTo(0.713415, 6);
    expect(pointsPct(41, 41)).toBe(0.5);
  });
  it('is null without games or a count', () => {
    expect(perGame(10, 0)).toBeNull();
    expect(perGame(null, 82)).toBeNull();
    expect(pointsPct(undefined, 82)).toBeNull();
    expect(pointsPct(50, null)).toBeNull();
  });
});

describe('teamGoaltending', () => {
  it('sums raw numbers instead of averaging percentages', () => {
    // A: 1000 SA, 920 SVS, 80 GA, 2400 min; B: 100 SA, 80 SVS, 20 GA, 300 min.
    // SV% = 1000/1100 = .909090…; the mean of .920 and .800 would be .860.
    // GAA = 100·60/2700 = 2.2222…
    const t = teamGoaltending([
      { GP: 41, SA: 1000, SVS: 920, GA: 80, TOI: 2400 },
      { GP: 6, SA: 100, SVS: 80, GA: 20, TOI: 300 },
    ]);
    expect(t.SA).toBe(1100);
    expect(t.SVS).toBe(1000);
    expect(t.GA).toBe(100);
    expect(t.TOI).toBe(2700);
    expect(t.SVP).toBeCloseTo(0.909091, 6);
    expect(t.GAA).toBeCloseTo(2.222222, 6);
  });
  it('counts SA − GA saves when SVS is missing', () => {
    // 30 SA, 3 GA → 27 saves: .900; GAA 3·60/60 = 3
    const t = teamGoaltending([{ SA: 30, SVS: null, GA: 3, TOI: 60 }]);
    expect(t.SVP).toBeCloseTo(0.9, 9);
    expect(t.GAA).toBe(3);
  });
  it('has no SV% when shots were not recorded (pre-1983), but still a GAA', () => {
    // 150 GA in 3000 min → 3.00
    const t = teamGoaltending([
      { GP: 50, SA: null, SVS: null, GA: 150, TOI: 3000 },
      { GP: 1, SA: null, GA: 0, TOI: 0 },
    ]);
    expect(t.SVP).toBeNull();
    expect(t.SA).toBeNull();
    expect(t.GAA).toBe(3);
  });
  it('is empty without goalies', () => {
    const t = teamGoaltending([]);
    expect(t.SVP).toBeNull();
    expect(t.GAA).toBeNull();
    expect(t.TOI).toBe(0);
  });
});

describe('league figures', () => {
  it('totals, mean, standard deviation and standard score', () => {
    expect(leagueTotals([{ GP: 82, PTS: 117, GF: 261, GA: 204 }, { GP: 82, PTS: 114, GF: 277, GA: 218 }, {}])).toEqual({
      GP: 164,
      PTS: 231,
      GF: 538,
      GA: 422,
    });
    expect(mean([1, 2, null, 6])).toBe(3);
    expect(mean([])).toBeNull();
    // values 2, 4, 4, 4, 5, 5, 7, 9: mean 5, population SD 2
    expect(standardDeviation([2, 4, 4, 4, 5, 5, 7, 9])).toBe(2);
    expect(standardScore(9, 5, 2)).toBe(2);
    expect(standardScore(1, 5, 0)).toBe(0);
    expect(standardScore(null, 5, 2)).toBeNull();
  });
});
