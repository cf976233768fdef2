import { describe, expect, it } from 'vitest';
import {
  goalieRates,
  goalsAgainstAverage,
  leagueTotals,
  mean,
  perGame,
  pointsPct,
  savePercentage,
  standardDeviation,
  standardScore,
  teamGoaltending,
} from '../../../shared/domain/rates.ts';

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

describe('goaltending rates', () => {
  it('GAA is GA × 60 / minutes and SV% is (SA − GA) / SA, unrounded', () => {
    // Grant Fuhr, NHL 1988-89 (Goalies.csv): 213 GA in 3341 minutes on 1714 shots.
    // 213·60/3341 = 3.82520…, shown 3.83; (1714 − 213)/1714 = .87573…, shown .876.
    expect(goalsAgainstAverage(213, 3341)).toBeCloseTo(3.825202, 6);
    expect(savePercentage(1714, 213)).toBeCloseTo(0.875729, 6);
  });
  it('is null without its inputs or a denominator', () => {
    expect(goalsAgainstAverage(3, 0)).toBeNull();
    expect(goalsAgainstAverage(null, 60)).toBeNull();
    expect(goalsAgainstAverage(3, undefined)).toBeNull();
    expect(savePercentage(0, 0)).toBeNull();
    expect(savePercentage(null, 3)).toBeNull();
    expect(savePercentage(30, Number.NaN)).toBeNull();
  });
  it('over several lines: from the summed counts of the lines that record them', () => {
    // Alain Chevrier, NHL 1988-89 (Goalies.csv): Winnipeg 78 GA in 1092 min on 554 shots, Chicago 92 GA in
    // 1573 min on 740 shots → GAA 170·60/2665 = 3.82739…; SV% (1294 − 170)/1294 = .86862…
    const r = goalieRates([
      { GA: 78, SA: 554, TOI: 1092, GAA: 4.29, SVP: 0.859 },
      { GA: 92, SA: 740, TOI: 1573, GAA: 3.51, SVP: 0.876 },
    ]);
    expect(r.GAA).toBeCloseTo(3.827392, 6);
    expect(r.SVP).toBeCloseTo(0.868624, 6);
  });
  it('one line follows the same rule: its counts, not its rounded rates', () => {
    // 117·60/3275 = 2.14351…, not the 2.14 given; (1500 − 117)/1500 = .922.
    const r = goalieRates([{ GA: 117, SA: 1500, TOI: 3275, GAA: 2.14, SVP: 0.922 }]);
    expect(r.GAA).toBeCloseTo(2.143511, 6);
    expect(r.GAA).not.toBe(2.14);
    expect(r.SVP).toBeCloseTo(0.922, 12);
  });
  it("keeps the source's value where a count is missing (one line), and has none for several", () => {
    // No shots recorded (before 1983-84): GAA from the counts, SV% as given (none).
    expect(goalieRates([{ GA: 150, SA: null, TOI: 3000, GAA: 3, SVP: null }])).toEqual({ GAA: 3, SVP: null });
    // Only the rates given: kept as they are.
    expect(goalieRates([{ GAA: 2.47, SVP: 0.913 }])).toEqual({ GAA: 2.47, SVP: 0.913 });
    expect(
      goalieRates([
        { GAA: 2.47, SVP: 0.913 },
        { GAA: 3.1, SVP: 0.9 },
      ]),
    ).toEqual({ GAA: null, SVP: null });
    // A line without minutes does not pair its goals with another line's minutes: 10·60/600 = 1.
    expect(
      goalieRates([
        { GA: 10, TOI: 600 },
        { GA: 5, TOI: null },
      ]).GAA,
    ).toBe(1);
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
