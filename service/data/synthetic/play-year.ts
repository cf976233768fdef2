/**
 * One year of the synthetic world: the off-season's roster moves, who plays for whom (club stints, trades,
 * call-ups, national teams), the coaches, then every active league's season played and written as
 * team-seasons, standings and player-stat rows (and, in the last year, game logs).
 */

import { seasonSlug } from '../../../shared/contract/spec.ts';
import { sumLines } from '../stat-blocks.ts';
import type { CoachState } from './coaches.ts';
import { coachSeason } from './coaches.ts';
import { GAME_LOG_LEAGUES, writeGameLogs } from './game-logs.ts';
import type { LeagueDef, SizePlan } from './leagues.ts';
import { leagueDef } from './leagues.ts';
import type { Rng } from './prng.ts';
import type { RosterState } from './rosters.ts';
import { fillRosters, offSeason, sweepPool } from './rosters.ts';
import { simulateLeagueSeason } from './season.ts';
import type { Entry, LineResult, SeasonResult } from './season-shapes.ts';
import { callUps, clubStints, nationalStints, playersByNation } from './stints.ts';
import type { TeamRec } from './teams.ts';
import { seasonTeamName } from './teams.ts';
import type { WorldWriter } from './writer.ts';

/** What each year carries over from the years before, and where it writes. */
export interface WorldState {
  /** The world's one random stream: every draw in a fixed order. */
  rng: Rng;
  out: WorldWriter;
  plan: SizePlan;
  leagues: readonly LeagueDef[];
  teamsByLeague: ReadonlyMap<string, TeamRec[]>;
  nhl: readonly TeamRec[] | undefined;
  ahl: readonly TeamRec[] | undefined;
  rosters: RosterState;
  coaches: CoachState;
  /** The stints of the last season, filled in its year (the final records need them). */
  lastLines: LineResult[];
  /** The last id written to `player_stats`, `standings` and `game_logs`. */
  ids: { stat: number; standing: number; gameLog: number };
}

/** Plays the season starting `year` in every league founded by then and writes it. */
export function playYear(w: WorldState, year: number): void {
  const slug = seasonSlug(year);
  const active = w.leagues.filter((l) => l.founded <= year);
  moveRosters(w, year, active);
  const entries = seasonStints(w, year, active);
  // Coaches: keep most, replace some.
  for (const league of active) {
    for (const team of teamsOf(w, league))
      coachSeason(w.rng, w.out.put, w.out.stamp, w.coaches, league, team, year, slug);
  }
  for (const league of active) {
    const teams = teamsOf(w, league);
    const result = simulateLeagueSeason(w.rng, league, year, teams, entries);
    writeStandings(w, league, year, result);
    writeLines(w, league, year, result.lines);
    if (year === w.plan.lastYear) {
      w.lastLines.push(...result.lines);
      if (GAME_LOG_LEAGUES.has(league.slug))
        w.ids.gameLog = writeGameLogs(w.rng, w.out.put, w.out.stamp, league, year, teams, result, w.ids.gameLog);
    }
  }
}

const teamsOf = (w: WorldState, league: LeagueDef): TeamRec[] => w.teamsByLeague.get(league.slug) ?? [];

/**
 * The off-season of the club leagues: free agents age out of the pool, players leave teams (those who
 * retire may become coaches), then every team fills its roster.
 */
function moveRosters(w: WorldState, year: number, active: readonly LeagueDef[]): void {
  const clubLeagues = active.filter((l) => l.teamType === 'club');
  sweepPool(w.rosters, year);
  for (const league of clubLeagues) {
    const before = new Set(teamsOf(w, league).flatMap((t) => t.roster));
    offSeason(w.rosters, league, teamsOf(w, league), year);
    for (const p of before) if (p.status === 'retired') w.coaches.retired.push(p);
  }
  for (const league of clubLeagues) fillRosters(w.rosters, league, teamsOf(w, league), year, w.plan.roster);
}

/** The season's stints by team id: the rosters, trades, call-ups from the minor affiliate, then national teams. */
function seasonStints(w: WorldState, year: number, active: readonly LeagueDef[]): Map<number, Entry[]> {
  const entries = new Map<number, Entry[]>();
  for (const league of active.filter((l) => l.teamType === 'club')) {
    clubStints(w.rng, w.rosters, league, teamsOf(w, league), year, entries, w.nhl);
  }
  if (w.nhl && w.ahl && leagueDef('ahl').founded <= year) callUps(w.rng, entries, w.nhl, w.ahl);
  const byNation = playersByNation(entries);
  for (const league of active.filter((l) => l.teamType === 'international')) {
    const gender = league.teamClass === 'women' ? 'female' : 'male';
    for (const team of teamsOf(w, league)) nationalStints(w.rng, w.rosters, gender, team, year, byNation, entries);
  }
  return entries;
}

/** Writes each team's season: its team-season (named as the team was that year) and its standings row. */
function writeStandings(w: WorldState, league: LeagueDef, year: number, result: SeasonResult): void {
  const { firstYear, lastYear } = w.plan;
  const slug = seasonSlug(year);
  for (const r of result.standings) {
    const teamName = seasonTeamName(r.team, year, firstYear, lastYear);
    w.out.put('team_seasons', {
      teamId: r.team.id,
      seasonSlug: slug,
      leagueSlug: league.slug,
      secondaryLeagueSlug: null,
      teamName,
      isDefault: year === lastYear ? 1 : 0,
      isActive: year === lastYear ? 1 : 0,
    });
    w.out.put('standings', {
      id: ++w.ids.standing,
      leagueSlug: league.slug,
      seasonSlug: slug,
      teamId: r.team.id,
      teamName,
      group: r.group,
      position: r.position,
      medalClass: r.medalClass,
      playoffMedalClass: r.playoffMedalClass,
      postseason: r.postseason,
      info: null,
      GP: r.GP,
      W: r.W,
      L: r.L,
      T: r.T,
      OTW: r.OTW,
      OTL: r.OTL,
      PTS: r.PTS,
      GF: r.GF,
      GA: r.GA,
      GD: r.GD,
      PPG: r.GP ? Math.round((r.PTS / r.GP) * 1000) / 1000 : null,
      updatedAt: w.out.stamp(),
    });
  }
}

/** Writes one player-stats row per stint: regular season, postseason and their total. */
function writeLines(w: WorldState, league: LeagueDef, year: number, lines: readonly LineResult[]): void {
  const slug = seasonSlug(year);
  for (const line of lines) {
    const p = line.entry.p;
    const goalie = p.position === 'G';
    w.out.stats(
      {
        id: ++w.ids.stat,
        playerId: p.id,
        teamId: line.entry.team.id,
        leagueSlug: league.slug,
        seasonSlug: slug,
        isGoalie: goalie ? 1 : 0,
        statsType: 'default',
        status: 'rostered',
        playerAge: year - p.birthYear,
        jerseyNumber: String(p.jersey),
        playerRole: line.entry.role,
        contractType: null,
        postseasonType: line.post ? 'POSTSEASON' : null,
        postseasonName: line.post ? league.postseasonName : null,
        statsProvider: null,
        updatedAt: w.out.stamp(),
      },
      { reg_: line.reg, post_: line.post, tot_: sumLines([line.reg, line.post], goalie) },
    );
  }
}
