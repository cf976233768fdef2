// Teams' records in a season they played each other: the wins, losses and ties add up across the teams.
import { describe, expect, it } from 'vitest';
import type { Era } from '../../../service/data/synthetic/era.ts';
import { createRng } from '../../../service/data/synthetic/prng.ts';
import { playedRecords } from '../../../service/data/synthetic/records.ts';

const eras: Record<string, Era> = {
  ties: { shotsPerGame: 31, svp: 0.88, ties: true, otl: false },
  'ties and overtime losses': { shotsPerGame: 30, svp: 0.9, ties: true, otl: true },
  'overtime losses': { shotsPerGame: 30, svp: 0.91, ties: false, otl: true },
};

describe('playedRecords', () => {
  for (const [name, era] of Object.entries(eras)) {
    it(`${name}: ΣW = ΣL + ΣOTL, ΣT even, each W + L + T + OTL = GP, better goal ratios win more`, () => {
      for (let seed = 1; seed <= 30; seed++) {
        const rng = createRng(seed);
        const n = 3 + (seed % 14);
        const GP = 2 * (n - 1) * (1 + (seed % 3));
        const teams = Array.from({ length: n }, (_, i) => ({ GP, GF: 200 + 9 * i, GA: 230 }));
        const r = playedRecords(rng, era, teams);
        const sum = (k: 'W' | 'L' | 'T' | 'OTL') => r.reduce((s, x) => s + x[k], 0);
        expect(sum('W')).toBe(sum('L') + sum('OTL'));
        expect(sum('T') % 2).toBe(0);
        for (const x of r) {
          expect(x.W + x.L + x.T + x.OTL).toBe(GP);
          for (const v of [x.W, x.L, x.T, x.OTL]) expect(v).toBeGreaterThanOrEqual(0);
          if (!era.ties) expect(x.T).toBe(0);
          if (!era.otl) expect([x.OTL, x.OTW]).toEqual([0, null]);
          if (x.OTW !== null) expect(x.OTW).toBeLessThanOrEqual(x.W);
        }
        if (n >= 8) expect(r.at(-1)?.W ?? 0).toBeGreaterThan(r[0]?.W ?? 0);
      }
    });
  }

  it('a team whose share of the wins would pass its decided games wins them all; the rest go to the others', () => {
    const era = eras['overtime losses'] as Era;
    // Three teams, two of which never score: the first would take 1.5 seasons' worth of the wins.
    const teams = [
      { GP: 40, GF: 150, GA: 20 },
      { GP: 40, GF: 0, GA: 80 },
      { GP: 40, GF: 0, GA: 50 },
    ];
    const r = playedRecords(createRng(5), era, teams);
    expect(r[0]).toMatchObject({ W: 40, L: 0, OTL: 0 });
    expect((r[1]?.W ?? 0) + (r[2]?.W ?? 0)).toBe(20);
  });
});
