/**
 * Roster movement between seasons: retirements, players leaving to the free-agent pool, teams filling
 * their slots from the pool or with new players, and the transfers that movement leaves behind.
 */

import { NATIONALITY_MIX } from './countries.ts';
import type { LeagueDef } from './leagues.ts';
import type { Person } from './people.ts';
import { createPlayer } from './people.ts';
import type { Rng } from './prng.ts';
import { leagueStrength, NEW_PLAYER_SPREAD } from './strength.ts';
import type { TeamRec } from './teams.ts';

/** A move of a player between clubs (table `transfers`). */
export interface Move {
  playerId: number;
  fromTeamId: number | null;
  toTeamId: number;
  date: string;
}

/** The state roster movement needs: the id counter, all players, the pool, the recorded moves. */
export interface RosterState {
  rng: Rng;
  nextPlayerId: () => number;
  players: Person[];
  /** Free agents by `gender:position`. */
  pool: Map<string, Person[]>;
  /** The last club each pooled player left (for the transfer when they sign again). */
  lastTeam: Map<number, number>;
  moves: Move[];
}

const DEFAULT_MIX: readonly [string, number][] = [
  ['can', 10],
  ['usa', 5],
  ['swe', 3],
  ['fin', 3],
  ['cze', 4],
];

function pickNationality(rng: Rng, league: LeagueDef): string {
  const mix = NATIONALITY_MIX[league.countrySlug] ?? [[league.countrySlug, 75], ...DEFAULT_MIX];
  const total = mix.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [slug, w] of mix) {
    x -= w;
    if (x < 0) return slug;
  }
  return league.countrySlug;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date in the off-season before the season starting `year` (`YYYY-MM-DD`, May 15 – Sep 30). */
export function offSeasonDate(rng: Rng, year: number): string {
  const month = rng.int(5, 9);
  return `${year}-${pad(month)}-${pad(month === 5 ? rng.int(15, 31) : rng.int(1, 30))}`;
}

/**
 * Players leave teams of `league` before the season starting `year`: retire, age out, or enter the pool.
 * Besides the usual turnover, players far above the league's strength (skill units) leave to look for a
 * stronger league and players far below it are let go: the pool is where leagues sign them.
 */
export function offSeason(state: RosterState, league: LeagueDef, teams: readonly TeamRec[], year: number): void {
  const { rng } = state;
  const maxAge = league.ages[1];
  const strength = leagueStrength(league.slug);
  for (const team of teams) {
    const keep: Person[] = [];
    for (const p of team.roster) {
      const age = year - p.birthYear;
      const retire = age > 41 || (age >= 33 && rng.chance(0.12 + (age - 33) * 0.08));
      if (retire) {
        p.status = 'retired';
        p.teamId = null;
      } else if (age > maxAge || rng.chance(leaveChance(p.skill - strength))) {
        p.teamId = null;
        p.poolSince = year;
        state.lastTeam.set(p.id, team.id);
        const key = `${p.gender}:${p.position}`;
        const list = state.pool.get(key) ?? [];
        list.push(p);
        state.pool.set(key, list);
      } else keep.push(p);
    }
    team.roster = keep;
  }
}

/** Chance a player of skill `rel` above his league's strength leaves it in an off-season. */
function leaveChance(rel: number): number {
  const misfit = Math.max(0, Math.abs(rel) - 0.6);
  return 0.13 + 0.6 * Math.min(1, misfit / 0.8);
}

/** Retires pooled players nobody signed for two seasons (and the very old). */
export function sweepPool(state: RosterState, year: number): void {
  for (const [key, list] of state.pool) {
    const keep = list.filter((p) => {
      if (p.poolSince < year - 1 || year - p.birthYear > 40) {
        p.status = 'retired';
        return false;
      }
      return true;
    });
    state.pool.set(key, keep);
  }
}

/**
 * Fills each team of `league` up to `[forwards, defence, goalies]`, first from the pool (players of a
 * fitting age, the team's gender and a skill near the league's strength), then with new players of the
 * league's usual nationalities, their skill drawn around its strength.
 */
export function fillRosters(
  state: RosterState,
  league: LeagueDef,
  teams: readonly TeamRec[],
  year: number,
  sizes: readonly [number, number, number],
): void {
  const { rng } = state;
  const gender = league.teamClass === 'women' ? 'female' : 'male';
  const [minAge, maxAge] = league.ages;
  const strength = leagueStrength(league.slug);
  for (const team of teams) {
    const want: Record<'F' | 'D' | 'G', number> = { F: sizes[0], D: sizes[1], G: sizes[2] };
    for (const p of team.roster) want[p.position]--;
    for (const pos of ['G', 'D', 'F'] as const) {
      for (let i = 0; i < want[pos]; i++) {
        let signed = rng.chance(0.75) ? signFromPool(state, `${gender}:${pos}`, league, year, team.id) : null;
        if (!signed) {
          const young = Math.min(maxAge, minAge + Math.floor(Math.abs(rng.normal(0, 2.2))));
          signed = createPlayer(rng, state.nextPlayerId(), {
            nationality: league.teamType === 'international' ? team.countrySlug : pickNationality(rng, league),
            gender,
            position: pos,
            birthYear: year - young,
            skill: { mean: strength, sd: NEW_PLAYER_SPREAD },
          });
          signed.youthTeam = rng.chance(0.4) ? `${signed.placeOfBirth ?? 'Local'} Minor Hockey` : null;
          state.players.push(signed);
        }
        signed.teamId = team.id;
        signed.rightsTeamId = null;
        team.roster.push(signed);
      }
    }
  }
}

const POOL_LOOKS = 16;

/**
 * Signs the best fit of a few pooled players of `key` (gender:position) looked at for a team of `league`:
 * of a fitting age, skill within [strength − 0.7, strength + 1] and nearest a little above the strength
 * (leagues sign up, the strongest first as the catalog orders them). Records the transfer; null when none fits.
 */
function signFromPool(state: RosterState, key: string, league: LeagueDef, year: number, teamId: number): Person | null {
  const { rng } = state;
  const list = state.pool.get(key);
  if (!list || list.length === 0) return null;
  const [minAge, maxAge] = league.ages;
  const target = leagueStrength(league.slug) + 0.15;
  let best = -1;
  let bestMiss = Number.POSITIVE_INFINITY;
  for (let look = 0; look < POOL_LOOKS; look++) {
    const at = rng.int(0, list.length - 1);
    const cand = list[at] as Person;
    const age = year - cand.birthYear;
    const miss = Math.abs(cand.skill - target);
    if (age < minAge || age > maxAge || cand.skill < target - 0.85 || cand.skill > target + 0.85) continue;
    if (miss < bestMiss) {
      best = at;
      bestMiss = miss;
    }
  }
  if (best < 0) return null;
  const signed = list[best] as Person;
  list[best] = list[list.length - 1] as Person;
  list.pop();
  state.moves.push({
    playerId: signed.id,
    fromTeamId: state.lastTeam.get(signed.id) ?? null,
    toTeamId: teamId,
    date: offSeasonDate(rng, year),
  });
  return signed;
}
