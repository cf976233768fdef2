/**
 * Roster movement between seasons: retirements, players leaving to the free-agent pool, teams filling
 * their slots from the pool or with new players, and the transfers that movement leaves behind.
 */

import { NATIONALITY_MIX } from './countries.ts';
import type { LeagueDef } from './leagues.ts';
import type { Person } from './people.ts';
import { createPlayer } from './people.ts';
import type { Rng } from './prng.ts';
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

/** Players leave teams of `league` before the season starting `year`: retire, age out, or enter the pool. */
export function offSeason(state: RosterState, league: LeagueDef, teams: readonly TeamRec[], year: number): void {
  const { rng } = state;
  const maxAge = league.ages[1];
  for (const team of teams) {
    const keep: Person[] = [];
    for (const p of team.roster) {
      const age = year - p.birthYear;
      const retire = age > 41 || (age >= 33 && rng.chance(0.12 + (age - 33) * 0.08));
      if (retire) {
        p.status = 'retired';
        p.teamId = null;
      } else if (age > maxAge || rng.chance(0.13)) {
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
 * fitting age and the team's gender), then with new players of the league's usual nationalities.
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
  for (const team of teams) {
    const want: Record<'F' | 'D' | 'G', number> = { F: sizes[0], D: sizes[1], G: sizes[2] };
    for (const p of team.roster) want[p.position]--;
    for (const pos of ['G', 'D', 'F'] as const) {
      for (let i = 0; i < want[pos]; i++) {
        let signed: Person | null = null;
        const list = state.pool.get(`${gender}:${pos}`);
        if (list && list.length > 0 && rng.chance(0.6)) {
          for (let attempt = 0; attempt < 4 && !signed; attempt++) {
            const at = rng.int(0, list.length - 1);
            const cand = list[at] as Person;
            const age = year - cand.birthYear;
            if (age >= minAge && age <= maxAge) {
              list[at] = list[list.length - 1] as Person;
              list.pop();
              signed = cand;
              const from = state.lastTeam.get(cand.id) ?? null;
              state.moves.push({
                playerId: cand.id,
                fromTeamId: from,
                toTeamId: team.id,
                date: offSeasonDate(rng, year),
              });
            }
          }
        }
        if (!signed) {
          const young = Math.min(maxAge, minAge + Math.floor(Math.abs(rng.normal(0, 2.2))));
          signed = createPlayer(rng, state.nextPlayerId(), {
            nationality: league.teamType === 'international' ? team.countrySlug : pickNationality(rng, league),
            gender,
            position: pos,
            birthYear: year - young,
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
