/**
 * How the game looked in a given season, so numbers move with history: shots and save percentage by
 * year and level, and which of ties (to 2003-04) and overtime losses (from 1999-2000) exist.
 */

import type { LeagueDef } from './leagues.ts';

/** League-wide averages of a season. */
export interface Era {
  shotsPerGame: number;
  /** Mean save percentage (fraction). */
  svp: number;
  /** Ties exist (seasons starting up to 2003). */
  ties: boolean;
  /** Overtime losses are counted (seasons starting from 1999). */
  otl: boolean;
}

const lerp = (a: number, b: number, t: number) => a + (b - a) * Math.min(1, Math.max(0, t));

/** The era of `year` (season start year) for `league`. */
export function eraOf(league: LeagueDef, year: number): Era {
  let svp: number;
  if (year < 1980) svp = lerp(0.892, 0.882, (year - 1955) / 25);
  else if (year < 1990) svp = 0.878;
  else if (year < 2000) svp = lerp(0.88, 0.905, (year - 1990) / 10);
  else svp = lerp(0.905, 0.91, (year - 2000) / 15);
  let shots = year < 1990 ? 31 : year < 2010 ? 29.5 : 30.5;
  switch (league.leagueLevel) {
    case 'junior':
    case 'college':
      svp -= 0.01;
      shots += 1.5;
      break;
    case 'minor-pro':
    case 'semi-professional':
      svp -= 0.004;
      break;
    default:
      break;
  }
  if (league.teamClass === 'women') {
    svp += 0.008;
    shots -= 3;
  }
  return { shotsPerGame: shots, svp, ties: year <= 2003, otl: year >= 1999 };
}
