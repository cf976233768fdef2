/**
 * The postseason of a synthetic league-season: the bracket among the best-placed teams (series of the
 * league's length, re-seeded each round), each team's postseason record and text, and the postseason
 * lines of the players who were with a playoff team at season's end.
 */

import { completeLine } from '../stat-blocks.ts';
import { allocate, binomial } from './allocate.ts';
import type { LeagueDef } from './leagues.ts';
import type { Rng } from './prng.ts';
import { clamp } from './prng.ts';
import type { LineResult, TeamResult } from './season-shapes.ts';

/** Plays the bracket among the best-placed teams and writes each team's postseason record and text. */
export function playoffs(rng: Rng, league: LeagueDef, results: TeamResult[]): void {
  let n = 1;
  while (n * 2 <= Math.min(league.playoffTeams, results.length)) n *= 2;
  if (n < 2) return;
  const rounds = Math.log2(n);
  let alive = results.slice(0, n);
  const need = Math.ceil(league.seriesLength / 2);
  for (let round = 1; alive.length > 1; round++) {
    const next: TeamResult[] = [];
    for (let i = 0; i < alive.length / 2; i++) {
      const a = alive[i] as TeamResult;
      const b = alive[alive.length - 1 - i] as TeamResult;
      const pA = clamp(0.5 + (a.PTS / a.GP - b.PTS / b.GP) / 3, 0.3, 0.7);
      let wa = 0;
      let wb = 0;
      while (wa < need && wb < need) {
        const loserGoals = rng.pick([0, 1, 1, 2, 2, 2, 3, 3, 4]);
        const winnerGoals = loserGoals + rng.pick([1, 1, 1, 2, 2, 3]);
        const aWins = rng.chance(pA);
        const [w, l] = aWins ? [a, b] : [b, a];
        w.postW++;
        w.postGF += winnerGoals;
        w.postGA += loserGoals;
        l.postL++;
        l.postGF += loserGoals;
        l.postGA += winnerGoals;
        if (aWins) wa++;
        else wb++;
      }
      const winner = wa === need ? a : b;
      const loser = winner === a ? b : a;
      const fromEnd = rounds - round;
      loser.postseason =
        fromEnd === 0
          ? 'Lost in Final'
          : fromEnd === 1
            ? 'Lost in Semifinal'
            : fromEnd === 2
              ? 'Lost in Quarterfinal'
              : `Lost in Round ${round}`;
      if (fromEnd === 0) loser.playoffMedalClass = 'silver';
      next.push(winner);
    }
    // Re-seed by regular-season position for the next round.
    alive = next.sort((x, y) => x.seed - y.seed);
  }
  const champion = alive[0] as TeamResult;
  champion.postseason = 'Champion';
  champion.playoffMedalClass = 'gold';
  const bronze = results.filter((r) => r.postseason === 'Lost in Semifinal').sort((x, y) => x.seed - y.seed)[0];
  if (bronze) bronze.playoffMedalClass = 'bronze';
  if (league.leagueType === 'cup') for (const r of results) r.medalClass = r.playoffMedalClass;
}

/**
 * Postseason lines of a playoff team's players who were with it at season's end; skaters share the
 * team's goals by skill above the league's `strength` (skill units), as in the regular season.
 */
export function postseasonLines(
  rng: Rng,
  shotsPerGame: number,
  strength: number,
  r: TeamResult,
  teamLines: LineResult[],
): void {
  const PGP = r.postW + r.postL;
  const stay = teamLines.filter((l) => l.entry.stays);
  const goalies = stay.filter((l) => l.entry.p.position === 'G').sort((a, b) => b.starts - a.starts);
  const skaters = stay.filter((l) => l.entry.p.position !== 'G');
  const backup = goalies.length > 1 && PGP > 2 && rng.chance(0.25) ? rng.int(1, 2) : 0;
  const outcomes = rng.shuffle([...Array<string>(r.postW).fill('W'), ...Array<string>(r.postL).fill('L')]);
  let k = 0;
  goalies.forEach((g, i) => {
    const s = i === 0 ? PGP - backup : i === 1 ? backup : 0;
    if (s === 0) return;
    const got = outcomes.slice(k, k + s);
    k += s;
    const TOI = Math.round(s * (59 + rng.next() * 4));
    const SA = Math.round((TOI / 60) * shotsPerGame * (0.9 + 0.2 * rng.next()));
    const svp = clamp(rng.normal(g.reg.SVP ?? 0.9, 0.012), 0.84, 0.96);
    const W = got.filter((o) => o === 'W').length;
    g.post = completeLine(
      {
        GP: s,
        TOI,
        SA,
        GA: Math.round(SA * (1 - svp)),
        W,
        L: s - W,
        T: 0,
        SO: binomial(rng.next, W, clamp(0.1 + (svp - 0.91) * 3, 0.01, 0.25)),
        G: 0,
        A: binomial(rng.next, s, 0.03),
        PIM: 0,
        PM: null,
        GD: null,
      },
      true,
    );
  });
  const sGP = skaters.map(() => (rng.chance(0.9) ? PGP : rng.int(0, PGP)));
  const goals = allocate(
    r.postGF,
    skaters.map(
      (l, i) => (sGP[i] ?? 0) * (l.entry.p.position === 'F' ? 1 : 0.28) * Math.exp(0.45 * (l.entry.p.skill - strength)),
    ),
  );
  const assists = allocate(
    Math.round(r.postGF * 1.65),
    skaters.map(
      (l, i) => (sGP[i] ?? 0) * (l.entry.p.position === 'F' ? 1 : 0.8) * Math.exp(0.4 * (l.entry.p.skill - strength)),
    ),
  );
  skaters.forEach((l, i) => {
    const gp = sGP[i] ?? 0;
    if (gp === 0) return;
    l.post = completeLine(
      {
        GP: gp,
        G: goals[i] ?? 0,
        A: assists[i] ?? 0,
        PIM: 2 * binomial(rng.next, gp, 0.2),
        PM: Math.round(((r.postGF - r.postGA) / PGP) * gp * 0.35 + rng.normal(0, 2)),
        TOI: Math.round(gp * (l.entry.p.position === 'D' ? 19 : 15) * Math.exp(0.12 * (l.entry.p.skill - strength))),
        GD: null,
      },
      false,
    );
  });
}
