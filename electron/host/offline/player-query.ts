import { z } from 'zod';
import { PLAYER_FILTERS } from '../../../shared/offline.ts';
import { LIMIT_DEFAULT, LIMIT_MAX } from '../../../shared/spec.ts';

/**
 * The players list query the offline store answers: the list-query model of shared/query.ts as the
 * service query record (`listQueryToServiceQuery`), so the renderer's server-driven table code is the
 * same online and offline. Filters: `q` (full-text over names and former team names, prefix per word,
 * diacritics ignored), `position`, `nationality` (country slug), `age:min`/`age:max` (whole years today),
 * `league`, `season` (the player has a stats row there), `shoots`, `catches`, `height:min`/`height:max` (cm)
 * and `weight:min`/`weight:max` (kg), inclusive; a player without a height (weight) is outside any range of it;
 * `agency` (an agency id: the players whose record names it).
 */

/** Sort keys (spec field paths) and the SQL expression each sorts on. */
export const PLAYER_SORTS: Record<string, string> = {
  id: 'p.id',
  name: 'p.name',
  firstName: 'p.firstName',
  lastName: 'p.lastName',
  position: 'p.position',
  'nationality.name': 'p.nationalityName',
  dateOfBirth: 'p.dateOfBirth',
  yearOfBirth: 'p.yearOfBirth',
  // Older means an earlier date of birth: age ascending is dateOfBirth descending.
  age: 'p.dateOfBirth',
  'height.metrics': 'p.heightCm',
  'weight.metrics': 'p.weightKg',
  shoots: 'p.shoots',
  catches: 'p.catches',
  // The list's one hand column: skaters' shoots, else goalies' catches.
  hand: 'COALESCE(p.shoots, p.catches)',
  'latestTeam.name': 'p.latestTeamName',
  latestSeason: 'p.latestSeason',
};

export { PLAYER_FILTERS };

const intParam = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`);

/** A measure in cm or kg: a number with at most one decimal, 0 to 300. */
const measureParam = (name: string) =>
  z
    .string()
    .regex(/^\d{1,3}(\.\d)?$/, `${name} must be a number such as 185 or 85.5`)
    .transform(Number)
    .refine((n) => n <= 300, `${name} must be between 0 and 300`);

/** The parsed query. Errors name the parameter (zod issue path). */
export const PlayerQuerySchema = z
  .object({
    q: z.string().max(200).optional(),
    position: z.string().max(20).optional(),
    nationality: z.string().max(200).optional(),
    'age:min': intParam('age:min', 0, 150).optional(),
    'age:max': intParam('age:max', 0, 150).optional(),
    league: z.string().max(200).optional(),
    season: z.string().max(200).optional(),
    shoots: z.enum(['L', 'R']).optional(),
    catches: z.enum(['L', 'R']).optional(),
    'height:min': measureParam('height:min').optional(),
    'height:max': measureParam('height:max').optional(),
    'weight:min': measureParam('weight:min').optional(),
    'weight:max': measureParam('weight:max').optional(),
    agency: intParam('agency', 1, 2 ** 31 - 1).optional(),
    sort: z.string().max(500).optional(),
    offset: intParam('offset', 0, Number.MAX_SAFE_INTEGER).optional(),
    limit: intParam('limit', 0, LIMIT_MAX).optional(),
    fields: z.string().max(2000).optional(),
  })
  .strict();
export type PlayerQuery = z.output<typeof PlayerQuerySchema>;

/** A SELECT's WHERE and ORDER BY with its parameters. */
export interface PlayerSql {
  where: string;
  params: (string | number)[];
  orderBy: string;
  limit: number;
  offset: number;
}

/**
 * The words of a search as FTS5 prefix terms, each quoted so no FTS5 syntax reaches MATCH:
 * `"selan"* AND "teem"*`. Null when the text has no word.
 */
export function ftsMatch(q: string): string | null {
  const words = q.match(/[\p{L}\p{N}]+/gu);
  if (!words || words.length === 0) return null;
  return words.map((w) => `"${w}"*`).join(' AND ');
}

/** A date `years` whole years before `today` (YYYY-MM-DD), clamped to the 28th for 29 February. */
function yearsBefore(today: Date, years: number): string {
  const y = today.getUTCFullYear() - years;
  const m = today.getUTCMonth() + 1;
  const d = m === 2 && today.getUTCDate() === 29 ? 28 : today.getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** The day after a YYYY-MM-DD date. */
function nextDay(date: string): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + 1);
  return t.toISOString().slice(0, 10);
}

/**
 * Translates a parsed query into SQL over `players p`. Sort: the given keys (unknown ones are a
 * bad-request naming `sort`), nulls last in both directions, then ascending id (spec paging is stable).
 */
export function playerSql(query: PlayerQuery, today: Date): PlayerSql {
  const where: string[] = [];
  const params: (string | number)[] = [];
  const list = (v: string) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
  if (query.q !== undefined) {
    const match = ftsMatch(query.q);
    if (match !== null) {
      where.push('p.id IN (SELECT rowid FROM player_search WHERE player_search MATCH ?)');
      params.push(match);
    }
  }
  if (query.position !== undefined) {
    const v = list(query.position);
    where.push(`p.position IN (${v.map(() => '?').join(',')})`);
    params.push(...v);
  }
  if (query.nationality !== undefined) {
    const v = list(query.nationality);
    where.push(`p.nationalitySlug IN (${v.map(() => '?').join(',')})`);
    params.push(...v);
  }
  if (query['age:min'] !== undefined) {
    // At least N years old today: born on or before the date N years ago.
    where.push('p.dateOfBirth <= ?');
    params.push(yearsBefore(today, query['age:min']));
  }
  if (query['age:max'] !== undefined) {
    // At most N years old: not yet N+1, i.e. born after the date N+1 years ago.
    where.push('p.dateOfBirth >= ?');
    params.push(nextDay(yearsBefore(today, query['age:max'] + 1)));
  }
  if (query.league !== undefined || query.season !== undefined) {
    // The player ids of the scope are computed once (the scope index covers league and season), not per player.
    const cond: string[] = [];
    if (query.league !== undefined) {
      const v = list(query.league);
      cond.push(`s.leagueSlug IN (${v.map(() => '?').join(',')})`);
      params.push(...v);
    }
    if (query.season !== undefined) {
      const v = list(query.season);
      cond.push(`s.seasonSlug IN (${v.map(() => '?').join(',')})`);
      params.push(...v);
    }
    where.push(`p.id IN (SELECT s.playerId FROM player_stats s WHERE ${cond.join(' AND ')})`);
  }
  if (query.shoots !== undefined) {
    where.push('p.shoots = ?');
    params.push(query.shoots);
  }
  if (query.catches !== undefined) {
    where.push('p.catches = ?');
    params.push(query.catches);
  }
  if (query.agency !== undefined) {
    where.push('p.agencyId = ?');
    params.push(query.agency);
  }
  const ranges = [
    ['height:min', 'p.heightCm >= ?'],
    ['height:max', 'p.heightCm <= ?'],
    ['weight:min', 'p.weightKg >= ?'],
    ['weight:max', 'p.weightKg <= ?'],
  ] as const;
  for (const [key, cond] of ranges) {
    const v = query[key];
    if (v === undefined) continue;
    where.push(cond);
    params.push(v);
  }

  const order: string[] = [];
  const tokens = (query.sort ?? 'name')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const token of tokens) {
    const desc = token.startsWith('-');
    const key = desc ? token.slice(1) : token;
    const expr = PLAYER_SORTS[key];
    if (expr === undefined) throw new SortKeyError(key);
    // Age runs opposite to the date of birth.
    const down = key === 'age' ? !desc : desc;
    order.push(`${expr} IS NULL`, `${expr} ${down ? 'DESC' : 'ASC'}`);
  }
  order.push('p.id ASC');
  return {
    where: where.length > 0 ? `WHERE ${where.join(' AND ')}` : '',
    params,
    orderBy: `ORDER BY ${order.join(', ')}`,
    limit: query.limit ?? LIMIT_DEFAULT,
    offset: query.offset ?? 0,
  };
}

/** A sort key the players list does not have. */
export class SortKeyError extends Error {
  readonly key: string;
  constructor(key: string) {
    super(`Unknown sort key ${key}; allowed: ${Object.keys(PLAYER_SORTS).join(', ')}.`);
    this.name = 'SortKeyError';
    this.key = key;
  }
}

/** Whole years between a YYYY-MM-DD birth date and `today`, or null. */
export function ageOn(dateOfBirth: string | null, today: Date): number | null {
  if (dateOfBirth === null || !/^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth)) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}
