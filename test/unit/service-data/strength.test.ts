// The league strengths of the synthetic world: one for every league of the catalog, in the order the
// strength table's docstring states.
import { describe, expect, it } from 'vitest';
import { LEAGUE_CATALOG, SIZE_PLANS } from '../../../service/data/synthetic/leagues.ts';
import { LEAGUE_STRENGTH, leagueStrength } from '../../../service/data/synthetic/strength.ts';

const men = LEAGUE_CATALOG.filter((l) => l.teamClass === 'men' && l.teamType === 'club');

describe('league strengths', () => {
  it('every league of the catalog has one, and the table names no other league', () => {
    for (const l of LEAGUE_CATALOG) expect(Number.isFinite(leagueStrength(l.slug)), l.slug).toBe(true);
    expect(Object.keys(LEAGUE_STRENGTH).sort()).toEqual(LEAGUE_CATALOG.map((l) => l.slug).sort());
    expect(() => leagueStrength('khl')).toThrow(/no strength/);
  });

  it("the NHL is the strongest men's club league; every junior league is weaker than every professional one", () => {
    for (const l of men)
      if (l.slug !== 'nhl') expect(leagueStrength(l.slug), l.slug).toBeLessThan(leagueStrength('nhl'));
    const pro = men.filter((l) => l.leagueLevel === 'professional').map((l) => leagueStrength(l.slug));
    const junior = men.filter((l) => l.leagueLevel === 'junior').map((l) => leagueStrength(l.slug));
    expect(Math.max(...junior)).toBeLessThan(Math.min(...pro));
  });

  it("the demo world's men's club leagues are at least 0.25 apart (a fair ranking test)", () => {
    const demo = SIZE_PLANS.demo.leagues
      .map((l) => LEAGUE_CATALOG.find((c) => c.slug === l.slug))
      .filter((l) => l?.teamClass === 'men' && l.teamType === 'club')
      .map((l) => leagueStrength(l?.slug ?? ''))
      .sort((a, b) => a - b);
    expect(demo.length).toBe(6);
    for (let i = 1; i < demo.length; i++) expect((demo[i] ?? 0) - (demo[i - 1] ?? 0)).toBeGreaterThanOrEqual(0.25);
  });
});
