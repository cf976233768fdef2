/**
 * Master.csv → players and staff (coaches). Heights in inches become cm, weights in pounds become kg,
 * `shootCatch` becomes `catches` for goaltenders and `shoots` for skaters, the split birth date becomes
 * `dateOfBirth`. A row that does not read (e.g. coach `hynesjo01c`, shifted by one column) is skipped.
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
    placeOfBirth: [row.birthCity, row.birthState, row.birthCountry].filter((s) => s).join(', ') || null,
    country: BIRTH_COUNTRIES[row.birthCountry ?? ''] ?? null,
    slug: slugify(`${firstName} ${lastName}`),
  };
}
