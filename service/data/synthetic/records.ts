/**
 * Teams' records in a season where they played each other (a league, or a group of a cup): every game
 * decided has one winner and one loser, in regulation or overtime, and a tie counts for both teams, so
 * the records add up across the teams as the goals do.
 */

import { allocate } from './allocate.ts';
import type { Era } from './era.ts';
import type { Rng } from './prng.ts';

/** A team's season as its record needs it: games played, goals for and against. */
export interface RecordInput {
  GP: number;
  GF: number;
  GA: number;
}

/** A team's record: W + L + T + OTL = GP; `OTW` (wins in overtime, part of W) is null before overtime counted. */
export interface TeamRecord {
  W: number;
  L: number;
  T: number;
  OTL: number;
  OTW: number | null;
}

/**
 * The records of teams that played each other: ties by the era's rules (an even total: each tie is two
 * teams'), then the decided games' wins, half of them, shared by goals for and against (Pythagorean
 * expectation, with some luck) and never more than a team's decided games; the rest of each team's decided
 * games are its losses, some in overtime (from overtime's era), and some of its wins came in overtime.
 * So ΣW = ΣL + ΣOTL whenever ΣGP is even, as any schedule's is.
 */
export function playedRecords(rng: Rng, era: Era, teams: readonly RecordInput[]): TeamRecord[] {
  const T = teams.map((t) => (era.ties ? Math.round(t.GP * (0.1 + 0.08 * rng.next())) : 0));
  if (T.reduce((s, x) => s + x, 0) % 2 === 1) {
    const most = T.indexOf(Math.max(...T));
    T[most] = (T[most] ?? 1) - 1;
  }
  const decided = teams.map((t, i) => t.GP - (T[i] ?? 0));
  const wins = Math.floor(decided.reduce((s, d) => s + d, 0) / 2);
  const weights = teams.map((t, i) => {
    const pWin = t.GF + t.GA === 0 ? 0.5 : t.GF ** 2.1 / (t.GF ** 2.1 + t.GA ** 2.1);
    return Math.max(0.01, (decided[i] ?? 0) * pWin + rng.normal(0, 1.5));
  });
  const W = capped(wins, weights, decided);
  return teams.map((_, i) => {
    const w = W[i] ?? 0;
    const lost = (decided[i] ?? 0) - w;
    const OTL = era.otl ? Math.round(lost * (0.15 + 0.15 * rng.next())) : 0;
    const OTW = era.otl ? Math.round(w * (0.08 + 0.08 * rng.next())) : null;
    return { W: w, L: lost - OTL, T: T[i] ?? 0, OTL, OTW };
  });
}

/**
 * Splits `total` (at most Σcaps) in proportion to `weights` with no part above its cap: what a capped
 * part cannot take goes again to the parts with room.
 */
function capped(total: number, weights: readonly number[], caps: readonly number[]): number[] {
  const out = weights.map(() => 0);
  let open = caps.map((_, i) => i).filter((i) => (caps[i] ?? 0) > 0);
  let left = total;
  while (left > 0 && open.length > 0) {
    const share = allocate(
      left,
      open.map((i) => weights[i] ?? 0),
    );
    left = 0;
    open.forEach((i, k) => {
      const want = share[k] ?? 0;
      const got = Math.min(want, (caps[i] ?? 0) - (out[i] ?? 0));
      out[i] = (out[i] ?? 0) + got;
      left += want - got;
    });
    open = open.filter((i) => (out[i] ?? 0) < (caps[i] ?? 0));
  }
  return out;
}
