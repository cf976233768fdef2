/**
 * Master.csv → players and staff (coaches). Heights in inches become cm, weights in pounds become kg,
 * `shootCatch` becomes `catches` for goaltenders and `shoots` for skaters, the split birth date becomes
 * `dateOfBirth`, the split death date `dateOfDeath`. A row that does not read (e.g. coach `hynesjo01c`, shifted by one column) is skipped.
 */

import { slugify } from '../synthetic/people.ts';
import type { DatabankCountry } from './countries.ts';
import { BIRTH_COUNTRIES } from './countries.ts';
import type { CsvRow } from './csv.ts';
import { intField, RowError } from './csv.ts';

/** What Master.csv says about one person, ready for `players` and/or `staff`. */
export interface MasterPerson {
  line: number;
  playerID: string | null;
  coachID: string | null;
  firstName: string;
  lastName: string;
  position: 'G' | 'D' | 'F' | null;
  detailed: string[];
  hand: string | null;
  heightCm: number | null;
  weightKg: number | null;
  birthYear: number | null;
  dateOfBirth: string | null;
  /** `YYYY-MM-DD`, or `YYYY-MM` / `YYYY` when the day or month is not known (ISO 8601's reduced precision). */
  dateOfDeath: string | null;
  placeOfBirth: string | null;
  country: DatabankCountry | null;
  slug: string;
}

const DETAILED: Record<string, string> = { C: 'C', L: 'LW', R: 'RW', D: 'D', G: 'G', W: 'W', F: 'F' };

/**
 * Reads one Master.csv row.
 * @throws RowError with the reason when a field cannot be read or the row is implausible.
 */
export function readMasterRow(row: CsvRow, line: number): MasterPerson {
  const playerID = row.playerID || null;
  const coachID = row.coachID || null;
  if (!playerID && !coachID) throw new RowError('neither playerID nor coachID');
  const lastName = row.lastName ?? '';
  if (!lastName) throw new RowError('lastName is empty');
  const sc = row.shootCatch ?? '';
  if (!['', 'L', 'R', 'B'].includes(sc)) {
    throw new RowError(
      /^\d+$/.test(sc)
        ? `shootCatch "${sc}" is a number, not L/R/B: the row is shifted by one column (weight ${row.weight} and shootCatch ${sc} look like height and weight)`
        : `shootCatch "${sc}" is not L, R or B`,
    );
  }
  const heightIn = intField(row, 'height');
  if (heightIn !== null && (heightIn < 55 || heightIn > 85)) throw new RowError(`height ${heightIn} in is implausible`);
  const weightLb = intField(row, 'weight');
  if (weightLb !== null && (weightLb < 100 || weightLb > 320))
    throw new RowError(`weight ${weightLb} lb is implausible`);
  const birthYear = intField(row, 'birthYear');
  const birthMon = intField(row, 'birthMon');
  const birthDay = intField(row, 'birthDay');
  if (birthMon !== null && (birthMon < 1 || birthMon > 12)) throw new RowError(`birthMon ${birthMon} is not a month`);
  if (birthDay !== null && (birthDay < 1 || birthDay > 31)) throw new RowError(`birthDay ${birthDay} is not a day`);
  const dateOfDeath = readDeathDate(row, birthYear);
  const posText = row.pos ?? '';
  const parts = posText.split('/').filter((p) => p !== '');
  const first = parts[0];
  const position = first === undefined ? null : first === 'G' ? 'G' : first === 'D' ? 'D' : 'F';
  const pad = (n: number) => String(n).padStart(2, '0');
  const firstName = row.firstName ?? '';
  return {
    line,
    playerID,
    coachID,
    firstName,
    lastName,
    position,
    detailed: parts.map((p) => DETAILED[p] ?? p),
    hand: sc || null,
    heightCm: heightIn === null ? null : Math.round(heightIn * 2.54),
    weightKg: weightLb === null ? null : Math.round(weightLb * 0.45359237),
    birthYear,
    dateOfBirth:
      birthYear !== null && birthMon !== null && birthDay !== null
        ? `${birthYear}-${pad(birthMon)}-${pad(birthDay)}`
        : null,
    dateOfDeath,
    placeOfBirth: [row.birthCity, row.birthState, row.birthCountry].filter((s) => s).join(', ') || null,
    country: BIRTH_COUNTRIES[row.birthCountry ?? ''] ?? null,
    slug: slugify(`${firstName} ${lastName}`),
  };
}

/** The year Master.csv gives for a person known to have died in a year it does not know. */
const UNKNOWN_DEATH_YEAR = 9999;

/**
 * The death date of a Master.csv row as precise as the row gives it: `YYYY-MM-DD`, `YYYY-MM` or `YYYY`; null
 * when there is none, or when its year is {@link UNKNOWN_DEATH_YEAR} (a date that cannot be written).
 * @throws RowError when a part is not a date, or the year is before the birth year.
 */
function readDeathDate(row: CsvRow, birthYear: number | null): string | null {
  const year = intField(row, 'deathYear');
  const mon = intField(row, 'deathMon');
  const day = intField(row, 'deathDay');
  if (year === null || year === UNKNOWN_DEATH_YEAR) return null;
  if (birthYear !== null && year < birthYear) throw new RowError(`deathYear ${year} is before birthYear ${birthYear}`);
  if (mon !== null && (mon < 1 || mon > 12)) throw new RowError(`deathMon ${mon} is not a month`);
  if (day !== null && (day < 1 || day > 31)) throw new RowError(`deathDay ${day} is not a day`);
  const pad = (n: number) => String(n).padStart(2, '0');
  if (mon === null) return String(year);
  return day === null ? `${year}-${pad(mon)}` : `${year}-${pad(mon)}-${pad(day)}`;
}
