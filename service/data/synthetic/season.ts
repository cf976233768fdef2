/**
 * One league-season of the synthetic world: team results (standings that add up, each team's and across
 * the teams: ΣGF = ΣGA, ΣW = ΣL + ΣOTL), goalie lines that add up to the team's results (decisions =
 * starts, the team's GA shared by minutes and save percentage), skater lines that add up to the team's
 * goals, and a playoff bracket with postseason lines for the teams that reach it.
 */

import type { StatLine } from '../stat-blocks.ts';
import { completeLine } from '../stat-blocks.ts';
import { allocate, binomial } from './allocate.ts';
import type { Era } from './era.ts';
import { eraOf } from './era.ts';
import type { GoalieSeason } from './goalies.ts';
import { expectedGoalsAgainst, goalieDecisions, goalieGoals, goalieLines } from './goalies.ts';
import type { LeagueDef } from './leagues.ts';
import { playoffs, postseasonLines } from './playoffs.ts';
import type { Rng } from './prng.ts';
import { clamp } from './prng.ts';
import type { TeamRecord } from './records.ts';
import { playedRecords } from './records.ts';
import type { Entry, LineResult, SeasonResult, TeamResult } from './season-shapes.ts';
import { leagueStrength } from './strength.ts';
import type { TeamRec } from './teams.ts';

/**
 * Plays one season of `league` for the given teams and their stints (`entries` by team id).
 * Every goal is one team's goal for and another's goal against: the teams' goals for come from their
 * skaters' skill against the league's strength, and the same goals (within each group of a cup) are
 * shared out as goals against by how well each team keeps them out, so ΣGF = ΣGA in every league-season;
 * likewise every decided game is one team's win and another's loss (records.ts).
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
  const strength = leagueStrength(league.slug);
  const plans = teams.map((team) => {
    const groupSize = teams.filter((t) => t.group === team.group).length;
    const GP = league.leagueType === 'cup' ? Math.max(1, groupSize - 1) : league.games;
    return planTeamSeason(rng, era, strength, team, GP, entries.get(team.id) ?? []);
  });
  const opponents = playedTogether(plans, league.leagueType === 'cup');
  for (const group of opponents) shareGoalsAgainst(group);
  const records = new Map<TeamPlan, TeamRecord>();
  for (const group of opponents) {
    const got = playedRecords(rng, era, group);
    group.forEach((p, i) => {
      records.set(p, got[i] as TeamRecord);
    });
  }
  const lines: LineResult[] = [];
  const results: TeamResult[] = [];
  const linesByTeam = new Map<number, LineResult[]>();
  for (const plan of plans) {
    const { result, teamLines } = finishTeamSeason(rng, era, strength, plan, records.get(plan) as TeamRecord);
    lines.push(...teamLines);
    linesByTeam.set(plan.team.id, teamLines);
    results.push(result);
  }
  rankStandings(results);
  playoffs(rng, league, results);
  for (const r of results) {
    if (r.postW + r.postL > 0) postseasonLines(rng, era.shotsPerGame, strength, r, linesByTeam.get(r.team.id) ?? []);
  }
  return { standings: results, lines };
}

/** A team's regular season before its goals against are known. */
interface TeamPlan {
  team: TeamRec;
  GP: number;
  skaters: Entry[];
  gLines: GoalieSeason[];
  GF: number;
  /** How many goals the team would let in on its own (a weight among the league's teams). */
  keepOut: number;
  GA: number;
}

/**
 * The first half of a team's season: its goalies' minutes and save percentages, and its goals for from
 * its best twelve skaters' mean skill above the league's `strength` (skill units), around the era's
 * scoring rate.
 */
function planTeamSeason(
  rng: Rng,
  era: Era,
  strength: number,
  team: TeamRec,
  GP: number,
  teamEntries: readonly Entry[],
): TeamPlan {
  const goalies = teamEntries.filter((e) => e.p.position === 'G').sort((a, b) => b.p.skill - a.p.skill);
  const skaters = teamEntries.filter((e) => e.p.position !== 'G');
  const top = skaters
    .map((e) => e.p.skill - strength)
    .sort((a, b) => b - a)
    .slice(0, 12);
  const depth = top.length ? top.reduce((s, x) => s + x, 0) / top.length : 0;
  const offence = depth + rng.normal(0, 0.35);
  const gLines = goalieLines(rng, era, strength, goalies, GP);
  const goalsPerGame = era.shotsPerGame * (1 - era.svp);
  const GF = Math.max(0, Math.round(GP * goalsPerGame * Math.exp(0.12 * offence) * (0.93 + 0.14 * rng.next())));
  const inNet = gLines.length ? expectedGoalsAgainst(era, gLines) : GP * goalsPerGame;
  const keepOut = Math.max(0.01, inNet * Math.exp(-0.06 * depth) * (0.93 + 0.14 * rng.next()));
  return { team, GP, skaters, gLines, GF, keepOut, GA: 0 };
}

/** The teams that played each other: the whole league, or each group of a cup (teams play only their group). */
function playedTogether(plans: readonly TeamPlan[], byGroup: boolean): TeamPlan[][] {
  const groups = new Map<string | null, TeamPlan[]>();
  for (const p of plans) {
    const key = byGroup ? p.team.group : null;
    const list = groups.get(key);
    if (list) list.push(p);
    else groups.set(key, [p]);
  }
  return [...groups.values()];
}

/**
 * Shares the goals the teams that played each other scored among them as goals against, by their
 * `keepOut` weights, so their goals against add up to their goals for exactly. Sets `GA` in place.
 */
function shareGoalsAgainst(group: readonly TeamPlan[]): void {
  const goals = group.reduce((s, p) => s + p.GF, 0);
  const GA = allocate(
    goals,
    group.map((p) => p.keepOut),
  );
  group.forEach((p, i) => {
    p.GA = GA[i] ?? 0;
  });
}

/**
 * The second half: empty-net goals out of the team's goals against, the rest shared by its goalies, each
 * goalie's decisions from the team's `record`, then the skaters' lines. Its standings row is not ranked yet.
 */
function finishTeamSeason(
  rng: Rng,
  era: Era,
  strength: number,
  plan: TeamPlan,
  record: TeamRecord,
): { result: TeamResult; teamLines: LineResult[] } {
  const { team, GP, GF, GA, gLines } = plan;
  const ENG = gLines.length === 0 ? GA : Math.min(GA, GP > 20 ? rng.int(0, Math.floor(GP / 10)) : 0);
  goalieGoals(rng, era, gLines, GA - ENG);
  const { W, L, T, OTL, OTW } = record;
  goalieDecisions(rng, gLines, W, L, T + OTL);

  const teamLines: LineResult[] = gLines.map((g) => ({ entry: g.entry, reg: g.line, post: null, starts: g.starts }));
  teamLines.push(...skaterLines(rng, strength, plan.skaters, GP, GF, GA));
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

/**
 * The skaters' lines: games played from time with the team and skill, the team's goals and assists
 * shared by position and skill above the league's `strength` (so they add up to the team's; a player
 * strong for his league takes a bigger share), penalty minutes, plus-minus around the
 * team's goal difference, and minutes (TOI) by position.
 */
function skaterLines(
  rng: Rng,
  strength: number,
  skaters: readonly Entry[],
  GP: number,
  GF: number,
  GA: number,
): LineResult[] {
  const rel = skaters.map((e) => e.p.skill - strength);
  const sGP = skaters.map((e, i) => {
    const avail = 0.6 + 0.35 / (1 + Math.exp(-(rel[i] ?? 0))) + 0.05 * rng.next();
    return clamp(Math.round(GP * e.w * avail), 1, GP);
  });
  const goals = allocate(
    GF,
    skaters.map(
      (e, i) =>
        (sGP[i] ?? 1) * (e.p.position === 'F' ? 1 : 0.28) * Math.exp(0.45 * (rel[i] ?? 0)) * (0.6 + 0.8 * rng.next()),
    ),
  );
  const assists = allocate(
    Math.round(GF * (1.55 + 0.2 * rng.next())),
    skaters.map(
      (e, i) =>
        (sGP[i] ?? 1) * (e.p.position === 'F' ? 1 : 0.8) * Math.exp(0.4 * (rel[i] ?? 0)) * (0.6 + 0.8 * rng.next()),
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
        gp * (entry.p.position === 'D' ? 18.5 : 14.5) * Math.exp(0.12 * (rel[i] ?? 0)) * (0.9 + 0.2 * rng.next()),
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
