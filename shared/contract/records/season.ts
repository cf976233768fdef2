/** Newest season first, by start year (then slug). */
export function byNewestSeason<T extends { slug: string; startYear?: number | null }>(a: T, b: T): number {
  const ya = a.startYear ?? Number(a.slug.slice(0, 4));
  const yb = b.startYear ?? Number(b.slug.slice(0, 4));
  return yb - ya || b.slug.localeCompare(a.slug);
}

/**
 * Seasons newest first, one per slug (a team that played two leagues in a season is listed twice by
 * `/teams/{id}/seasons`); entries without a slug are dropped.
 */
export function uniqueSeasons<T extends { slug: string; startYear?: number | null }>(seasons: readonly T[]): T[] {
  const seen = new Set<string>();
  return seasons
    .filter((s) => typeof s?.slug === 'string')
    .sort(byNewestSeason)
    .filter((s) => !seen.has(s.slug) && seen.add(s.slug));
}

/** The start year of a season slug (`2017-2018` → 2017), or NaN when it is not one. */
export function seasonStartYear(slug: string): number {
  const m = /^(\d{4})-\d{4}$/.exec(slug);
  return m ? Number(m[1]) : Number.NaN;
}
