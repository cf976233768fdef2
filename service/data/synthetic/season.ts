/**
 * One league-season of the synthetic world: team results (standings that add up), goalie lines that add
 * up to the team's results (decisions = starts, GA from shots and save percentage), skater lines that add
 * up to the team's goals, and a playoff bracket with postseason lines for the teams that reach it.
 */

import type { StatLine } from '../stat-blocks.ts';
import { completeLine } from '../stat-blocks.ts';
import { allocate, binomial } from './allocate.ts';
import type { Era } from './era.ts';
import { eraOf } from './era.ts';
import type { LeagueDef } from './leagues.ts';
import type { Person } from './people.ts';
import { playoffs, postseasonLines } from './playoffs.ts';
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
  for (const team of teams) {
    const groupSize = teams.filter((t) => t.group === team.group).length;
    const GP = league.leagueType === 'cup' ? Math.max(1, groupSize - 1) : league.games;
    const { result, teamLines } = playTeamSeason(rng, era, team, GP, entries.get(team.id) ?? []);
    lines.push(...teamLines);
    linesByTeam.set(team.id, teamLines);
    results.push(result);
  }
  rankStandings(results);
  playoffs(rng, league, results);
  for (const r of results) {
    if (r.postW + r.postL > 0) postseasonLines(rng, era.shotsPerGame, r, linesByTeam.get(r.team.id) ?? []);
  }
  return { standings: results, lines };
}

/**
 * One team's regular season of `GP` games: its goalies' lines first (their shots and save percentages make
 * the goals against), goals for from the skaters' strength, the record from both, each goalie's decisions,
 * then the skaters' lines. Its standings row is not ranked yet.
 */
function playTeamSeason(
  rng: Rng,
  era: Era,
  team: TeamRec,
  GP: number,
  teamEntries: readonly Entry[],
): { result: TeamResult; teamLines: LineResult[] } {
  const goalies = teamEntries.filter((e) => e.p.position === 'G').sort((a, b) => b.p.skill - a.p.skill);
  const skaters = teamEntries.filter((e) => e.p.position !== 'G');
  const top = skaters
    .map((e) => e.p.skill)
    .sort((a, b) => b - a)
    .slice(0, 12);
  const strength = (top.length ? top.reduce((s, x) => s + x, 0) / top.length : 0) + rng.normal(0, 0.35);

  const gLines = goalieLines(rng, era, goalies, GP);
  const ENG = GP > 20 ? rng.int(0, Math.floor(GP / 10)) : 0;
  const GA = gLines.reduce((s, g) => s + (g.line.GA ?? 0), 0) + ENG;
  const gaPerGame = era.shotsPerGame * (1 - era.svp);
  const GF = Math.max(0, Math.round(GP * gaPerGame * Math.exp(0.12 * strength) * (0.93 + 0.14 * rng.next())));
  const { W, L, T, OTL, OTW } = teamRecord(rng, era, GP, GF, GA);
  goalieDecisions(rng, gLines, W, L, T + OTL);

  const teamLines: LineResult[] = gLines.map((g) => ({ entry: g.entry, reg: g.line, post: null, starts: g.starts }));
  teamLines.push(...skaterLines(rng, skaters, GP, GF, GA));
  const result: TeamResult = {
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
  };
  return { result, teamLines };
}

/** A goalie's regular-season line before its decisions, with his starts and the save percentage drawn. */
interface GoalieSeason {
  entry: Entry;
  line: StatLine;
  starts: number;
  svp: number;
}

/**
 * The goalies' lines (best first): starts shared out of `GP` by depth and time with the team, relief
 * appearances, minutes (TOI), shots against from the era and goals against from a save percentage
 * around the era's, better for better goalies.
 */
function goalieLines(rng: Rng, era: Era, goalies: readonly Entry[], GP: number): GoalieSeason[] {
  const starts = allocate(
    GP,
    goalies.map((g, i) => (GOALIE_SHARES[i] ?? 0.02) * g.w * (0.8 + 0.4 * rng.next())),
  );
  return goalies.map((entry, i) => {
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
}

/**
 * The team's record from goals for and against (Pythagorean expectation), the non-wins split by the era's
 * rules into ties, overtime losses and losses, and (from overtime's era) the wins that came in overtime.
 */
function teamRecord(
  rng: Rng,
  era: Era,
  GP: number,
  GF: number,
  GA: number,
): { W: number; L: number; T: number; OTL: number; OTW: number | null } {
  const pWin = GF + GA === 0 ? 0.5 : GF ** 2.1 / (GF ** 2.1 + GA ** 2.1);
  const W = clamp(Math.round(GP * pWin + rng.normal(0, 1.5)), 0, GP);
  const nonWins = GP - W;
  const T = era.ties ? Math.round(nonWins * (0.18 + 0.14 * rng.next())) : 0;
  const OTL = era.otl ? Math.round((nonWins - T) * (0.15 + 0.15 * rng.next())) : 0;
  const L = nonWins - T - OTL;
  const OTW = era.otl ? Math.round(W * (0.08 + 0.08 * rng.next())) : null;
  return { W, L, T, OTL, OTW };
}

/**
 * Each goalie's decisions are the outcomes of the games he started (`T` holds ties and overtime losses),
 * then his shutouts and derived keys; completes the goalie lines in place.
 */
function goalieDecisions(rng: Rng, gLines: readonly GoalieSeason[], W: number, L: number, nonRegulation: number): void {
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

/**
 * The skaters' lines: games played from time with the team and skill, the team's goals and assists
 * shared by position and skill (so they add up to the team's), penalty minutes, plus-minus around the
 * team's goal difference, and minutes (TOI) by position.
 */
function skaterLines(rng: Rng, skaters: readonly Entry[], GP: number, GF: number, GA: number): LineResult[] {
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
      (e, i) => (sGP[i] ?? 1) * (e.p.position === 'F' ? 1 : 0.8) * Math.exp(0.4 * e.p.skill) * (0.6 + 0.8 * rng.next()),
    ),
  );
  return skaters.map((entry, i) => {
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
    return { entry, reg: completeLine(line, false), post: null, starts: 0 };
  });
}

/**
 * Orders the standings by PTS, W, GD, GF, then team id; `seed` is the league-wide rank (playoff seeding),
 * `position` the rank within the team's group, as the Databank's division rank, so `position` means the
 * same in every league.
 */
function rankStandings(results: TeamResult[]): void {
  results.sort((a, b) => b.PTS - a.PTS || b.W - a.W || b.GD - a.GD || b.GF - a.GF || a.team.id - b.team.id);
  const inGroup = new Map<string | null, number>();
  results.forEach((r, i) => {
    r.seed = i + 1;
    const n = (inGroup.get(r.group) ?? 0) + 1;
    inGroup.set(r.group, n);
    r.position = n;
  });
}
