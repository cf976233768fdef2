import type { LinkContext } from '../../../query/types.ts';

/**
 * URLs inside records. `_links` point at the resource on this service and, like the real service,
 * carry the caller's `apiKey` when it came as a query parameter (real-service-notes). Images point at
 * placeholder SVGs the service itself serves under `/assets/` (no external hosts).
 */
export function selfLinks(links: LinkContext, path: string): string[] {
  const key = links.apiKey === null ? '' : `?apiKey=${encodeURIComponent(links.apiKey)}`;
  return [`${links.base}${path}${key}`];
}

/** A placeholder image URL: `/assets/{kind}/{id}/{variant}.svg`. */
export function asset(links: LinkContext, kind: string, id: string | number, variant: string): string {
  return `${links.origin}/assets/${kind}/${encodeURIComponent(String(id))}/${variant}.svg`;
}

/** Season reference object from its slug (spec, "Season"): `2023-2024` → startYear 2023, endYear 2024. */
export function season(slug: string | null): { slug: string; startYear: number; endYear: number } | null {
  if (slug === null) return null;
  return { slug, startYear: Number(slug.slice(0, 4)), endYear: Number(slug.slice(5, 9)) };
}

/** Age in whole years today (UTC) from a date of birth, else from the year of birth; null if neither. */
export function ageToday(dateOfBirth: string | null, yearOfBirth: number | null, now = new Date()): number | null {
  if (yearOfBirth === null && dateOfBirth === null) return null;
  const year = dateOfBirth ? Number(dateOfBirth.slice(0, 4)) : (yearOfBirth as number);
  const today = now.toISOString().slice(5, 10);
  return now.getUTCFullYear() - year - (dateOfBirth && today < dateOfBirth.slice(5, 10) ? 1 : 0);
}

/**
 * The same age as {@link ageToday}, as SQL over a players/staff alias `p` (so sorting by age in SQL
 * agrees with the served `age`).
 */
export const AGE_SQL = (p: string) =>
  `(CAST(strftime('%Y','now') AS INTEGER) - COALESCE(CAST(substr(${p}.dateOfBirth,1,4) AS INTEGER), ${p}.yearOfBirth)` +
  ` - CASE WHEN ${p}.dateOfBirth IS NOT NULL AND strftime('%m-%d','now') < substr(${p}.dateOfBirth,6,5) THEN 1 ELSE 0 END)`;

export function parseJsonArray(text: string | null): string[] {
  if (!text) return [];
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}
