/**
 * One league-season of the synthetic world: team results (standings that add up), goalie lines that add
 * up to the team's results (decisions = starts, GA from shots and save percentage), skater lines that add
 * up to the team's goals, and a playoff bracket with postseason lines for the teams that reach it.
 */

import type { StatLine } from '../stat-blocks.ts';
import { completeLine } from '../stat-blocks.ts';
import { allocate, binomial } from './allocate.ts';
import { eraOf } from './era.ts';
import type { LeagueDef } from './leagues.ts';
import type { Person } from './people.ts';
import type { Rng } from './prng.ts';
import { clamp } from './prng.ts';
import type { TeamRec } from './teams.ts';

/** A player's stint with a team in a season. */
export interface Entry {
  p: Person;
  team: TeamRec;
  /** Share of the team's season the player was there (1 = whole season; call-ups and trades less). */
  w: number;
  /** With the team at season's end (only those play its postseason). */
  stays: boolean;
  role: 'C' | 'A' | null;
}

/** A team's season in the standings (real-service-notes "Standings record"). */
export interface TeamResult {
  team: TeamRec;
  group: string | null;
  GP: number;
  W: number;
  L: number;
  T: number;
  OTW: number | null;
  OTL: number;
  PTS: number;
  GF: number;
  GA: number;
  GD: number;
  /** Rank within the group (division or conference; the league when it has no groups), 1-based. */
  position: number;
  /** Rank in the whole league, 1-based: playoff seeding. */
  seed: number;
  postseason: string | null;
  medalClass: string | null;
  playoffMedalClass: string | null;
  postW: number;
  postL: number;
  postGF: number;
  postGA: number;
}

/** A player's line for one stint: regular season and, for playoff teams, postseason. */
export interface LineResult {
  entry: Entry;
  reg: StatLine;
  post: StatLine | null;
  /** Games started in the regular season (goalies), for game logs. */
  starts: number;
}

/** Result of {@link simulateLeagueSeason}. */
export interface SeasonResult {
  standings: TeamResult[];
  lines: LineResult[];
}

const GOALIE_SHARES = [0.66, 0.28, 0.06, 0.03];

/**
 * Plays one season of `league` for the given teams and their stints (`entries` by team id).
 * Standings: GP = W + L + OTL + T, PTS = 2W + OTL + T, GD = GF − GA, positions 1..n within each group by PTS,
 * then W, GD, GF and team id (the league-wide rank seeds the playoffs). Goalie `T` holds ties and overtime losses (non-regulation decisions that are not wins),
 * as the Hockey Databank's `T/OL` column does, so a goalie's W + L + T equals their starts ≤ GP.
 */
export function simulateLeagueSeason(
  rng: Rng,
  league: LeagueDef,
  year: number,
  teams: readonly TeamRec[],
  entries: ReadonlyMap<number, Entry[]>,
): SeasonResult {
  const era = eraOf(league, year);
  const lines: LineResult[] = [];
  const results: TeamResult[] = [];
  const linesByTeam = new Map<number, LineResult[]>();
  const gaPerGame = era.shotsPerGame * (1 - era.svp);

  for (const team of teams) {
    const groupSize = teams.filter((t) => t.group === team.group).length;
    const GP = league.leagueType === 'cup' ? Math.max(1, groupSize - 1) : league.games;
    const teamEntries = entries.get(team.id) ?? [];
    const goalies = teamEntries.filter((e) => e.p.position === 'G').sort((a, b) => b.p.skill - a.p.skill);
    const skaters = teamEntries.filter((e) => e.p.position !== 'G');
    const top = skaters
      .map((e) => e.p.skill)
      .sort((a, b) => b - a)
      .slice(0, 12);
    const strength = (top.length ? top.reduce((s, x) => s + x, 0) / top.length : 0) + rng.normal(0, 0.35);

    // Goalies first: their shots and save percentages make the team's goals against.
    const starts = allocate(
      GP,
      goalies.map((g, i) => (GOALIE_SHARES[i] ?? 0.02) * g.w * (0.8 + 0.4 * rng.next())),
    );
    const gLines = goalies.map((entry, i) => {
      const s = starts[i] ?? 0;
      const relief = s === 0 ? rng.int(1, 3) : rng.chance(0.3) ? rng.int(1, 2) : 0;
      const TOI = Math.round(s * (58.6 + rng.next() * 1.8) + relief * (12 + rng.next() * 25));
      const SA = Math.round((TOI / 60) * era.shotsPerGame * (0.9 + 0.2 * rng.next()));
      const svp = clamp(rng.normal(era.svp + 0.006 * entry.p.skill, s > 15 ? 0.008 : 0.018), 0.84, 0.945);
      const GA = Math.round(SA * (1 - svp));
      const line: StatLine = {
        GP: s + relief,
        TOI,
        SA,
        GA,
        G: 0,
        A: binomial(rng.next, s + relief, 0.03),
        GD: null,
        PM: null,
      };
      line.PIM = 2 * binomial(rng.next, s + relief, 0.025);
      return { entry, line, starts: s, svp };
    });
    const ENG = GP > 20 ? rng.int(0, Math.floor(GP / 10)) : 0;
    const GA = gLines.reduce((s, g) => s + (g.line.GA ?? 0), 0) + ENG;
    const GF = Math.max(0, Math.round(GP * gaPerGame * Math.exp(0.12 * strength) * (0.93 + 0.14 * rng.next())));

    // Results from goals for and against (Pythagorean expectation), split by the era's rules.
    const pWin = GF + GA === 0 ? 0.5 : GF ** 2.1 / (GF ** 2.1 + GA ** 2.1);
    const W = clamp(Math.round(GP * pWin + rng.normal(0, 1.5)), 0, GP);
    const nonWins = GP - W;
    const T = era.ties ? Math.round(nonWins * (0.18 + 0.14 * rng.next())) : 0;
    const OTL = era.otl ? Math.round((nonWins - T) * (0.15 + 0.15 * rng.next())) : 0;
    const L = nonWins - T - OTL;
    const OTW = era.otl ? Math.round(W * (0.08 + 0.08 * rng.next())) : null;

    // Each goalie's decisions are the outcomes of the games they started.
    const outcomes = rng.shuffle([
      ...Array<string>(W).fill('W'),
      ...Array<string>(L).fill('L'),
      ...Array<string>(T + OTL).fill('T'),
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

    // Skaters share the team's goals and assists.
    const sGP = skaters.map((e) => {
      const avail = 0.6 + 0.35 / (1 + Math.exp(-e.p.skill)) + 0.05 * rng.next();
      return clamp(Math.round(GP * e.w * avail), 1, GP);
    });
    const goals = allocate(
      GF,
      skaters.map(
        (e, i) =>
          (sGP[i] ?? 1) * (e.p.position === 'F' ? 1 : 0.28) * Math.exp(0.45 * e.p.skill) * (0.6 + 0.8 * rng.next()),
      ),
    );
    const assists = allocate(
      Math.round(GF * (1.55 + 0.2 * rng.next())),
      skaters.map(
        (e, i) =>
          (sGP[i] ?? 1) * (e.p.position === 'F' ? 1 : 0.8) * Math.exp(0.4 * e.p.skill) * (0.6 + 0.8 * rng.next()),
      ),
    );
    const teamLines: LineResult[] = gLines.map((g) => ({ entry: g.entry, reg: g.line, post: null, starts: g.starts }));
    skaters.forEach((entry, i) => {
      const gp = sGP[i] ?? 1;
      const line: StatLine = {
        GP: gp,
        G: goals[i] ?? 0,
        A: assists[i] ?? 0,
        PIM: 2 * binomial(rng.next, gp, 0.12 + 0.25 * rng.next()) + (rng.chance(0.1) ? 5 : 0),
        PM: Math.round(((GF - GA) / GP) * gp * 0.35 + rng.normal(0, 3 + gp / 15)),
        TOI: Math.round(
          gp * (entry.p.position === 'D' ? 18.5 : 14.5) * Math.exp(0.12 * entry.p.skill) * (0.9 + 0.2 * rng.next()),
        ),
        GD: null,
      };
      teamLines.push({ entry, reg: completeLine(line, false), post: null, starts: 0 });
    });
    lines.push(...teamLines);
    linesByTeam.set(team.id, teamLines);
    results.push({
      team,
      group: team.group,
      GP,
      W,
      L,
      T,
      OTW,
      OTL,
      PTS: 2 * W + OTL + T,
      GF,
      GA,
      GD: GF - GA,
      position: 0,
      seed: 0,
      postseason: null,
      medalClass: null,
      playoffMedalClass: null,
      postW: 0,
      postL: 0,
      postGF: 0,
      postGA: 0,
    });
  }

  results.sort((a, b) => b.PTS - a.PTS || b.W - a.W || b.GD - a.GD || b.GF - a.GF || a.team.id - b.team.id);
  // `seed` is the league-wide rank (playoff seeding); `position` the rank within the team's group, as the
  // Databank's division rank, so `position` means the same in every league.
  const inGroup = new Map<string | null, number>();
  results.forEach((r, i) => {
    r.seed = i + 1;
    const n = (inGroup.get(r.group) ?? 0) + 1;
    inGroup.set(r.group, n);
    r.position = n;
  });
  playoffs(rng, league, results);
  for (const r of results) {
    if (r.postW + r.postL > 0) postseasonLines(rng, era.shotsPerGame, r, linesByTeam.get(r.team.id) ?? []);
  }
  return { standings: results, lines };
}

/** Plays the bracket among the best-placed teams and writes each team's postseason record and text. */
function playoffs(rng: Rng, league: LeagueDef, results: TeamResult[]): void {
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

/** Postseason lines of a playoff team's players who were with it at season's end. */
function postseasonLines(rng: Rng, shotsPerGame: number, r: TeamResult, teamLines: LineResult[]): void {
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
    skaters.map((l, i) => (sGP[i] ?? 0) * (l.entry.p.position === 'F' ? 1 : 0.28) * Math.exp(0.45 * l.entry.p.skill)),
  );
  const assists = allocate(
    Math.round(r.postGF * 1.65),
    skaters.map((l, i) => (sGP[i] ?? 0) * (l.entry.p.position === 'F' ? 1 : 0.8) * Math.exp(0.4 * l.entry.p.skill)),
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
        TOI: Math.round(gp * (l.entry.p.position === 'D' ? 19 : 15) * Math.exp(0.12 * l.entry.p.skill)),
        GD: null,
      },
      false,
    );
  });
}
