import type { SQLInputValue } from 'node:sqlite';
import { forbidden } from '../query/errors.ts';
import type { Category } from './categories.ts';

/** What one key may see (spec, "Authentication" 6). `null` scopes mean "everything". */
export interface Subscription {
  organisation: string;
  /** Allowed league slugs, or null for all leagues. */
  leagues: ReadonlySet<string> | null;
  /** Allowed season range by slug (inclusive), or null for all seasons. */
  seasons: { from: string; to: string } | null;
  /** Allowed data categories, or null for all. */
  categories: ReadonlySet<Category> | null;
}

/** Builds a subscription from a keys-file entry. */
export function subscriptionFrom(entry: {
  organisation: string;
  leagues: '*' | string[];
  seasons: '*' | { from: string; to: string };
  categories: '*' | Category[];
}): Subscription {
  return {
    organisation: entry.organisation,
    leagues: entry.leagues === '*' ? null : new Set(entry.leagues),
    seasons: entry.seasons === '*' ? null : { ...entry.seasons },
    categories: entry.categories === '*' ? null : new Set(entry.categories),
  };
}

/** A SQL condition with its bound values. */
export interface SqlPart {
  sql: string;
  params: SQLInputValue[];
}

/** SQL that keeps rows whose league column is within the subscription (null when all leagues are allowed). */
export function leagueScope(sub: Subscription, column: string): SqlPart | null {
  if (!sub.leagues) return null;
  return { sql: `${column} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify([...sub.leagues])] };
}

/** SQL that keeps rows whose season slug column is within the subscription's range. */
export function seasonScope(sub: Subscription, column: string): SqlPart | null {
  if (!sub.seasons) return null;
  return { sql: `${column} BETWEEN ? AND ?`, params: [sub.seasons.from, sub.seasons.to] };
}

export function leagueAllowed(sub: Subscription, slug: string | null): boolean {
  return sub.leagues === null || (slug !== null && sub.leagues.has(slug));
}

export function seasonAllowed(sub: Subscription, slug: string): boolean {
  return sub.seasons === null || (slug >= sub.seasons.from && slug <= sub.seasons.to);
}

/** Throws 403 unless the league is in the subscription; the message never repeats the slug asked for. */
export function assertLeague(sub: Subscription, slug: string | null, parameter?: string): void {
  if (!leagueAllowed(sub, slug)) {
    throw forbidden(
      slug === null
        ? 'This team plays in no league of your subscription'
        : `${parameter ? `A league in '${parameter}'` : 'The league in the path'} is outside your subscription${
            sub.leagues ? ` (your leagues: ${[...sub.leagues].sort().join(', ')})` : ''
          }`,
      parameter,
    );
  }
}

/** Throws 403 unless the season is in the subscription's range. */
export function assertSeason(sub: Subscription, slug: string, parameter?: string): void {
  if (!seasonAllowed(sub, slug)) {
    const range = sub.seasons ? ` (${sub.seasons.from} to ${sub.seasons.to})` : '';
    const which = parameter ? `A season in '${parameter}'` : 'The season in the path';
    throw forbidden(`${which} is outside your subscription${range}`, parameter);
  }
}

/** Throws 403 unless the operation's data category is in the subscription. */
export function assertCategory(sub: Subscription, category: Category): void {
  if (sub.categories !== null && !sub.categories.has(category)) {
    throw forbidden(`The data category '${category}' is outside your subscription`);
  }
}
