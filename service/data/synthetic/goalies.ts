/**
 * A team's goaltenders in a regular season: their starts and minutes, the save percentage each is
 * drawn, their share of the team's goals against (with the shots that make it), and their decisions.
 */

import type { StatLine } from '../stat-blocks.ts';
import { completeLine } from '../stat-blocks.ts';
import { allocate, binomial } from './allocate.ts';
import type { Era } from './era.ts';
import type { Rng } from './prng.ts';
import { clamp } from './prng.ts';
import type { Entry } from './season-shapes.ts';

const GOALIE_SHARES = [0.66, 0.28, 0.06, 0.03];

/** A goalie's regular-season line before its goals and decisions, with his starts and the save percentage drawn. */
export interface GoalieSeason {
  entry: Entry;
  line: StatLine;
  starts: number;
  svp: number;
}

/**
 * The goalies' lines (best first): starts shared out of `GP` by depth and time with the team, relief
 * appearances, minutes (TOI), and a save percentage around the era's, better for goalies more skilled
 * than the league's `strength` (skill units). Shots and goals against come later ({@link goalieGoals}).
 */
export function goalieLines(
  rng: Rng,
  era: Era,
  strength: number,
  goalies: readonly Entry[],
  GP: number,
): GoalieSeason[] {
  const starts = allocate(
    GP,
    goalies.map((g, i) => (GOALIE_SHARES[i] ?? 0.02) * g.w * (0.8 + 0.4 * rng.next())),
  );
  return goalies.map((entry, i) => {
    const s = starts[i] ?? 0;
    const relief = s === 0 ? rng.int(1, 3) : rng.chance(0.3) ? rng.int(1, 2) : 0;
    const TOI = Math.round(s * (58.6 + rng.next() * 1.8) + relief * (12 + rng.next() * 25));
    const svp = clamp(rng.normal(era.svp + 0.006 * (entry.p.skill - strength), s > 15 ? 0.008 : 0.018), 0.84, 0.945);
    const line: StatLine = {
      GP: s + relief,
      TOI,
      G: 0,
      A: binomial(rng.next, s + relief, 0.03),
      GD: null,
      PM: null,
    };
    line.PIM = 2 * binomial(rng.next, s + relief, 0.025);
    return { entry, line, starts: s, svp };
  });
}

/** Goals against the team's goalies would expect in their minutes at their save percentages (a weight). */
export function expectedGoalsAgainst(era: Era, gLines: readonly GoalieSeason[]): number {
  return gLines.reduce((s, g) => s + ((g.line.TOI ?? 0) / 60) * era.shotsPerGame * (1 - g.svp), 0);
}

/**
 * Shares `GA` (the team's goals against with its goalie in net) among its goalies by minutes and save
 * percentage, and gives each the shots that goal count and his save percentage make (a goalie who let
 * in none faced the shots of his minutes). Sets `GA` and `SA` of the lines in place.
 */
export function goalieGoals(rng: Rng, era: Era, gLines: readonly GoalieSeason[], GA: number): void {
  const split = allocate(
    GA,
    gLines.map((g) => (g.line.TOI ?? 0) * (1 - g.svp)),
  );
  gLines.forEach((g, i) => {
    const ga = split[i] ?? 0;
    const minutes = g.line.TOI ?? 0;
    g.line.GA = ga;
    g.line.SA =
      ga > 0
        ? Math.max(ga + 1, Math.round(ga / (1 - g.svp)))
        : Math.max(1, Math.round((minutes / 60) * era.shotsPerGame * (0.9 + 0.2 * rng.next())));
  });
}

/**
 * Each goalie's decisions are the outcomes of the games he started (`T` holds ties and overtime losses),
 * then his shutouts and derived keys; completes the goalie lines in place.
 */
export function goalieDecisions(
  rng: Rng,
  gLines: readonly GoalieSeason[],
  W: number,
  L: number,
  nonRegulation: number,
): void {
  const outcomes = rng.shuffle([
    ...Array<string>(W).fill('W'),
    ...Array<string>(L).fill('L'),
    ...Array<string>(nonRegulation).fill('T'),
  ]);
  let k = 0;
  for (const g of gLines) {
    const got = outcomes.slice(k, k + g.starts);
    k += g.starts;
    g.line.W = got.filter((o) => o === 'W').length;
    g.line.L = got.filter((o) => o === 'L').length;
    g.line.T = got.filter((o) => o === 'T').length;
    g.line.SO = binomial(rng.next, g.line.W, clamp(0.1 + (g.svp - 0.91) * 3, 0.01, 0.25));
    completeLine(g.line, true);
  }
}
