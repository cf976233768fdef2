import { SEASON_SLUG_RE, SLUG_RE } from '../../shared/contract/spec.ts';
import { badParameter } from './errors.ts';

/**
 * Parsers of query parameter values. Each throws a 400 naming the parameter (and the allowed values
 * when the set is closed), never repeating the value. Arrays are comma-separated (spec, "Common conventions").
 */

const INT_RE = /^-?\d{1,10}$/;

/**
 * 400 for a value outside a closed set (a sort key, an enum value, a `fields` item…). The message is the
 * same whatever the value was, and never repeats it: a client that redacts its key from messages would
 * otherwise learn that a guessed value was the key. It names the parameter and the allowed values.
 */
export function unknownValue(name: string, allowed: readonly string[]) {
  return badParameter(name, `Unknown value in '${name}'; allowed: ${allowed.join(', ')}`, allowed);
}

/** Splits a comma-separated value; empty items are an error. */
export function splitList(raw: string, name: string): string[] {
  const items = raw.split(',').map((s) => s.trim());
  if (items.some((s) => s === '')) throw badParameter(name, `Parameter '${name}' has an empty item`);
  return items;
}

/** A 32-bit integer. */
export function parseInt32(raw: string, name: string, min = -(2 ** 31)): number {
  const n = INT_RE.test(raw.trim()) ? Number(raw.trim()) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < min || n > 2 ** 31 - 1) {
    throw badParameter(name, `Parameter '${name}' must be an integer${min > 0 ? ` ≥ ${min}` : ''}`);
  }
  return n;
}

export function parseIntList(raw: string, name: string): number[] {
  return splitList(raw, name).map((s) => parseInt32(s, name));
}

/** Values of a closed set; `nullable` lets the literal `null` stand for "no value". */
export function parseEnumList(
  raw: string,
  name: string,
  allowed: readonly string[],
  nullable = false,
): (string | null)[] {
  return splitList(raw, name).map((v) => {
    if (nullable && v === 'null') return null;
    if (!allowed.includes(v)) {
      throw unknownValue(name, nullable ? [...allowed, 'null'] : allowed);
    }
    return v;
  });
}

export function parseSlugList(raw: string, name: string): string[] {
  return splitList(raw, name).map((v) => {
    if (!SLUG_RE.test(v)) throw badParameter(name, `Parameter '${name}' must be slugs of [a-z0-9-]`);
    return v;
  });
}

export function parseSeasonSlug(raw: string, name: string): string {
  const m = SEASON_SLUG_RE.exec(raw.trim());
  if (!m || Number(m[2]) !== Number(m[1]) + 1) {
    throw badParameter(name, `Parameter '${name}' must be a season slug such as 2023-2024`);
  }
  return raw.trim();
}

export function parseSeasonList(raw: string, name: string): string[] {
  return splitList(raw, name).map((v) => parseSeasonSlug(v, name));
}

/** ISO 8601 date-time, normalised to UTC `YYYY-MM-DDTHH:MM:SS.sssZ`. */
export function parseDateTime(raw: string, name: string): string {
  const ok = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(raw.trim());
  const t = ok ? Date.parse(raw.trim()) : Number.NaN;
  if (Number.isNaN(t)) {
    throw badParameter(name, `Parameter '${name}' must be an ISO 8601 date-time such as 2024-01-31T00:00:00Z`);
  }
  return new Date(t).toISOString();
}

export function parseBool(raw: string, name: string): boolean {
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw badParameter(name, `Parameter '${name}' must be true or false`, ['true', 'false']);
}

/** A non-empty free-text value (at most 200 characters). */
export function parseText(raw: string, name: string): string {
  const v = raw.trim();
  if (v === '' || v.length > 200) throw badParameter(name, `Parameter '${name}' must be 1 to 200 characters`);
  return v;
}
