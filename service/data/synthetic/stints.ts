/**
 * Who plays for whom in a season: each club's roster as stints, mid-season trades (a player with two
 * teams in a season: two rows), captains, call-ups from the minor-league affiliate, and national teams
 * picked from the season's club players.
 */

import type { LeagueDef } from './leagues.ts';
import type { Person } from './people.ts';
import { createPlayer } from './people.ts';
import type { Rng } from './prng.ts';
import type { RosterState } from './rosters.ts';
import type { Entry } from './season-shapes.ts';
import { leagueStrength, NEW_PLAYER_SPREAD } from './strength.ts';
import type { TeamRec } from './teams.ts';

const NATIONAL_ROSTER: readonly [number, number, number] = [13, 8, 3];

/**
 * Adds the stints of a club league's teams to `entries` (by team id): the roster, then mid-season trades
 * (recorded as moves), captains (`C`, two `A`), and the rights of affiliate and junior players.
 */
export function clubStints(
  rng: Rng,
  state: RosterState,
  league: LeagueDef,
  teams: TeamRec[],
  year: number,
  entries: Map<number, Entry[]>,
  nhl: readonly TeamRec[] | undefined,
): void {
  for (const team of teams)
    entries.set(
      team.id,
      team.roster.map((p) => ({ p, team, w: 1, stays: true, role: null })),
    );
  for (const team of teams) {
    if (teams.length < 2) break;
    for (const e of entries.get(team.id) ?? []) {
      if (e.p.position === 'G' || !e.stays || e.w < 1 || !rng.chance(0.015)) continue;
      let other = rng.pick(teams);
      if (other === team) other = teams[(teams.indexOf(team) + 1) % teams.length] as TeamRec;
      const w = 0.3 + 0.4 * rng.next();
      e.w = w;
      e.stays = false;
      entries.get(other.id)?.push({ p: e.p, team: other, w: 1 - w, stays: true, role: null });
      team.roster = team.roster.filter((p) => p !== e.p);
      other.roster.push(e.p);
      e.p.teamId = other.id;
      state.moves.push({
        playerId: e.p.id,
        fromTeamId: team.id,
        toTeamId: other.id,
        date: `${year + 1}-0${rng.int(1, 2)}-${String(rng.int(1, 28)).padStart(2, '0')}`,
      });
    }
  }
  for (const team of teams) {
    const mine = entries.get(team.id) ?? [];
    const leaders = mine
      .filter(
        (e) => e.p.position !== 'G' && e.stays && year - e.p.birthYear >= (league.leagueLevel === 'junior' ? 18 : 24),
      )
      .sort((a, b) => b.p.skill - a.p.skill || a.p.id - b.p.id);
    leaders.slice(0, 3).forEach((e, i) => {
      e.role = i === 0 ? 'C' : 'A';
    });
    if (league.affiliateOf) for (const p of team.roster) p.rightsTeamId = team.affiliates[0] ?? null;
    if (league.leagueLevel === 'junior' && nhl) {
      for (const p of team.roster) if (p.rightsTeamId === null && rng.chance(0.04)) p.rightsTeamId = rng.pick(nhl).id;
    }
  }
}

/** Each NHL team calls up one to three skaters of its AHL affiliate for part of the season. */
export function callUps(
  rng: Rng,
  entries: Map<number, Entry[]>,
  nhl: readonly TeamRec[],
  ahl: readonly TeamRec[],
): void {
  for (const team of nhl) {
    const farm = ahl.find((t) => t.id === team.affiliates[0]);
    const pool = (farm ? (entries.get(farm.id) ?? []) : []).filter((e) => e.p.position !== 'G' && e.stays);
    for (const e of rng.shuffle(pool).slice(0, rng.int(1, 3))) {
      entries.get(team.id)?.push({ p: e.p, team, w: 0.03 + 0.22 * rng.next(), stays: false, role: null });
      e.p.rightsTeamId = team.id;
    }
  }
}

/** The season's club players by `gender:nationality:position`, each once. */
export function playersByNation(entries: ReadonlyMap<number, Entry[]>): Map<string, Person[]> {
  const byNation = new Map<string, Person[]>();
  const seen = new Set<Person>();
  for (const list of entries.values())
    for (const e of list) {
      if (seen.has(e.p)) continue;
      seen.add(e.p);
      const key = `${e.p.gender}:${e.p.nationality}:${e.p.position}`;
      const arr = byNation.get(key);
      if (arr) arr.push(e.p);
      else byNation.set(key, [e.p]);
    }
  return byNation;
}

/**
 * Picks a national team's roster for the season: the best of the nation's club players (with some
 * chance), topped up with players kept by the national team itself when the nation has too few.
 */
export function nationalStints(
  rng: Rng,
  state: RosterState,
  gender: 'male' | 'female',
  team: TeamRec,
  year: number,
  byNation: ReadonlyMap<string, Person[]>,
  entries: Map<number, Entry[]>,
): void {
  team.roster = team.roster.filter((p) => year - p.birthYear <= 36);
  const chosen: Person[] = [];
  (['F', 'D', 'G'] as const).forEach((pos, k) => {
    const n = NATIONAL_ROSTER[k] ?? 0;
    const cands = (byNation.get(`${gender}:${team.countrySlug}:${pos}`) ?? [])
      .slice()
      .sort((a, b) => b.skill - a.skill || a.id - b.id)
      .slice(0, n * 2);
    const picked = rng.shuffle(cands).slice(0, n);
    const extras = team.roster.filter((p) => p.position === pos);
    while (picked.length < n) {
      let p = extras.shift();
      if (!p) {
        p = createPlayer(rng, state.nextPlayerId(), {
          nationality: team.countrySlug,
          gender,
          position: pos,
          birthYear: year - rng.int(20, 30),
          // A nation short of club players fills its team with weaker ones of its own.
          skill: { mean: leagueStrength(team.league.slug) - 1, sd: NEW_PLAYER_SPREAD },
        });
        state.players.push(p);
        team.roster.push(p);
      }
      picked.push(p);
    }
    chosen.push(...picked);
  });
  entries.set(
    team.id,
    chosen.map((p, i) => ({ p, team, w: 1, stays: true, role: i === 0 ? 'C' : i < 3 ? 'A' : null })),
  );
}
