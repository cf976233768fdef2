/**
 * People of the synthetic world: players (skaters with `shoots`, goaltenders with `catches`, heights in
 * cm and weights in kg, a date of birth) and staff (coaches). Pure functions of the random stream.
 */

import { CITIES, namePool } from './names.ts';
import type { Rng } from './prng.ts';
import { clamp } from './prng.ts';

/** A player as the generator tracks them through seasons. */
export interface Person {
  id: number;
  firstName: string;
  lastName: string;
  gender: 'male' | 'female';
  birthYear: number;
  dateOfBirth: string;
  placeOfBirth: string | null;
  nationality: string;
  position: 'G' | 'D' | 'F';
  detailed: string[];
  hand: 'L' | 'R';
  heightCm: number;
  weightKg: number;
  /**
   * Talent in skill units (league strengths are on the same scale, strength.ts): relative to his league's
   * strength it drives ice time, scoring and save percentage, and which leagues sign him.
   */
  skill: number;
  jersey: number;
  youthTeam: string | null;
  status: 'active' | 'retired';
  /** Club team in the latest season played (null between clubs or after retiring). */
  teamId: number | null;
  /** The team whose system holds the player (minor-league affiliate players: the parent club). */
  rightsTeamId: number | null;
  agencyId: number | null;
  staffId: number | null;
  /** Start year of the last season in the free-agent pool; players left there too long retire. */
  poolSince: number;
  views: number;
}

/** Builds a URL/identifier slug from words: lower-case ASCII letters, digits and dashes. */
export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A random date of birth in `year` as `YYYY-MM-DD`. */
export function dateInYear(rng: Rng, year: number): string {
  const month = rng.int(1, 12);
  const days = [
    31,
    year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ];
  return `${year}-${pad(month)}-${pad(rng.int(1, days[month - 1] ?? 28))}`;
}

/**
 * Creates a player of the given nationality, gender, position and birth year, his skill drawn around
 * `skill.mean` with spread `skill.sd` (skill units; the standard normal when absent).
 */
export function createPlayer(
  rng: Rng,
  id: number,
  opts: {
    nationality: string;
    gender: 'male' | 'female';
    position: 'G' | 'D' | 'F';
    birthYear: number;
    skill?: { mean: number; sd: number };
  },
): Person {
  const pool = namePool(opts.nationality);
  const female = opts.gender === 'female';
  const goalie = opts.position === 'G';
  const firstName = rng.pick(female ? pool.female : pool.male);
  const lastName = rng.pick(pool.last);
  const hand: 'L' | 'R' = rng.chance(goalie ? 0.82 : 0.6) ? 'L' : 'R';
  const heightCm = Math.round(
    clamp(rng.normal(female ? 169 : 185 + (goalie ? 4 : 0), 6), female ? 152 : 168, female ? 186 : 203),
  );
  const weightKg = Math.round(
    clamp(rng.normal((female ? 0.4 : 0.5) * heightCm - (female ? 0 : 4), 6), female ? 50 : 70, female ? 90 : 115),
  );
  let detailed: string[];
  if (goalie) detailed = ['G'];
  else if (opts.position === 'D') detailed = ['D'];
  else detailed = rng.pick([['C'], ['LW'], ['RW'], ['C', 'LW'], ['LW', 'RW'], ['C', 'RW'], ['F']]);
  const cities = CITIES[opts.nationality];
  return {
    id,
    firstName,
    lastName,
    gender: opts.gender,
    birthYear: opts.birthYear,
    dateOfBirth: dateInYear(rng, opts.birthYear),
    placeOfBirth: cities ? rng.pick(cities) : null,
    nationality: opts.nationality,
    position: opts.position,
    detailed,
    hand,
    heightCm,
    weightKg,
    skill: rng.normal(opts.skill?.mean ?? 0, opts.skill?.sd ?? 1),
    jersey: goalie ? rng.pick([1, 29, 30, 31, 33, 34, 35, 37, 39, 40, 41, 50, 70, 72]) : rng.int(2, 98),
    youthTeam: null,
    status: 'active',
    teamId: null,
    rightsTeamId: null,
    agencyId: null,
    staffId: null,
    poolSince: 0,
    views: Math.round(Math.exp(rng.normal(6, 1.4))),
  };
}

/** A coach (row of `staff`). */
export interface StaffPerson {
  id: number;
  firstName: string;
  lastName: string;
  nationality: string;
  birthYear: number;
  dateOfBirth: string;
  placeOfBirth: string | null;
  playerId: number | null;
  status: 'active' | 'retired';
}

/** Creates a coach; a retired player given as `fromPlayer` becomes the same person's staff record. */
export function createStaff(
  rng: Rng,
  id: number,
  opts: { nationality: string; gender: 'male' | 'female'; year: number; fromPlayer?: Person },
): StaffPerson {
  const p = opts.fromPlayer;
  if (p) {
    return {
      id,
      firstName: p.firstName,
      lastName: p.lastName,
      nationality: p.nationality,
      birthYear: p.birthYear,
      dateOfBirth: p.dateOfBirth,
      placeOfBirth: p.placeOfBirth,
      playerId: p.id,
      status: 'active',
    };
  }
  const pool = namePool(opts.nationality);
  const birthYear = opts.year - rng.int(32, 62);
  const cities = CITIES[opts.nationality];
  return {
    id,
    firstName: rng.pick(opts.gender === 'female' ? pool.female : pool.male),
    lastName: rng.pick(pool.last),
    nationality: opts.nationality,
    birthYear,
    dateOfBirth: dateInYear(rng, birthYear),
    placeOfBirth: cities ? rng.pick(cities) : null,
    playerId: null,
    status: 'active',
  };
}
