import type { SQLInputValue } from 'node:sqlite';
import { assertLeague, assertSeason } from '../auth/subscription.ts';
import type { FilterDef, SqlPart } from './types.ts';
import {
  parseDateTime,
  parseEnumList,
  parseInt32,
  parseIntList,
  parseSeasonList,
  parseSeasonSlug,
  parseSlugList,
  parseText,
} from './values.ts';

/**
 * Builders of filter definitions: each maps a query parameter to a parameterised SQL condition
 * (spec, "Common conventions": comma-separated arrays; suffixes `:gt`, `:not`, `:min`, `:from`, `:to`).
 * Arrays bind as one JSON parameter (`IN (SELECT value FROM json_each(?))`), so the SQL text — and
 * its prepared statement — does not depend on the number of values.
 */

const inJson = (column: string, values: SQLInputValue[], not = false): SqlPart => ({
  sql: `${column} ${not ? 'NOT IN' : 'IN'} (SELECT value FROM json_each(?))`,
  params: [JSON.stringify(values)],
});

/** Values with `null` among them: `(col IN (…) OR col IS NULL)`. */
function inWithNull(column: string, values: (string | null)[], not: boolean): SqlPart {
  const some = values.filter((v): v is string => v !== null);
  const hasNull = some.length !== values.length;
  const part = inJson(column, some, not);
  if (!hasNull) return not ? { sql: `(${part.sql} OR ${column} IS NULL)`, params: part.params } : part;
  return not
    ? { sql: `(${part.sql} AND ${column} IS NOT NULL)`, params: part.params }
    : { sql: `(${part.sql} OR ${column} IS NULL)`, params: part.params };
}

/** Integer array: `col IN (…)`. */
export const intIn =
  (column: string): FilterDef =>
  (raw, name) =>
    inJson(column, parseIntList(raw, name));

/** `col > n`. */
export const intGt =
  (column: string): FilterDef =>
  (raw, name) => ({ sql: `${column} > ?`, params: [parseInt32(raw, name)] });

/** Enumeration array (`nullable`: the value `null` matches NULL); `not` negates. */
export const enumIn =
  (column: string, allowed: readonly string[], opts: { not?: boolean; nullable?: boolean } = {}): FilterDef =>
  (raw, name) =>
    inWithNull(column, parseEnumList(raw, name, allowed, opts.nullable), opts.not ?? false);

/** Slug array compared to a column; `not` negates. */
export const slugIn =
  (column: string, opts: { not?: boolean } = {}): FilterDef =>
  (raw, name) =>
    inWithNull(column, parseSlugList(raw, name), opts.not ?? false);

/** League slug array: 403 for a league outside the subscription; `not` negates. */
export const leagueIn =
  (column: string, opts: { not?: boolean } = {}): FilterDef =>
  (raw, name, ctx) => {
    const slugs = parseSlugList(raw, name);
    if (!opts.not) for (const s of slugs) assertLeague(ctx.sub, s, name);
    return inWithNull(column, slugs, opts.not ?? false);
  };

/** Season slug array (403 outside the subscription); `not` negates. */
export const seasonIn =
  (column: string, opts: { not?: boolean } = {}): FilterDef =>
  (raw, name, ctx) => {
    const slugs = parseSeasonList(raw, name);
    if (!opts.not) for (const s of slugs) assertSeason(ctx.sub, s, name);
    return inJson(column, slugs, opts.not);
  };

/** Season slug bound: `col >= ?` (`:from`) or `col <= ?` (`:to`). */
export const seasonBound =
  (column: string, op: '>=' | '<='): FilterDef =>
  (raw, name) => {
    return { sql: `${column} ${op} ?`, params: [parseSeasonSlug(raw, name)] };
  };

/** Case-insensitive equality with a text column (array: any of them). */
export const textEq =
  (column: string): FilterDef =>
  (raw, name) => {
    const v = parseText(raw, name);
    return { sql: `${column} = ? COLLATE NOCASE`, params: [v] };
  };

/** `updatedAt:min` (ISO 8601 date-time): `col >= ?`. */
export const dateMin =
  (column: string): FilterDef =>
  (raw, name) => ({ sql: `${column} >= ?`, params: [parseDateTime(raw, name)] });

/** A filter whose SQL is written by hand around parsed values. */
export const custom =
  <T>(parse: (raw: string, name: string) => T, sql: (v: T, ctx: Parameters<FilterDef>[2]) => SqlPart): FilterDef =>
  (raw, name, ctx) =>
    sql(parse(raw, name), ctx);
